import type { PromoOfferPreset } from '@sweepstack/contracts/promo-offers/preset';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { formatUsd } from '../../cash/limits';

/** One offer in a line: its coins and its price (the struck usual price when it is lower). */
export function OfferLine({ preset, locale }: { preset: Pick<PromoOfferPreset, 'coins' | 'entries' | 'priceCents' | 'usualPriceCents'>; locale: string }) {
  const { t } = useTranslation();
  return (
    <p className="card mt-4 p-3 text-center font-bold tabular-nums" data-testid="promo-offer-line">
      {formatGoldCoins(preset.coins, locale)} {t('balance.gold')} + {formatFortuneCoins(preset.entries, locale)} {t('balance.fortune')} ·{' '}
      {preset.usualPriceCents > preset.priceCents && <s className="mr-1 text-muted">{formatUsd(preset.usualPriceCents, locale)}</s>}
      {formatUsd(preset.priceCents, locale)}
    </p>
  );
}
