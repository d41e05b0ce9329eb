import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { trackOpenPopup } from '../../lib/analytics';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { useModals } from '../modals/modal-store';
import { openModalFeature, referralCode, SIGNUP_REDIRECT_DELAY_MS } from '../routing/rules';
import { showToast } from '../toasts/toast-store';

/**
 * Query and hash deep links of spec §2: openModal, openSupport, openNotify=EMAIL_VERIFIED, game,
 * promoOffer, referral codes and the cash / verify hashes. Features not built yet open their
 * coming-soon modal; what needs an account sends guests to sign-up.
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
    const params = new URLSearchParams(location.search);
    const onSignup = /\/signup\/?$/.test(location.pathname);
    // Guests are sent to sign-up (query kept); on the sign-up page itself nothing more happens.
    const toSignup = () => {
      if (!onSignup) navigate(localize(`/signup/${location.search}`));
    };
    const feature = openModalFeature(params.get('openModal'));
    if (feature) {
      trackOpenPopup(feature, 'deep_link');
      if (feature === 'tournaments') {
        if (isGuest) return void toSignup();
        open('tournaments');
      } else open('coming-soon', { feature });
    }
    if (params.has('openSupport')) open('coming-soon', { feature: 'support-chat' });
    if (params.get('openNotify') === 'EMAIL_VERIFIED' && emailConfirmed) open('email-confirmed');
    if (params.has('game')) {
      if (isGuest) return void toSignup();
      const game = params.get('game') ?? '';
      // One game modal per link: a second run of this effect for the same address (a remount of the
      // shell) would otherwise stack a second game, and a second launch.
      if (!useModals.getState().stack.some((m) => m.name === 'game' && m.game === game)) open('game', { game, isMoney: params.get('isMoney') === 'true' });
    }
    if (params.has('promoOffer') || params.has('promoOfferSet')) {
      if (isGuest) return void toSignup();
      open('coming-soon', { feature: 'promo-offer' });
    }
    if (isGuest && referralCode(location.search) && !onSignup) {
      const timer = setTimeout(toSignup, SIGNUP_REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
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
