import type { Cashback } from '@sweepstack/contracts/rank-league/cashback';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { useModals } from '../../modals/modal-store';
import { coinsText } from './prize-text';

/** Weekly cashback (spec §3 Cashback): this week's rate, when it is calculated, the reward waiting and its claim. */
export function CashbackCard({ cashback, signedIn }: { cashback: Cashback; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const open = useModals((s) => s.open);
  const when = new Date(cashback.availableAfterDateTime).toLocaleString(i18n.language === 'es' ? 'es-ES' : 'en-US', { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
  return (
    <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="vip-cashback" data-testid="vip-cashback">
      <h2 id="vip-cashback" className="text-xl font-bold">
        {t('vip.cashback.title')}
      </h2>
      <p>{t('vip.cashback.rate', { percent: formatNumber(cashback.currentReward, cashback.currentReward % 1 === 0 ? 0 : 2, i18n.language) })}</p>
      {cashback.nextReward !== null && <p className="text-sm text-muted">{t('vip.cashback.next', { percent: formatNumber(cashback.nextReward, cashback.nextReward % 1 === 0 ? 0 : 2, i18n.language) })}</p>}
      <p className="text-sm text-muted">{t('vip.cashback.calculated', { when })}</p>
      {signedIn && cashback.status === 'available' && cashback.prize ? (
        <div className="flex flex-col gap-2 rounded-lg bg-raised p-3">
          <p className="font-semibold" data-testid="vip-cashback-waiting">
            {t('vip.cashback.waiting', { prize: coinsText(cashback.prize, t, i18n.language) })}
          </p>
          <button type="button" className="btn btn-primary self-start" onClick={() => open('vip-club-claim-reward')} data-testid="vip-claim-open">
            {t('vip.cashback.claim')}
          </button>
        </div>
      ) : (
        signedIn && <p className="text-sm">{t('vip.cashback.none')}</p>
      )}
    </section>
  );
}
