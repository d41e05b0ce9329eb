import type { BingoCard as Card } from '@sweepstack/contracts/bingo/game-data';
import { useTranslation } from '../../../i18n/use-translation';

const LETTERS = ['B', 'I', 'N', 'G', 'O'];

/** The 5 × 5 card as a table: marked cells say so in words too (not by colour alone). */
export function BingoCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  return (
    <table className="mx-auto border-separate border-spacing-1 text-center" data-testid="bingo-card">
      <caption className="sr-only">{t('bingo.card.caption', { count: card.marked.filter(Boolean).length })}</caption>
      <thead>
        <tr>
          {LETTERS.map((l) => (
            <th key={l} scope="col" className="w-12 text-lg font-extrabold sm:w-14">
              {l}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {[0, 1, 2, 3, 4].map((row) => (
          <tr key={row}>
            {[0, 1, 2, 3, 4].map((column) => {
              const cell = row * 5 + column;
              const marked = card.marked[cell];
              const number = card.numbers[cell];
              return (
                <td key={column} className={`h-12 w-12 rounded-lg font-bold sm:h-14 sm:w-14 ${marked ? 'bg-primary text-on-primary' : 'bg-raised'}`} data-marked={marked ? 'true' : 'false'}>
                  {number === 0 ? t('bingo.card.free') : number}
                  {marked && <span className="sr-only"> {t('bingo.card.marked')}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
