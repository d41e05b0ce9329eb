import { useEffect } from 'react';
import { ComingSoon } from '../../coming-soon/empty-state';
import { useModals } from '../../modals/modal-store';
import { metaTitle } from '../../../lib/meta';
import type { Route } from './+types/tournaments-page';

/** /tournaments/: players get the tournaments modal (guests were sent to /signup/ by the middleware). */
export default function Tournaments() {
  const open = useModals((s) => s.open);
  const closeByName = useModals((s) => s.closeByName);
  useEffect(() => {
    open('tournaments');
    return () => closeByName('tournaments');
  }, [open, closeByName]);
  return <ComingSoon feature="tournaments" />;
}

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'features.tournaments.name');
