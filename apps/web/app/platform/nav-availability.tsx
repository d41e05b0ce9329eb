import { useTranslation } from '../i18n/use-translation';
import { formatCountdown, useCountdown } from './countdown';

/**
 * Beside a feature's sidebar entry (issue §5 "sidebar entries show the next availability"): a "Ready"
 * badge when the player can act now, else the time until then, ticking every second (spec §9). The
 * feature's `availableAtMs` (server: its `times` in app init's featureTimes) decides; at zero the
 * countdown turns into the badge. Nothing during the server render unless it is ready already
 * (`0`: never used), since the two clocks differ.
 */
export function NavAvailability({ availableAtMs }: { availableAtMs: number }) {
  const { t } = useTranslation();
  const left = useCountdown(availableAtMs);
  const ready = left === null ? availableAtMs === 0 : left === 0;
  if (ready) {
    return (
      <span className="ml-auto rounded-full bg-accent px-2 text-xs font-bold text-on-accent" data-testid="nav-ready">
        {t('sidebar.ready')}
      </span>
    );
  }
  if (left === null) return null;
  return (
    <span className="ml-auto text-xs font-semibold tabular-nums" data-testid="nav-countdown">
      <span className="sr-only">{t('sidebar.availableIn')} </span>
      {formatCountdown(left)}
    </span>
  );
}
