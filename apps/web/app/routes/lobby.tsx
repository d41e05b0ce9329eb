import { localeFromPath } from '../lib/locale';
import { useTranslation } from 'react-i18next';
import { LobbyView } from '../features/games/lobby-view';
import { loadLobby } from '../features/games/lobby-data.server';
import type { LobbyData } from '../features/games/types';
import { getSession } from '../lib/session.server';
import { useRootData } from '../lib/root-data';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/lobby';
import { revalidateUnlessGameQuery } from '../features/games/revalidate';

/** The player home: greeting and the game lobby. */
export function PlayerLobby({ lobby }: { lobby: LobbyData }) {
  const { t } = useTranslation();
  const root = useRootData();
  const player = root.player;
  return (
    <div className="flex flex-col gap-6">
      {/* A newcomer (no game played yet) is welcomed, not welcomed back, and told where the sign-up gift is. */}
      <div>
        <h1 id="welcome-title" className="text-2xl font-extrabold sm:text-3xl">
          {player?.hasPlayed === false
            ? player.login
              ? t('lobby.welcomeNewNamed', { name: player.login })
              : t('lobby.welcomeNew')
            : player?.login
              ? t('lobby.welcomeNamed', { name: player.login })
              : t('lobby.welcome')}
        </h1>
        {player?.hasPlayed === false && <p className="mt-1 text-muted">{t('lobby.giftNote')}</p>}
      </div>
      <LobbyView data={lobby} />
    </div>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  return loadLobby(context, !session.isGuest, { appInit: session.appInit, locale: localeFromPath(new URL(request.url).pathname).locale });
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  return <PlayerLobby lobby={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.lobby.name');

export const shouldRevalidate = revalidateUnlessGameQuery;

/** The lobby's rows use the whole width of the screen (features/shell/shell.tsx). */
export const handle = { wide: true };
