import { useEffect } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useLocation, useNavigate } from 'react-router';
import { trackOpenPopup } from '../../lib/analytics';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { useModals } from '../modals/modal-store';
import { referralCode, SIGNUP_REDIRECT_DELAY_MS } from '../routing/rules';
import { showToast } from '../toasts/toast-store';

/**
 * Query and hash deep links of spec §2. The query parameters that open a modal (openModal,
 * openSupport, openNotify=EMAIL_VERIFIED, game, promoOffer, ...) are declared by the features that
 * own them (feature.ts `deepLinks`); features not built yet open their coming-soon modal; what needs
 * an account sends guests to sign-up. Referral codes and the cash / verify hashes are handled here.
 */
export function DeepLinks() {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const localize = useLocalize();
  const open = useModals((s) => s.open);
  const isGuest = root.isGuest;
  const emailConfirmed = root.player?.emailConfirmed ?? false;

  useEffect(() => {
    if (root.handshakeToast) showToast('error', t(`errors.${root.handshakeToast}`));
    // An aa link the handshake did not accept stays in the address bar: drop it without a reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has('aa')) {
      url.searchParams.delete('aa');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
  }, [root.handshakeToast, t]);

  useEffect(() => {
    const onSignup = /\/signup\/?$/.test(location.pathname);
    // Guests are sent to sign-up (query kept); on the sign-up page itself nothing more happens.
    const toSignup = () => {
      if (!onSignup) navigate(localize(`/signup/${location.search}`));
    };
    let cancelled = false;
    // The features' links (their feature.ts `deepLinks`), in the order of the address's parameters.
    // The registry of feature declarations is not in the first-load JavaScript: it loads for an
    // address with a query only.
    if (location.search.length > 1) {
      void import('../../platform/registry').then(({ registry }) => {
        if (cancelled) return;
        for (const target of registry.resolveDeepLinks(location.search, { isGuest, emailConfirmed })) {
          if (target.param === 'openModal') trackOpenPopup(target.options.feature ?? target.feature, 'deep_link');
          if (target.playersOnly && isGuest) return void toSignup();
          // One modal per link: a second run of this effect for the same address (a remount of the
          // shell) would otherwise stack a second one (and, for a game, a second launch).
          const { stack } = useModals.getState();
          if (!stack.some((m) => m.name === target.modal && m.game === target.options.game && m.feature === target.options.feature)) open(target.modal, target.options);
        }
      });
    }
    const code = referralCode(location.search);
    const timer = isGuest && code && !onSignup ? setTimeout(toSignup, SIGNUP_REDIRECT_DELAY_MS) : undefined;
    // Spec §7: a code the server does not know ('code not found') leaves the address (and its cookies).
    if (code) {
      void import('../referral/ui/referral-link').then(({ dropUnknownReferralCode }) =>
        dropUnknownReferralCode(code, () => {
          if (!cancelled) clearTimeout(timer);
          return !cancelled;
        }),
      );
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // Runs once per navigation (location.key), not when unrelated state changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => {
    const onHash = () => {
      const hash = window.location.hash;
      // Players: the cash widget (features/cash, loaded lazily) opens on these hashes itself.
      if ((hash.includes('cash') || hash.includes('verify')) && isGuest) navigate(localize('/signup/'));
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [isGuest, navigate, localize, open]);

  return null;
}
