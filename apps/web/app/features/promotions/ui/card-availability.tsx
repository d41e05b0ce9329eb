import { useTranslation } from '../../../i18n/use-translation';
import { formatCountdown, useCountdown } from '../../../platform/countdown';

/**
 * A card's next availability, as the sidebar shows a feature's (platform/nav-availability.tsx):
 * "Ready" when the player can act now, else the time left, ticking every second (spec §9). At zero
 * it turns into "Ready" and `onReady` runs (the page then reloads its cards).
 */
export function CardAvailability({ availableAtMs, onReady }: { availableAtMs: number | null; onReady?: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(availableAtMs, onReady);
  if (availableAtMs === null || left === 0) {
    return (
      <span className="shrink-0 rounded-full bg-accent px-2.5 py-0.5 text-xs font-bold text-on-accent" data-testid="promotion-ready">
        {t('promotions.card.ready')}
      </span>
    );
  }
  if (left === null) return null;
  return (
    <span className="shrink-0 rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold tabular-nums" data-testid="promotion-countdown">
      <span className="sr-only">{t('promotions.card.availableIn')} </span>
      {formatCountdown(left)}
    </span>
  );
}
