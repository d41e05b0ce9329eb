import { lazy, Suspense, useEffect } from 'react';
import { useNavigation } from 'react-router';
import { rememberNavigationTarget, reloadOnce, takePendingTarget } from '../../lib/chunk-reload';
import { withFullDictionary } from '../../i18n/i18n';
import { useRootData } from '../../lib/root-data';
import { useAppUpdate } from '../app-update/use-app-update';
import { CashLauncher } from '../cash/cash-launcher';
import { CookieConsentBanner } from '../cookie-consent/banner';
import { DeepLinks } from '../deep-links/deep-links';
import { useModals } from '../modals/modal-store';
import { TermsGuard } from '../modals/terms-guard';
import { RealityCheckLauncher } from '../responsible-play/reality-check-launcher';
import { FeatureBackgroundsLauncher } from '../../platform/feature-backgrounds-launcher';
import { FeatureTimersLauncher } from '../../platform/feature-timers-launcher';
import { Toaster } from '../toasts/toaster';
import { InactivityReload } from './inactivity-reload';
import { LiveSession } from './live-session';

// Modals render namespaces a page does not embed: the chunk waits for the whole dictionary.
const ModalStack = lazy(withFullDictionary(() => import('../modals/modal-stack')));

let crashNoteLogged = false;

/** App-wide pieces present on every layout: modals, toasts, consent, deep links, update check. */
export function GlobalUi() {
  const root = useRootData();
  const hasModals = useModals((s) => s.stack.length > 0);
  useAppUpdate(root.buildId);

  useEffect(() => {
    if (!root.crashReporting && !crashNoteLogged) {
      crashNoteLogged = true;
      console.info('Crash reporting disabled: no SENTRY_DSN');
    }
  }, [root.crashReporting]);

  const navigation = useNavigation();
  const navigationTarget = navigation.location ? navigation.location.pathname + navigation.location.search + navigation.location.hash : null;
  useEffect(() => {
    rememberNavigationTarget(navigationTarget);
  }, [navigationTarget]);

  useEffect(() => {
    const current = window.location.pathname + window.location.search + window.location.hash;
    const target = takePendingTarget(current);
    if (target) window.location.replace(target);
  }, []);

  useEffect(() => {
    // A lazy chunk that fails to preload (new deployment): reload the page once (spec §4).
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadOnce(window.location.href);
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  return (
    <>
      <DeepLinks />
      <LiveSession player={root.player} />
      <CashLauncher enabled={!root.isGuest} />
      <RealityCheckLauncher enabled={!root.isGuest} />
      <FeatureTimersLauncher states={root.player?.features ?? null} />
      <InactivityReload />
      <FeatureBackgroundsLauncher isGuest={root.isGuest} states={root.player?.features ?? root.guestFeatures ?? null} />
      {root.player?.hasUnconfirmedTerms && <TermsGuard />}
      {hasModals && (
        <Suspense fallback={null}>
          <ModalStack />
        </Suspense>
      )}
      <Toaster />
      {!root.consent.given && <CookieConsentBanner initial={root.consent.enabled} />}
    </>
  );
}
