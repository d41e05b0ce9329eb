import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { ModalProps } from '../../../platform/feature';
import { HowItWorks } from './how-it-works';
import { useWheel } from './wheel-api';

/** "How it works" (spec §2): the rules and every wheel's odds in %, for guests too. */
export default function HowItWorksModal(_props: ModalProps) {
  const { t } = useTranslation();
  const { info, load, failed } = useWheel();
  useEffect(() => {
    if (!info) void load();
  }, [info, load]);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('wheelOfTreasure.howItWorks.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('wheelOfTreasure.howItWorks.description')}</Dialog.Description>
      </div>
      {info ? (
        <HowItWorks info={info} />
      ) : (
        <p role="status" className="text-muted">
          {t(failed ? 'wheelOfTreasure.failed' : 'wheelOfTreasure.loading')}
        </p>
      )}
    </div>
  );
}
