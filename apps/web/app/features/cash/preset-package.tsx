import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { CloseIcon } from '../../components/icons';
import { trackOpenPopup } from '../../lib/analytics';
import { parseCookies } from '../../lib/cookies';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { useModals } from '../modals/modal-store';
import { cashHash } from './cash-route';
import { usePackages } from './deposit-flow';
import { formatUsd } from './limits';
import { takeSignupGiftMark } from '../auth/signup-gift';
import { choosePresetOffer, PRESET_PACKAGE_COOKIE, PRESET_PACKAGE_OPEN_AFTER_LOAD_MS, PRESET_PACKAGE_REMIND_S, presetPackageDelayMs, shouldOpenPresetPackage } from './preset-package-rule';

function PresetPackageDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { packages, welcome } = usePackages();
  // The welcome offer first, then a pop-up offer this player can buy now, then the pack's next step (features/promo-offers).
  const choice = choosePresetOffer({ welcome, packages, popupIds: root.player?.features['promo-offers']?.offerIds ?? [] });
  const offer = choice?.offer ?? null;
  const kind = choice?.kind ?? 'package';
  useEffect(() => trackOpenPopup('preset_package', 'cash_widget'), []);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70" />
        <Dialog.Content
          data-testid="modal-preset-package"
          data-offer-kind={kind}
          className="fixed left-1/2 top-1/2 z-[61] max-h-[90dvh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme-lg border border-line bg-surface p-6 text-fg shadow-2xl"
        >
          <Dialog.Close className="btn btn-ghost btn-icon absolute right-3 top-3" aria-label={t('common.close')}>
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="pr-10 text-2xl font-extrabold">{t(kind === 'welcome' ? 'promoOffers.welcome.title' : kind === 'popup' ? 'promoOffers.popup.title' : 'cash.preset.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">{t(kind === 'welcome' ? 'promoOffers.welcome.text' : kind === 'popup' ? 'promoOffers.popup.text' : 'cash.preset.text')}</Dialog.Description>
          {kind === 'popup' && offer?.imagePopup && <img src={offer.imagePopup} alt="" width={320} height={160} className="mx-auto mt-4 h-auto w-full max-w-xs rounded-theme-lg" data-testid="preset-package-image" />}
          {offer && (
            <p className="card mt-4 p-3 text-center font-bold tabular-nums">
              {formatGoldCoins(offer.coins, root.locale)} {t('balance.gold')} + {formatFortuneCoins(offer.entries, root.locale)} {t('balance.fortune')} ·{' '}
              {offer.usualPriceCents > offer.priceCents && <s className="mr-1 text-muted">{formatUsd(offer.usualPriceCents, root.locale)}</s>}
              {formatUsd(offer.priceCents, root.locale)}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary mt-6 w-full"
            disabled={!offer}
            onClick={() => {
              onClose();
              if (offer) window.location.hash = offer.promoOffer ? cashHash({ kind: 'promo-offer', presetId: offer.id, outsidePromoOffer: false }) : cashHash({ kind: 'preset', presetId: offer.id, inviteQualification: false });
            }}
          >
            {t('cash.preset.buy')}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Spec §4/§9: the preset package modal opens for ACTIVE accounts and again an hour later (the
 * `presetPackageModal` cookie remembers it for that hour). Never over another modal or the cashbox.
 * Right after sign-up the sign-up gift is acknowledged first (the `signup-gift` modal of the auth
 * feature): the offer's 5 s count starts only once that modal is closed.
 */
export function PresetPackageTrigger() {
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const accountStatus = root.player?.accountStatus ?? null;
  const isPlayer = root.player !== null;
  useEffect(() => {
    let timer: number | undefined;
    let unsubscribe: (() => void) | undefined;
    const schedule = (delayMs: number) => {
      timer = window.setTimeout(() => {
        const cookies = parseCookies(document.cookie);
        const busy = useModals.getState().stack.length > 0 || window.location.hash.includes('cash') || window.location.hash.includes('verify');
        if (!shouldOpenPresetPackage({ accountStatus, cookie: cookies[PRESET_PACKAGE_COOKIE], busy, path: window.location.pathname })) return;
        document.cookie = `${PRESET_PACKAGE_COOKIE}=1; Path=/; Max-Age=${PRESET_PACKAGE_REMIND_S}; SameSite=Lax`;
        setOpen(true);
      }, delayMs);
    };
    if (isPlayer && takeSignupGiftMark()) {
      const modals = useModals.getState();
      const giftId = modals.open('signup-gift');
      unsubscribe = useModals.subscribe((state) => {
        if (state.stack.some((entry) => entry.id === giftId)) return;
        unsubscribe?.();
        unsubscribe = undefined;
        schedule(PRESET_PACKAGE_OPEN_AFTER_LOAD_MS);
      });
    } else {
      schedule(presetPackageDelayMs(performance.now()));
    }
    return () => {
      window.clearTimeout(timer);
      unsubscribe?.();
    };
  }, [accountStatus, isPlayer]);
  return open ? <PresetPackageDialog onClose={() => setOpen(false)} /> : null;
}
