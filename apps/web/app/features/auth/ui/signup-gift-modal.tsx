import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../../i18n/use-translation';
import { formatFortuneCoins, formatGoldCoins } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import type { ModalProps } from '../../../platform/feature';
import { useLiveBalance } from '../../shell/live-balance';

/**
 * The first thing a new player sees after signing up: welcome, and what the sign-up gift put in the
 * balance. Opened by the preset package trigger before any offer (features/cash/preset-package.tsx);
 * the balance is the gift at that moment (the account was created with nothing else in it).
 */
export default function SignupGiftModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const live = useLiveBalance((s) => s.balance);
  const balance = live ?? root.player?.balance ?? { tourPoints: 0, entries: 0 };
  return (
    <div data-testid="signup-gift-welcome">
      <Dialog.Title className="pr-10 text-2xl font-extrabold">{root.player?.login ? t('auth.signupGift.titleNamed', { name: root.player.login }) : t('auth.signupGift.title')}</Dialog.Title>
      <Dialog.Description className="mt-3">
        {t('auth.signupGift.text', { coins: formatGoldCoins(balance.tourPoints, root.locale), entries: formatFortuneCoins(balance.entries, root.locale) })}
      </Dialog.Description>
      <p className="mt-2 text-muted">{t('auth.signupGift.hint')}</p>
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={onDone} autoFocus>
        {t('auth.signupGift.ok')}
      </button>
    </div>
  );
}
