import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useModals } from '../../modals/modal-store';
import { metaTitle } from '../../../lib/meta';
import type { Route } from './+types/tournaments-page';

const STEPS = ['join', 'play', 'win'] as const;

/**
 * /tournaments/: players get the tournaments modal (guests were sent to /signup/ by the middleware).
 * The page under it is a page of its own, not an empty card behind the modal: the theme's hero pattern
 * with the place's name, what tournaments are and the button that reopens the modal, then how
 * tournaments work in three steps (the theme's step badges, as the guest home's).
 */
export default function Tournaments() {
  const { t } = useTranslation();
  const open = useModals((s) => s.open);
  const closeByName = useModals((s) => s.closeByName);
  useEffect(() => {
    open('tournaments');
    return () => closeByName('tournaments');
  }, [open, closeByName]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8" data-testid="tournaments-page">
      <section className="card relative overflow-hidden px-6 py-10 text-center sm:px-10 sm:py-14" aria-labelledby="tournaments-title">
        <span className="accent-shape" aria-hidden="true" />
        <div className="relative">
          <h1 id="tournaments-title" className="text-3xl font-extrabold sm:text-4xl">
            {t('features.tournaments.name')}
          </h1>
          <p className="mx-auto mt-3 max-w-prose text-lg">{t('features.tournaments.description')}</p>
          <p className="mx-auto mt-2 max-w-prose text-muted">{t('features.tournaments.pageText')}</p>
          <button type="button" className="btn btn-primary mt-6" onClick={() => open('tournaments')} data-testid="tournaments-open">
            {t('features.tournaments.show')}
          </button>
        </div>
      </section>
      <section aria-labelledby="tournaments-steps-title" data-testid="tournaments-steps">
        <h2 id="tournaments-steps-title" className="section-title text-2xl font-extrabold">
          {t('tournaments.page.steps.title')}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {STEPS.map((key, index) => (
            <li key={key} className="card flex gap-4 p-5">
              <span className="step-badge" aria-hidden="true">
                {index + 1}
              </span>
              <span className="min-w-0">
                <h3 className="text-lg font-bold">{t(`tournaments.page.steps.${key}.title`)}</h3>
                <p className="mt-1 text-muted">{t(`tournaments.page.steps.${key}.text`)}</p>
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.tournaments.name');
