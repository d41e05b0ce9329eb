import type { PaymentResponse } from '@sweepstack/contracts/cashier/payment';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { useLiveBalance } from '../shell/live-balance';
import { formatUsd } from './limits';

/**
 * The success page's receipt: what was paid, what it credited, the balance now, and the payment's
 * reference and date, read from the payment itself (GET /rest/cash/payments/{id}/).
 */
export function Receipt({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const live = useLiveBalance((s) => s.balance);
  const balance = live ?? root.player?.balance ?? null;
  const [payment, setPayment] = useState<PaymentResponse['data'] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    http<PaymentResponse>('/rest/cash/payments/{id}/', { params: { id: paymentId } })
      .then((answer) => !cancelled && setPayment(answer.data))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [paymentId]);

  if (failed) return <p className="text-muted">{t('cash.receipt.reference', { id: paymentId })}</p>;
  if (!payment) return <p role="status" className="text-muted">{t('common.pleaseWait')}</p>;
  const at = payment.completedAtMs ?? payment.createdAtMs;
  const rows: Array<[string, string, string]> = [
    ['paid', t('cash.receipt.paid'), formatUsd(payment.amountCents, root.locale)],
    ['credited', t('cash.receipt.credited'), `${formatGoldCoins(payment.goldCoins, root.locale)} ${t('balance.gold')} + ${formatFortuneCoins(payment.fortuneCents / 100, root.locale)} ${t('balance.fortune')}`],
    ...(balance ? ([['balance', t('cash.receipt.balance'), `${formatGoldCoins(balance.tourPoints, root.locale)} ${t('balance.gold')} · ${formatFortuneCoins(balance.entries, root.locale)} ${t('balance.fortune')}`]] as Array<[string, string, string]>) : []),
    ['reference', t('cash.receipt.referenceLabel'), payment.paymentId],
    ['date', t('cash.receipt.date'), new Date(at).toLocaleString(root.locale, { dateStyle: 'medium', timeStyle: 'short' })],
  ];
  return (
    <dl className="card grid gap-2 p-3 text-left text-sm" data-testid="cash-receipt">
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex flex-wrap justify-between gap-x-3" data-testid={`receipt-${key}`}>
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-all text-right font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
