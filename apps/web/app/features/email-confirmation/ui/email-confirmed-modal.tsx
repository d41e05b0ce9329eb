import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { dropEmailVerifiedParam } from './email-verified-param';

/** Tells the player their email address is confirmed (openNotify=EMAIL_VERIFIED). */
export default function EmailConfirmed({ onDone }: ModalProps) {
  const { t } = useTranslation();
  useEffect(dropEmailVerifiedParam, []);
  return (
    <>
      <Dialog.Title className="text-2xl font-extrabold">{t('emailConfirmed.title')}</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">{t('emailConfirmed.text')}</Dialog.Description>
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={onDone}>
        {t('common.ok')}
      </button>
    </>
  );
}
