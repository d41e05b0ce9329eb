import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../features/coming-soon/empty-state';
import { formatFortuneCoins, formatGoldCoins } from '../lib/format';
import { useRootData } from '../lib/root-data';
import { metaTitle } from '../lib/meta';
import type { Route } from './+types/lobby';

/** The player home: greeting, balances and the game lobby (coming soon). */
export function PlayerWelcome() {
  const { t } = useTranslation();
  const root = useRootData();
  const player = root.player;
  const balance = player?.balance ?? { tourPoints: 0, entries: 0 };
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="text-3xl font-extrabold">
          {player?.login ? t('lobby.welcomeNamed', { name: player.login }) : t('lobby.welcome')}
        </h1>
        <dl className="mt-4 grid max-w-xl grid-cols-2 gap-3">
          <div className="card p-4">
            <dt className="text-sm text-muted">{t('balance.gold')}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{formatGoldCoins(balance.tourPoints, root.locale)}</dd>
          </div>
          <div className="card p-4">
            <dt className="text-sm text-muted">{t('balance.fortune')}</dt>
            <dd className="text-2xl font-extrabold tabular-nums">{formatFortuneCoins(balance.entries, root.locale)}</dd>
          </div>
        </dl>
      </section>
      <ComingSoon feature="lobby" headingLevel={2} />
    </div>
  );
}

export default function Lobby() {
  return <PlayerWelcome />;
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.lobby.name');
