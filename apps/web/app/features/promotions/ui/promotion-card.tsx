import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalName } from '../../../platform/feature';
import { useModals } from '../../modals/modal-store';
import type { ShownCard } from './card-definition';
import { CardAvailability } from './card-availability';

/**
 * One promotion card (spec §3 "Promotion"): its kind, "Ready" or a countdown, its title and lines
 * (the type's card definition), the operator's how-it-works text or the type's default, a note when
 * it is for players with a purchase, and a button to its feature (a page, or a modal opened here).
 */
export function PromotionCard({ card, headingLevel = 3, hasDeposits, onReady }: { card: ShownCard; headingLevel?: 2 | 3; hasDeposits: boolean; onReady?: () => void }) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const { promotion, definition, data, link } = card;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `promotion-${promotion.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const title = definition.title(data, t, i18n.language);
  const action = definition.action(data, t);
  const howWorks = promotion.howWorks ?? t(`promotions.cards.${promotion.type}.howWorks`);
  const open = () => {
    if ('modal' in link) useModals.getState().open(link.modal as ModalName, link.options ?? {});
  };
  return (
    <article className="card flex h-full min-w-0 flex-col gap-3 p-4 sm:p-5" aria-labelledby={headingId} data-testid="promotion-card" data-type={promotion.type}>
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-bold uppercase tracking-widest text-accent">{t(`promotions.cards.${promotion.type}.kind`)}</span>
        <CardAvailability availableAtMs={promotion.availableAtMs} {...(onReady ? { onReady } : {})} />
      </div>
      <Heading id={headingId} className="text-lg font-extrabold leading-snug [overflow-wrap:anywhere]">
        {title}
      </Heading>
      <ul className="flex flex-col gap-1 text-sm text-muted">
        {definition.lines(data, t, i18n.language).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {promotion.needDeposits && !hasDeposits && <p className="text-sm font-semibold">{t('promotions.card.needDeposits')}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold underline-offset-2 hover:underline">{t('promotions.card.howWorks')}</summary>
        <p className="mt-1 text-muted">{howWorks}</p>
      </details>
      <div className="mt-auto pt-1">
        {'to' in link && link.to.startsWith('/#') ? (
          // The cash widget's links (`/#/cash/…`) open it over this page: a plain hash link (the widget
          // follows hashchange), since the home path would redirect a player to their home without it.
          <a href={link.to.slice(1)} className="btn btn-primary w-full" aria-describedby={headingId} data-testid="promotion-action">
            {action}
          </a>
        ) : 'to' in link ? (
          <Link to={localize(link.to)} className="btn btn-primary w-full" aria-describedby={headingId} data-testid="promotion-action">
            {action}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary w-full" onClick={open} aria-describedby={headingId} data-testid="promotion-action">
            {action}
          </button>
        )}
      </div>
    </article>
  );
}
