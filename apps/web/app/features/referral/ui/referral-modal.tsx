import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalProps } from '../../../platform/feature';
import { useReferralInfo } from './referral-api';
import { CodeAndLink, RewardsTable } from './referral-panel';

/**
 * The referral info modal (spec §2; a backdrop click never closes it): how the program works, the
 * rewards in force and the player's code and link to copy or share; the friends' list is on the page.
 */
export default function ReferralModal({ onDone }: ModalProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { info, failed, load } = useReferralInfo();
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="flex flex-col gap-4" aria-busy={info === null}>
      <div>
        <Dialog.Title className="text-2xl font-extrabold">{t('referral.how.title')}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-muted">{t('referral.how.description')}</Dialog.Description>
      </div>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>{t('referral.how.step1')}</li>
        <li>{t('referral.how.step2')}</li>
        <li>{t('referral.how.step3')}</li>
      </ol>
      {info ? (
        <>
          <CodeAndLink code={info.code} />
          <RewardsTable rewards={info.referralRewards} />
        </>
      ) : (
        <p role="status" className="text-muted">
          {t(failed ? 'referral.failed' : 'referral.loading')}
        </p>
      )}
      <p className="text-xs text-muted">{t('referral.how.rules')}</p>
      <div className="flex flex-wrap gap-2">
        <Link to={localize('/referral-info/')} className="btn btn-primary" onClick={() => onDone()}>
          {t('referral.how.friends')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => onDone()} data-testid="referral-how-close">
          {t('referral.how.close')}
        </button>
      </div>
    </div>
  );
}
