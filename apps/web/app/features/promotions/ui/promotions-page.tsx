import type { Promotion } from '@sweepstack/contracts/promotions/promotion';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { CardList, shownCount } from './card-list';
import { usePromotions } from './promotions-api';
import type { Route } from './+types/promotions-page';

/** One list of the page under its heading (the list's test id is the section's id). */
function CardSection({ id, title, promotions, onReady }: { id: string; title: string; promotions: readonly Promotion[]; onReady?: () => void }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <CardList promotions={promotions} testId={id} {...(onReady ? { onReady } : {})} />
    </section>
  );
}

/**
 * /promotions (spec §2, §3 "Promotion", §7 GET /rest/page/promotions/): the player's promotion cards,
 * those ready now first, then those available soon with their countdowns. Each card leads to its
 * feature. Players only (the route's signup-required middleware sends a guest to sign-up).
 */
export default function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const { page, failed, load } = usePromotions(i18n.language);
  // Loaded again whenever the route data is (spec §7: a daily prize with free spins refetches home and promotions).
  const root = useRootData();
  useEffect(() => {
    void load();
  }, [load, root]);
  const reload = () => void load();
  const ready = page ? shownCount(page.promotions) : 0;
  const soon = page ? shownCount(page.available_soon) : 0;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-extrabold sm:text-4xl">{t('promotions.page.title')}</h1>
        <p className="mt-2 max-w-prose text-muted">{t('promotions.page.intro')}</p>
      </header>
      {!page ? (
        <div role="status" className="card flex flex-col items-center gap-3 p-6 text-center">
          <p className="text-muted">{t(failed ? 'promotions.failed' : 'promotions.loading')}</p>
          {failed && (
            <button type="button" className="btn btn-ghost" onClick={reload}>
              {t('promotions.retry')}
            </button>
          )}
        </div>
      ) : page.paused ? (
        <p role="status" className="card p-6 text-center" data-testid="promotions-paused">
          {t(`promotions.paused.${page.paused}`)}
        </p>
      ) : ready + soon === 0 ? (
        <p role="status" className="card p-6 text-center text-muted" data-testid="promotions-empty">
          {t('promotions.empty')}
        </p>
      ) : (
        <>
          {ready > 0 && <CardSection id="promotions-ready" title={t('promotions.readyTitle')} promotions={page.promotions} />}
          {soon > 0 && <CardSection id="promotions-soon" title={t('promotions.soonTitle')} promotions={page.available_soon} onReady={reload} />}
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'promotions.page.title');
