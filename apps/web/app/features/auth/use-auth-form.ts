import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { trackChangeForm, trackError, trackSendForm } from '../../lib/analytics';
import { HttpError } from '../../lib/http';

export type FieldErrors = Record<string, string>;

/**
 * Submission state of an auth form: inline field errors from the error envelope's `fields`, one
 * form-level message from its messageKey, and the analytics events of spec §3.
 */
export function useAuthForm(formName: string) {
  const { t } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const touched = useRef(new Set<string>());

  function onFieldChange(field: string) {
    if (!touched.current.has(field)) {
      touched.current.add(field);
      trackChangeForm(formName, field);
    }
    if (fieldErrors[field]) setFieldErrors(({ [field]: _removed, ...rest }) => rest);
  }

  async function submit(localErrors: FieldErrors, action: () => Promise<void>) {
    setFormError(null);
    if (Object.keys(localErrors).length > 0) {
      setFieldErrors(localErrors);
      focusFirstError(localErrors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    trackSendForm(formName, formName);
    try {
      await action();
    } catch (error) {
      const fields = error instanceof HttpError ? translateFields(error.fields) : {};
      const message =
        error instanceof HttpError
          ? error.messageKey
            ? t(error.messageKey, { defaultValue: error.message })
            : error.message
          : t('errors.network');
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0 || (error instanceof HttpError && error.code !== 'VALIDATION_FAILED')) setFormError(message);
      trackError(formName, message, formName);
      focusFirstError(fields);
    } finally {
      setBusy(false);
    }
  }

  function translateFields(fields: Record<string, string>): FieldErrors {
    return Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, t(message, { defaultValue: message })]));
  }

  return { fieldErrors, formError, busy, submit, onFieldChange };
}

function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  if (first && typeof document !== 'undefined') document.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`)?.focus();
}
