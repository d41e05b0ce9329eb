import type { GameMode } from '@sweepstack/contracts/app/app-init';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useRevalidator } from 'react-router';
import { AnimatedNumber } from '../../components/animated-number';
import { CoinIcon } from '../../components/icons';
import { trackClickButton } from '../../lib/analytics';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http, HttpError } from '../../lib/http';
import type { PlayerView } from '../../lib/root-data';
import { useModals } from '../modals/modal-store';
import { showToast } from '../toasts/toast-store';
import { useLiveBalance } from './live-balance';

const SWITCH_PATH: Record<GameMode, string> = {
  TournamentPoints: '/rest/player/game-mode/switch-to-tournament-points/',
  SweepStakes: '/rest/player/game-mode/switch-to-sweep-stakes/',
};

/** Both balances (Gold Coins whole, Fortune Coins 2 decimals); the active one is the game mode. */
export function BalanceSwitcher({ player, locale }: { player: PlayerView; locale: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const liveMode = useLiveBalance((s) => s.gameMode);
  const liveBalance = useLiveBalance((s) => s.balance);
  const setMode = useLiveBalance((s) => s.setGameMode);
  const mode: GameMode = liveMode ?? player.gameMode;
  const [busy, setBusy] = useState(false);
  // No balance in a neutral page (the cached lobby, docs/page-serving.md): a placeholder of the same width until the player's data is applied.
  const balance = liveBalance ?? player.balance;

  async function switchTo(next: GameMode) {
    if (next === mode || busy) return;
    trackClickButton(next === 'SweepStakes' ? 'switch_to_fortune_coins' : 'switch_to_gold_coins', 'header');
    setBusy(true);
    try {
      const answer = await http<{ success?: boolean; gameMode?: GameMode }>(SWITCH_PATH[next]);
      setMode(answer.gameMode ?? next);
      void revalidator.revalidate();
    } catch (failure) {
      // Fortune Coins are not offered in the player's state (docs/geo-restriction.md): say so, not "try again".
      if (failure instanceof HttpError && failure.code === 'GEO_SWEEPSTAKES_RESTRICTED') useModals.getState().open('sweepstakes-restricted');
      else showToast('error', t('balance.switchFailed'));
    } finally {
      setBusy(false);
    }
  }

  const option = (value: GameMode, testId: string, label: string, amount: React.ReactNode, tone: 'gold' | 'fortune') => (
    <button
      type="button"
      aria-pressed={mode === value}
      disabled={busy}
      onClick={() => void switchTo(value)}
      className={`flex min-h-10 items-center gap-1 rounded-theme px-1.5 text-sm sm:gap-1.5 sm:px-2.5 font-bold tabular-nums ${mode === value ? 'bg-raised text-fg' : 'text-muted'}`}
    >
      <CoinIcon tone={tone} />
      <span className="sr-only">{label}: </span>
      {/* data-pending: the player's balance is not applied yet (a neutral page), the figure is a placeholder. */}
      <span data-testid={testId} data-pending={balance ? undefined : 'true'}>
        {amount}
      </span>
    </button>
  );

  return (
    <div role="group" aria-label={t('balance.switcher')} className="flex items-center gap-0.5 rounded-theme border border-line bg-bg p-0.5">
      {option('TournamentPoints', 'balance-gold', t('balance.gold'), balance ? <AnimatedNumber value={balance.tourPoints} format={(v) => formatGoldCoins(v, locale)} /> : <BalancePlaceholder />, 'gold')}
      {option('SweepStakes', 'balance-fortune', t('balance.fortune'), balance ? <AnimatedNumber value={balance.entries} format={(v) => formatFortuneCoins(v, locale)} /> : <BalancePlaceholder />, 'fortune')}
    </div>
  );
}

/** Where a balance goes while the page's player data is not applied yet (a few figures wide). */
function BalancePlaceholder() {
  return <span aria-hidden="true" className="inline-block w-[4ch]" />;
}
