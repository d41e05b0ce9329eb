import { useEffect } from 'react';
import { http } from '../../lib/http';
import { useModals } from './modal-store';

/**
 * Spec §4: while a signed-in player has unconfirmed terms the interface is frozen by the
 * (non-dismissable) terms confirmation modal until they confirm.
 */
export function TermsGuard() {
  const open = useModals((s) => s.open);
  useEffect(() => {
    let cancelled = false;
    http<{ success: true; data: { id: number; key: string }[] }>('/rest/terms/unconfirmed/')
      .then((answer) => {
        if (!cancelled && answer.data.length > 0) open('terms-confirmation', { terms: answer.data });
      })
      .catch(() => {
        // Without the list nothing can be confirmed; the server keeps enforcing the requirement.
      });
    return () => {
      cancelled = true;
    };
  }, [open]);
  return null;
}
