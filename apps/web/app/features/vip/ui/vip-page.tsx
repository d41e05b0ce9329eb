import { hasCapability } from '@sweepstack/contracts/themes';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useLocalize } from '../../../lib/use-paths';
import { useModals } from '../../modals/modal-store';
import { CashbackCard } from './cashback-card';
import { Ladder } from './ladder';
import { prizeText, sectionName } from './prize-text';
import { LeagueProgress } from './progress';
import { useLeaguePushes } from './use-league-pushes';
import { useVip } from './vip-api';
import type { Route } from './+types/vip-page';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';

/**
 * /vip (spec §2): the player's standing and progress bar (live from the league's pushes), the VIP
 * club wheel, profile and claim-reward modals, the weekly cashback, the ladder with every section's
 * benefits and how experience is earned; the VIP banner offer in themes that have it (nlc).
 */
export default function VipPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const open = useModals((s) => s.open);
  const { info, cashback, failed, load } = useVip();
  useEffect(() => {
    void load();
  }, [load]);
  useLeaguePushes();
  const player = info?.player ?? null;
  const next = player?.nextSectionBenefits as { title?: string; titles?: unknown; reward?: Parameters<typeof prizeText>[0] } | null | undefined;
  const number = (n: number) => formatNumber(n, n % 1 === 0 ? 0 : 2, i18n.language);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <FeaturePageHeader title={t('vip.page.title')} intro={t('vip.page.intro')} />

      {hasCapability(root.theme, 'vipBannerOffer') && info && (
        <section className="card flex flex-col items-start gap-2 bg-raised p-4 sm:p-6" aria-labelledby="vip-banner" data-testid="vip-banner">
          <h2 id="vip-banner" className="text-xl font-extrabold">
            {t('vip.banner.title', { percent: number(Math.max(...info.sections.map((s) => s.cashbackPercent))) })}
          </h2>
          <p>{t('vip.banner.text', { percent: number(Math.max(...info.sections.map((s) => s.cashbackPercent))) })}</p>
          <Link to={localize(root.isGuest ? '/signup/' : '/')} className="btn btn-accent">
            {t(root.isGuest ? 'vip.banner.join' : 'vip.banner.play')}
          </Link>
        </section>
      )}

      {!info ? (
        <FeaturePageStatus>{t(failed ? 'vip.failed' : 'vip.loading')}</FeaturePageStatus>
      ) : (
        <>
          <section className="card flex flex-col gap-4 p-4 sm:p-6" aria-labelledby="vip-standing">
            <h2 id="vip-standing" className="text-xl font-bold">
              {t('vip.page.standing')}
            </h2>
            {root.isGuest || !player ? (
              <>
                <p>{t(root.isGuest ? 'vip.guest' : 'vip.page.off')}</p>
                {root.isGuest && (
                  <Link to={localize('/signup/')} className="btn btn-primary self-start">
                    {t('vip.page.signUp')}
                  </Link>
                )}
              </>
            ) : (
              <>
                <LeagueProgress player={player} sections={info.sections} />
                {next?.title && <p className="text-sm">{t('vip.page.nextSection', { title: sectionName(next, i18n.language), prize: prizeText(next.reward, t, i18n.language) })}</p>}
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-primary" onClick={() => open('vip-club-profile')} data-testid="vip-open-profile">
                    {t('vip.profile.open')}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={() => open('vip-club-wheel')} data-testid="vip-open-wheel">
                    {t('vip.wheel.open')}
                  </button>
                </div>
              </>
            )}
          </section>

          {cashback && <CashbackCard cashback={cashback} signedIn={!root.isGuest && player !== null} />}

          <section className="flex flex-col gap-3" aria-labelledby="vip-ladder">
            <h2 id="vip-ladder" className="text-xl font-bold">
              {t('vip.ladder.title')}
            </h2>
            <Ladder sections={info.sections} currentSection={player?.currentSection ?? null} />
          </section>

          <section className="card flex flex-col gap-2 p-4 sm:p-6" aria-labelledby="vip-how">
            <h2 id="vip-how" className="text-xl font-bold">
              {t('vip.how.title')}
            </h2>
            <p>{t('vip.how.experience', { gc: number(info.experiencePerCoin.GC), fc: number(info.experiencePerCoin.FC) })}</p>
            <p>{t('vip.how.purchases')}</p>
            <p>{t('vip.how.cashback', { edge: number(info.houseEdgePercent), days: info.cashbackClaimDays })}</p>
            <p>{t('vip.how.demotion')}</p>
            <p className="text-sm text-muted">{t('vip.how.rules')}</p>
          </section>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'vip.page.title');
