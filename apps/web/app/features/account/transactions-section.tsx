import type { TransactionItem, TransactionsResponse } from '@sweepstack/contracts/cashier/transactions';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http } from '../../lib/http';
import { formatUsd } from '../cash/limits';

type Item = TransactionItem;

/** The transaction history (docs/cashier.md), newest first, a page at a time. */
export function TransactionsSection({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  const load = useCallback((from: number | null) => {
    setState('loading');
    http<TransactionsResponse>('/rest/player/transactions/', { query: { limit: 20, cursor: from ?? undefined } })
      .then(({ data }) => {
        setItems((old) => (from === null ? data.items : [...old, ...data.items]));
        setCursor(data.nextCursor);
        setState('ready');
      })
      .catch(() => setState('error'));
  }, []);
  useEffect(() => load(null), [load]);

  const coins = (currency: 'GC' | 'FC', amount: number) => (currency === 'GC' ? `${formatGoldCoins(amount, locale)} GC` : `${formatFortuneCoins(amount, locale)} FC`);
  const describe = (item: Item): string => {
    switch (item.type) {
      case 'purchase':
        return t('account.transactions.purchase', {
          gold: formatGoldCoins(item.goldCoins, locale),
          fortune: formatFortuneCoins(item.fortuneCoins, locale),
          price: item.amountCents === null ? '' : formatUsd(item.amountCents, locale),
        });
      case 'play':
        return t('account.transactions.play', { rounds: item.rounds, bet: coins(item.currency, item.betTotal), win: coins(item.currency, item.winTotal) });
      case 'redemption':
        return t(`account.transactions.redemption.${item.state}`, { amount: coins(item.currency, item.amount) });
      default:
        return t(`account.transactions.${item.type}`, { amount: coins(item.currency, item.amount) });
    }
  };

  return (
    <section id="transactions" aria-labelledby="transactions-title" className="card scroll-mt-20 p-4 sm:p-6">
      <h2 id="transactions-title" className="text-xl font-bold">
        {t('account.transactions.title')}
      </h2>
      {state === 'error' && (
        <p role="alert" className="mt-3">
          {t('account.transactions.failed')}
        </p>
      )}
      {state !== 'error' && items.length === 0 && state === 'ready' && <p className="mt-3 text-muted">{t('account.transactions.empty')}</p>}
      <ul className="mt-3 grid gap-2" data-testid="transactions">
        {items.map((item) => (
          <li key={`${item.type}-${item.id}`} className="flex flex-wrap justify-between gap-2 rounded-theme border border-line p-2 text-sm">
            <span>{describe(item)}</span>
            <time className="text-muted" dateTime={new Date(item.createdAtMs).toISOString()}>
              {new Date(item.createdAtMs).toLocaleString(locale)}
            </time>
          </li>
        ))}
      </ul>
      {cursor !== null && (
        <button type="button" className="btn btn-ghost mt-3" disabled={state === 'loading'} onClick={() => load(cursor)}>
          {t('account.transactions.more')}
        </button>
      )}
    </section>
  );
}
