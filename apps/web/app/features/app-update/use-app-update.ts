import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { showToast } from '../toasts/toast-store';

/** The build manifest is checked every hour (spec §9). */
export const APP_UPDATE_INTERVAL_MS = 60 * 60 * 1000;

/** True when the latest build differs from the one this page was rendered with. */
export function isNewBuild(current: string | null, latest: string | null): boolean {
  return current !== null && latest !== null && current !== latest;
}

/** Polls /builds/latest.json hourly; a new build id shows the app-update toast (refresh, dismiss). */
export function useAppUpdate(initialBuildId: string | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    let baseline = initialBuildId;
    let notified = false;
    const check = async () => {
      if (notified) return;
      try {
        const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { credentials: 'include' });
        if (!response.ok) return;
        const latest = ((await response.json()) as { id?: unknown }).id;
        if (typeof latest !== 'string') return;
        if (baseline === null) {
          baseline = latest;
          return;
        }
        if (isNewBuild(baseline, latest)) {
          notified = true;
          showToast('app-update', t('appUpdate.message'), [
            { label: t('appUpdate.refresh'), onClick: () => window.location.reload() },
          ]);
        }
      } catch {
        // Offline or server restarting: the next hourly check tries again.
      }
    };
    const timer = setInterval(() => void check(), APP_UPDATE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [initialBuildId, t]);
}

