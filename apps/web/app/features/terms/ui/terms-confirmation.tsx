import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { http } from '../../../lib/http';
import { useLocalize } from '../../../lib/use-paths';
import type { ModalProps } from '../../../platform/feature';
import { showToast } from '../../toasts/toast-store';

/** The terms confirmation: lists the unconfirmed documents; only Accept closes it. */
export default function TermsConfirmation({ entry, onDone }: ModalProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const ids = (entry.terms ?? []).map((term) => term.id);

  useEffect(() => {
    if (ids.length > 0) void http('/rest/terms/log/', { method: 'POST', body: { ids } }).catch(() => undefined);
    // Logged once when shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function confirm() {
    setBusy(true);
    setFailed(false);
    try {
      await http('/rest/terms/confirm/', { method: 'POST', body: { ids } });
      onDone();
      showToast('default', t('terms.confirmed'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dialog.Title className="text-2xl font-extrabold">{t('terms.title')}</Dialog.Title>
      <Dialog.Description className="mt-2 text-muted">{t('terms.text')}</Dialog.Description>
      <ul className="mt-4 list-disc space-y-1 pl-6">
        {(entry.terms ?? []).map((term) => (
          <li key={term.id}>
            <Link to={localize(`/page/${term.key}/`)} target="_blank" className="underline underline-offset-4">
              {t(`terms.documents.${term.key}`, { defaultValue: term.key })}
            </Link>
          </li>
        ))}
      </ul>
      {failed && (
        <p role="alert" className="field-error mt-3">
          {t('terms.failed')}
        </p>
      )}
      <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => void confirm()} disabled={busy}>
        {busy ? t('common.pleaseWait') : t('terms.accept')}
      </button>
    </>
  );
}
