import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useRealtime } from '../../../lib/use-realtime';
import { useLocalize } from '../../../lib/use-paths';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';
import { useModals } from '../../modals/modal-store';
import { useReferralInfo } from './referral-api';
import { ApplyCode, CodeAndLink, FriendsList, RewardsTable, useCoins } from './referral-panel';
import type { Route } from './+types/referral-page';

/**
 * /referral-info, the invite-friends screen (docs/features/referral.md): the player's code and link
 * to copy or share, the rewards in force, and every friend with each step done and what it paid
 * (refreshed when a `referral` push says a reward was paid). Guests read what the program is.
 */
export default function ReferralPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const coins = useCoins();
  const open = useModals((s) => s.open);
  const { info, failed, load } = useReferralInfo();
  useEffect(() => {
    if (!root.isGuest) void load();
  }, [load, root.isGuest]);
  useRealtime('referral', () => void load());

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <FeaturePageHeader title={t('referral.page.title')} intro={t('referral.page.intro')} />

      {root.isGuest ? (
        <div className="card flex flex-col items-center gap-3 p-4 text-center">
          <p>{t('referral.guest')}</p>
          <Link to={localize('/signup/')} className="btn btn-primary">
            {t('referral.signUp')}
          </Link>
        </div>
      ) : !info ? (
        <FeaturePageStatus>{t(failed ? 'referral.failed' : 'referral.loading')}</FeaturePageStatus>
      ) : (
        <>
          {!info.isActive && (
            <p role="status" className="card p-3 text-center">
              {t('referral.paused')}
            </p>
          )}
          <div className="grid gap-4 md:grid-cols-2">
            <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="referral-share">
              <h2 id="referral-share" className="text-xl font-bold">
                {t('referral.share.heading')}
              </h2>
              <CodeAndLink code={info.code} />
              <button type="button" className="btn btn-ghost self-start" onClick={() => open('referral-info')} data-testid="referral-how">
                {t('referral.how.button')}
              </button>
            </section>
            <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="referral-rewards-heading">
              <h2 id="referral-rewards-heading" className="text-xl font-bold">
                {t('referral.rewards.heading')}
              </h2>
              <RewardsTable rewards={info.referralRewards} />
              <p className="text-sm text-muted">{t('referral.rewards.cap', { count: info.dailyCap, today: info.friendsToday })}</p>
            </section>
          </div>

          <section className="card p-4 sm:p-6" aria-labelledby="referral-friends-heading">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="referral-friends-heading" className="text-xl font-bold">
                {t('referral.friends.heading')}
              </h2>
              <p className="text-sm" data-testid="referral-earned">
                {t('referral.friends.total', { amount: coins(info.earned, { nothing: 'zero' }) })}
              </p>
            </div>
            <FriendsList friends={info.friends} />
          </section>

          {info.canApplyCode && (
            <section className="card p-4 sm:p-6" aria-labelledby="referral-apply-heading">
              <h2 id="referral-apply-heading" className="mb-2 text-lg font-bold">
                {t('referral.apply.heading')}
              </h2>
              <ApplyCode onApplied={() => void load()} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'referral.page.title');
