import type { ListDocumentsResponse } from '@sweepstack/contracts/kyc/list-documents';
import type { PlayerDocument } from '@sweepstack/contracts/kyc/player-document';
import type { Profile } from '@sweepstack/contracts/kyc/profile';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { http } from '../../lib/http';
import { useRealtime } from '../../lib/use-realtime';
import { showToast } from '../toasts/toast-store';
import { DOCUMENT_ACCEPT, documentProblem } from './document-rules';
import { autoVerificationShown } from './verification-rules';


/** Verification status, the auto-verification entry (`#verify`) and document upload (spec §3, §5, §8). */
export function VerificationSection({ profile, locale, onChanged }: { profile: Profile; locale: string; onChanged(): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [documents, setDocuments] = useState<PlayerDocument[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    http<ListDocumentsResponse>('/rest/player/documents/')
      .then((answer) => setDocuments(answer.data))
      .catch(() => setDocuments([]));
  }, []);
  useEffect(load, [load]);
  useRealtime('playerVerification', () => {
    load();
    onChanged();
  });

  const rejectedText = t('kyc.documents.rules');
  async function upload(file: File) {
    const problem = documentProblem(file);
    if (problem) {
      showToast('error', `${t('kyc.documents.rejected')}. ${rejectedText}`);
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const response = await fetch('/rest/player/documents/', { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } });
      if (response.ok) {
        showToast('document', t('kyc.documents.uploaded'));
        load();
        onChanged();
      } else {
        showToast('error', `${t('kyc.documents.rejected')}. ${rejectedText}`);
      }
    } catch {
      showToast('error', t('kyc.documents.failed'));
    } finally {
      setBusy(false);
    }
  }

  const status = profile.verificationStatus ?? (profile.documentConfirmStatus === 'pending' ? 'pending' : 'none');
  return (
    <section aria-labelledby="verification-title" className="card p-4 sm:p-6">
      <h2 id="verification-title" className="text-xl font-bold">
        {t('kyc.title')}
      </h2>
      <p className="mt-2" data-testid="verification-status">
        {t('kyc.statusLabel')}: <strong>{t(`kyc.status.${status}`)}</strong>
      </p>
      {autoVerificationShown(profile.autoVerificationData, 'profile') && status !== 'verified' && (
        <a href="#verify" className="btn btn-primary mt-3">
          {t('kyc.startAuto')}
        </a>
      )}
      <h3 className="mt-5 font-bold">{t('kyc.documents.title')}</h3>
      <p className="mt-1 text-sm text-muted">{rejectedText}</p>
      <label htmlFor={inputId} className="btn btn-ghost mt-3 cursor-pointer border border-line">
        {busy ? t('common.pleaseWait') : t('kyc.documents.choose')}
      </label>
      <input
        id={inputId}
        type="file"
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        data-testid="document-input"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {documents && documents.length > 0 && (
        <ul className="mt-3 grid gap-2" data-testid="document-list">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap justify-between gap-2 rounded-theme border border-line p-2 text-sm">
              <span className="break-all">{d.name}</span>
              <span>
                {t(`kyc.documents.status.${d.status}`)} · {new Date(d.uploadedAtMs).toLocaleDateString(locale)}
                {d.rejectReason && <span className="text-muted"> · {d.rejectReason}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
