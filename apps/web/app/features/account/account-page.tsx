import type { GetProfileResponse } from '@sweepstack/contracts/kyc/get-profile';
import type { Profile } from '@sweepstack/contracts/kyc/profile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { formatFortuneCoins, formatGoldCoins } from '../../lib/format';
import { http } from '../../lib/http';
import { useRootData } from '../../lib/root-data';
import { useLocalize } from '../../lib/use-paths';
import { VerificationSection } from '../kyc/verification-section';
import { useLiveBalance } from '../shell/live-balance';
import { ProfileSection } from './profile-section';
import { TransactionsSection } from './transactions-section';

/** /account/: personal information, verification and documents, balances with redeem, history. */
export function AccountPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const live = useLiveBalance((s) => s.balance);
  const balance = live ?? root.player?.balance ?? null;
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    http<GetProfileResponse>('/rest/player/profile/')
      .then((answer) => setProfile(answer.data))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-4">
      <h1 className="text-3xl font-extrabold">{t('account.title')}</h1>
      <section aria-labelledby="account-summary" className="card flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
        <div className="min-w-0">
          {/* An address has no spaces to wrap at: it breaks anywhere rather than widen the page. */}
          <h2 id="account-summary" className="text-xl font-bold [overflow-wrap:anywhere]">
            {root.player?.email ?? root.player?.login ?? t('account.title')}
          </h2>
          {balance && (
            <p className="mt-1 tabular-nums">
              {t('balance.gold')}: <strong>{formatGoldCoins(balance.tourPoints, root.locale)}</strong> · {t('balance.fortune')}: <strong>{formatFortuneCoins(balance.entries, root.locale)}</strong>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <a className="btn btn-primary" href="#/cash/deposit-by-money/">
            {t('header.buy')}
          </a>
          <a className="btn btn-ghost border border-line" href="#/cash/redeem/">
            {t('account.redeem')}
          </a>
          <Link className="btn btn-ghost border border-line" to={localize('/account/responsible-play/')}>
            {t('account.responsiblePlay')}
          </Link>
        </div>
      </section>
      {failed && <p role="alert">{t('account.loadFailed')}</p>}
      {!profile && !failed && <p role="status">{t('common.pleaseWait')}</p>}
      {profile && (
        <>
          <ProfileSection profile={profile} onSaved={setProfile} />
          <VerificationSection profile={profile} locale={root.locale} onChanged={load} />
        </>
      )}
      <TransactionsSection locale={root.locale} />
    </div>
  );
}
