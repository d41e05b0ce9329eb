import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/icons';
import { useLocalize } from '../../lib/use-paths';
import { REDEEM_METHODS, type RedeemMethod } from './redeem-rules';

/**
 * The insufficient withdrawal modal (spec §4 modals, §5 redeem): the redeemable winnings are below
 * the minimum of every method, or of the method the player chose. A Radix dialog over the cash
 * widget: labelled by its title, described by its text, focus kept inside, Escape and Close close it.
 */
export function InsufficientWithdrawalModal({
  open,
  onOpenChange,
  redeemable,
  minimums,
  method,
  fc,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** FC hundredths. */
  redeemable: number;
  minimums: Record<RedeemMethod, number>;
  /** The method the player chose, or null when no method can be used. */
  method: RedeemMethod | null;
  fc(hundredths: number): string;
}) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const methods = method ? [method] : REDEEM_METHODS;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content
          data-testid="insufficient-withdrawal"
          className="fixed left-1/2 top-1/2 z-[71] max-h-[90dvh] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-theme-lg border border-line bg-surface p-6 text-fg shadow-2xl"
        >
          <Dialog.Close className="btn btn-ghost btn-icon absolute right-3 top-3" aria-label={t('common.close')}>
            <CloseIcon />
          </Dialog.Close>
          <Dialog.Title className="pr-10 text-2xl font-extrabold">{t('redeem.insufficient.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted">{t('redeem.insufficient.text', { available: fc(redeemable) })}</Dialog.Description>
          <ul className="mt-4 grid gap-2">
            {methods.map((m) => (
              <li key={m} className="card flex flex-wrap justify-between gap-2 p-3">
                <span className="font-bold">{t(`redeem.methods.${m}`)}</span>
                <span className="tabular-nums">{t('redeem.insufficient.needs', { minimum: fc(minimums[m]), missing: fc(Math.max(minimums[m] - redeemable, 0)) })}</span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">{t('redeem.insufficient.howTo')}</p>
          <div className="mt-6 flex flex-col gap-2">
            <Link className="btn btn-primary" to={localize('/lobby/')} onClick={() => onOpenChange(false)}>
              {t('redeem.insufficient.play')}
            </Link>
            <Dialog.Close className="btn btn-ghost">{t('redeem.insufficient.close')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
