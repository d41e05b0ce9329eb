import type { PrizeTableOdds } from '@sweepstack/contracts/rewards/prize';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { prizeText } from './prize-text';

/** One wheel's published odds: every segment's prize and its chance in %, from the weights the draws use. */
export function OddsTable({ table, title }: { table: PrizeTableOdds; title: string }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="w-full text-left text-sm" data-testid={`odds-${table.slug}`}>
      <caption className="pb-1 text-left font-bold">{title}</caption>
      <thead>
        <tr className="text-xs uppercase tracking-wide text-muted">
          <th scope="col" className="py-1 font-semibold">
            {t('wheelOfTreasure.odds.prize')}
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            {t('wheelOfTreasure.odds.chance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {table.segments.map((segment) => (
          <tr key={segment.index} className="border-t border-line">
            <td className="py-1">{prizeText(segment.prize, t, i18n.language)}</td>
            <td className="py-1 text-right tabular-nums">{formatNumber(segment.percent, 2, i18n.language)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
