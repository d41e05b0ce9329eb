import { useTranslation } from '../i18n/use-translation';
import { FormField } from '../features/auth/form-field';
import { useAuthForm } from '../features/auth/use-auth-form';
import { playerHomePath } from '../features/themes/themes';
import { http } from '../lib/http';
import { metaTitle } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/registration-complete';

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'registrationComplete.title');

/** Players of the closed funnel (nlc, stormrush) give the display name and phone they skipped. */
export default function RegistrationComplete() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const form = useAuthForm('registration_complete');

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const login = String(data.get('login') ?? '').trim();
    const phone = String(data.get('phone') ?? '').trim();
    const errors: Record<string, string> = {};
    if (!login) errors.login = t('registrationComplete.loginRequired');
    if (!/^\+[1-9]\d{6,14}$/.test(phone)) errors.phone = t('registrationComplete.phoneInvalid');
    void form.submit(errors, async () => {
      await http('/rest/player/registration/complete/', { method: 'POST', body: { login, phone } });
      window.location.assign(localize(playerHomePath(root.theme)));
    });
  }

  return (
    <section className="card mx-auto max-w-md p-6 sm:p-8" aria-labelledby="registration-complete-title">
      <h1 id="registration-complete-title" className="text-2xl font-extrabold">
        {t('registrationComplete.title')}
      </h1>
      <p className="mt-1 text-muted">{t('registrationComplete.text')}</p>
      <form className="mt-6 flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <FormField label={t('registrationComplete.login')} name="login" autoComplete="nickname" required error={form.fieldErrors.login} onChange={() => form.onFieldChange('login')} />
        <FormField
          label={t('registrationComplete.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="+15551234567"
          required
          error={form.fieldErrors.phone}
          onChange={() => form.onFieldChange('phone')}
        />
        {form.formError && (
          <p role="alert" className="field-error">
            {form.formError}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={form.busy}>
          {form.busy ? t('common.pleaseWait') : t('registrationComplete.submit')}
        </button>
      </form>
    </section>
  );
}
