import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { useModals } from '../../modals/modal-store';
import { metaTitle } from '../../../lib/meta';
import type { Route } from './+types/tournaments-page';

/**
 * /tournaments/: players get the tournaments modal (guests were sent to /signup/ by the middleware).
 * The page under it names the place and reopens the modal.
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
    <section className="card px-6 py-10 text-center sm:px-10" aria-labelledby="tournaments-title">
      <h1 id="tournaments-title" className="text-2xl font-extrabold sm:text-3xl">
        {t('features.tournaments.name')}
      </h1>
      <p className="mx-auto mt-3 max-w-prose text-muted">{t('features.tournaments.pageText')}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={() => open('tournaments')} data-testid="tournaments-open">
        {t('features.tournaments.show')}
      </button>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.tournaments.name');
