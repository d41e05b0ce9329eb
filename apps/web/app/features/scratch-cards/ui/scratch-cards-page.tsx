import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { metaTitle } from '../../../lib/meta';
import { useRootData } from '../../../lib/root-data';
import { useLocalize } from '../../../lib/use-paths';
import { formatUsd } from '../../cash/limits';
import { FeaturePageHeader, FeaturePageStatus } from '../../../platform/feature-page-header';
import { OddsTable } from './odds-table';
import { cardPrizeText } from './prize-text';
import { useScratchCards, useShownCard } from './scratch-api';
import { ScratchCardView } from './scratch-card';
import type { Route } from './+types/scratch-cards-page';

/**
 * /scratch-cards (spec §2): the card to scratch now (or the next one's timer), the player's other cards
 * with their expiry, the mailbox of expired cards, recent results, and how cards are earned with the
 * published odds, for guests too.
 */
export default function ScratchCardsPage() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const { info, load, failed, setCard } = useScratchCards();
  useEffect(() => {
    void load();
  }, [load]);
  const { card: current, next } = useShownCard(info?.cards ?? null);
  const others = info ? info.cards.filter((c) => c.id !== current?.id) : [];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <FeaturePageHeader title={t('scratchCards.page.title')} intro={t('scratchCards.page.intro')} />
      {!info ? (
        <FeaturePageStatus>{t(failed ? 'scratchCards.failed' : 'scratchCards.loading')}</FeaturePageStatus>
      ) : (
        <>
          <section className="card flex flex-col gap-4 p-4 sm:p-6" aria-labelledby="scratch-now">
            <h2 id="scratch-now" className="text-xl font-bold">
              {t('scratchCards.page.now')}
            </h2>
            {!info.isActive && <p className="text-muted">{t('scratchCards.page.inactive')}</p>}
            {root.isGuest ? (
              <>
                <p>{t('scratchCards.guest')}</p>
                <Link to={localize('/signup/')} className="btn btn-primary self-start">
                  {t('scratchCards.page.signUp')}
                </Link>
              </>
            ) : current ? (
              <>
                <ScratchCardView key={current.id} card={current} onScratched={(answer) => setCard(answer.card)} />
                {next && (
                  <button type="button" className="btn btn-accent self-center" onClick={next} data-testid="scratch-next">
                    {t('scratchCards.page.next')}
                  </button>
                )}
              </>
            ) : (
              <p data-testid="scratch-none">{t('scratchCards.page.none')}</p>
            )}
          </section>

          {others.length > 0 && (
            <section className="card p-4 sm:p-6" aria-labelledby="scratch-mine">
              <h2 id="scratch-mine" className="mb-3 text-xl font-bold">
                {t('scratchCards.page.mine')}
              </h2>
              <ul className="flex flex-col gap-2">
                {others.map((card) => (
                  <li key={card.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-2" data-testid="scratch-list-card">
                    <span>{t(`scratchCards.status.${card.status}`)}</span>
                    <span className="text-sm text-muted">
                      {card.status === 'scratched'
                        ? cardPrizeText(card.prize, t, i18n.language)
                        : t(card.status === 'expired' ? 'scratchCards.card.inMailbox' : 'scratchCards.card.expires', { date: new Date(card.expiresAt).toLocaleString(i18n.language === 'es' ? 'es-ES' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }) })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="scratch-how">
            <h2 id="scratch-how" className="text-xl font-bold">
              {t('scratchCards.how.title')}
            </h2>
            <ul className="list-disc pl-5 text-sm">
              {info.freeDaily && <li>{t('scratchCards.how.free')}</li>}
              {info.purchaseThresholdCents !== null && <li>{t('scratchCards.how.purchase', { price: formatUsd(info.purchaseThresholdCents, i18n.language) })}</li>}
              <li>{t('scratchCards.how.fixed')}</li>
              <li>{t('scratchCards.how.expiry')}</li>
            </ul>
            <OddsTable table={info.table} />
            <Link to={localize('/fairness/')} className="self-start underline">
              {t('scratchCards.how.fairness')}
            </Link>
          </section>
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.scratchCards.name');
