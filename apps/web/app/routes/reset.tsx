import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '../features/auth/form-field';
import { useAuthForm } from '../features/auth/use-auth-form';
import { playerHomePath } from '../features/themes/themes';
import { http } from '../lib/http';
import { metaTitle } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/reset';

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'auth.reset.title');

function RequestReset() {
  const { t } = useTranslation();
  const form = useAuthForm('reset_request');
  const [sent, setSent] = useState(false);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    void form.submit(email ? {} : { email: t('auth.errors.emailRequired') }, async () => {
      await http('/rest/auth/reset/', { method: 'POST', body: { email } });
      setSent(true);
    });
  }

  if (sent) {
    return (
      <p role="status" className="mt-6 rounded-theme bg-raised p-4">
        {t('auth.reset.sent')}
      </p>
    );
  }
  return (
    <form className="mt-6 flex flex-col gap-4" noValidate onSubmit={onSubmit}>
      <FormField label={t('auth.fields.email')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} onChange={() => form.onFieldChange('email')} />
      {form.formError && (
        <p role="alert" className="field-error">
          {form.formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={form.busy}>
        {form.busy ? t('common.pleaseWait') : t('auth.reset.send')}
      </button>
    </form>
  );
}

function ConfirmReset({ token }: { token: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const form = useAuthForm('reset_confirm');

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const repeat = String(data.get('repeat') ?? '');
    const errors: Record<string, string> = {};
    if (!password) errors.password = t('auth.errors.passwordRequired');
    else if (password !== repeat) errors.repeat = t('auth.errors.passwordsDiffer');
    void form.submit(errors, async () => {
      await http('/rest/auth/reset/confirm/', { method: 'POST', body: { token, password } });
      window.location.assign(localize(playerHomePath(root.theme)));
    });
  }

  return (
    <form className="mt-6 flex flex-col gap-4" noValidate onSubmit={onSubmit}>
      <FormField
        label={t('auth.fields.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={t('auth.signup.passwordHint')}
        error={form.fieldErrors.password}
        onChange={() => form.onFieldChange('password')}
      />
      <FormField label={t('auth.fields.repeatPassword')} name="repeat" type="password" autoComplete="new-password" required error={form.fieldErrors.repeat} onChange={() => form.onFieldChange('repeat')} />
      {form.formError && (
        <p role="alert" className="field-error">
          {form.formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={form.busy}>
        {form.busy ? t('common.pleaseWait') : t('auth.reset.save')}
      </button>
    </form>
  );
}

/** /reset: asks for the email, or with ?token= sets the new password. */
export default function Reset() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <>
      <h1 className="text-2xl font-extrabold">{token ? t('auth.reset.newTitle') : t('auth.reset.title')}</h1>
      <p className="mt-1 text-muted">{token ? t('auth.reset.newSubtitle') : t('auth.reset.subtitle')}</p>
      {token ? <ConfirmReset token={token} /> : <RequestReset />}
      <p className="mt-6 text-sm">
        <Link to={localize('/signin/')} className="font-semibold underline underline-offset-4">
          {t('auth.reset.backToSignIn')}
        </Link>
      </p>
    </>
  );
}
