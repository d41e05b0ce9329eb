import type { PrizeTableOdds } from '@sweepstack/contracts/rewards/prize';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../../../lib/format';
import { tablePrizeText } from './prize-text';

/** The card's published odds: every prize and its chance, from the weights the draws use. */
export function OddsTable({ table }: { table: PrizeTableOdds }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="w-full text-left text-sm" data-testid="scratch-odds">
      <caption className="pb-1 text-left font-bold">{t('scratchCards.odds.caption')}</caption>
      <thead>
        <tr className="text-xs uppercase tracking-wide text-muted">
          <th scope="col" className="py-1 font-semibold">
            {t('scratchCards.odds.prize')}
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            {t('scratchCards.odds.chance')}
          </th>
        </tr>
      </thead>
      <tbody>
        {table.segments.map((segment) => (
          <tr key={segment.index} className="border-t border-line">
            <td className="py-1">{tablePrizeText(segment.prize, t, i18n.language)}</td>
            <td className="py-1 text-right tabular-nums">{formatNumber(segment.percent, 2, i18n.language)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
