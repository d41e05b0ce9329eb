import { localeFromPath } from '../lib/locale';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router';
import { withFullDictionary } from '../i18n/i18n';
import { useLocalize } from '../lib/use-paths';
import { LobbyView } from '../features/games/lobby-view';
import { loadLobby } from '../features/games/lobby-data.server';
import type { LobbyData } from '../features/games/types';
import { getSession } from '../lib/session.server';
import { useRootData } from '../lib/root-data';
import { usePlayerOverlay } from '../lib/player-overlay';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/lobby';
import { revalidateUnlessGameQuery } from '../features/games/revalidate';

// The cards are the promotions feature's (their strings and card definitions load with them).
const HomePromotions = lazy(withFullDictionary(() => import('../features/promotions/ui/home-promotions')));

/**
 * The home page's promotions (spec §2 "Home: banners, promotions, jackpot"): the heading is in the
 * page; the cards render in the browser once their chunk is there, in a reserved space.
 */
function PromotionsSection({ lobby }: { lobby: LobbyData }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { locale } = useRootData();
  const [mounted, setMounted] = useState(false);
  const [empty, setEmpty] = useState(false);
  const hide = useCallback(() => setEmpty(true), []);
  useEffect(() => setMounted(true), []);
  // A neutral page (the cached lobby) keeps the section's place, and its cards load after the page.
  if (empty || (lobby.promotions.length === 0 && !lobby.neutral?.hasPromotions)) return null;
  return (
    <section aria-labelledby="home-promotions-title" className="flex flex-col gap-3" data-testid="home-promotions">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="home-promotions-title" className="section-title min-w-0 text-xl font-extrabold">
          {t('lobby.promotionsTitle')}
        </h2>
        <Link to={localize('/promotions/')} className="shrink-0 whitespace-nowrap text-sm font-semibold underline underline-offset-4">
          {t('lobby.promotionsAll')}
        </Link>
      </div>
      <div className="min-h-64">
        {mounted && (
          <Suspense fallback={null}>
            <HomePromotions promotions={lobby.promotions} {...(lobby.neutral ? { loadIn: locale, onEmpty: hide } : {})} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** The player home: greeting, the player's promotions and the game lobby. */
export function PlayerLobby({ lobby: rendered }: { lobby: LobbyData }) {
  const { t } = useTranslation();
  const overlay = usePlayerOverlay();
  // The cached lobby is rendered without its player: their favorites come with the page.
  const lobby = useMemo(() => (rendered.neutral && overlay ? { ...rendered, favorites: overlay.favorites } : rendered), [rendered, overlay]);
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
      <PromotionsSection lobby={lobby} />
      <LobbyView data={lobby} />
    </div>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  return loadLobby(context, !session.isGuest, { appInit: session.appInit, locale: localeFromPath(new URL(request.url).pathname).locale, neutral: session.neutral });
}

export default function Lobby({ loaderData }: Route.ComponentProps) {
  return <PlayerLobby lobby={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.lobby.name');

export const shouldRevalidate = revalidateUnlessGameQuery;

/** The lobby's rows use the whole width of the screen (features/shell/shell.tsx). */
export const handle = { wide: true };
