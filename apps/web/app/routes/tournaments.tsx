import { useEffect } from 'react';
import { ComingSoon } from '../features/coming-soon/empty-state';
import { useModals } from '../features/modals/modal-store';

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
