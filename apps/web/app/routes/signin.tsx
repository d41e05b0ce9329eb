import { useTranslation } from '../i18n/use-translation';
import { Link } from 'react-router';
import { captchaToken, CaptchaWidget, useCaptcha } from '../features/auth/captcha';
import { FormField } from '../features/auth/form-field';
import { useAuthForm } from '../features/auth/use-auth-form';
import { carriedPromoQuery } from '../features/promo-offers/link-params';
import { playerHomePath } from '../features/themes/themes';
import { http } from '../lib/http';
import { metaTitle } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/signin';

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'auth.signin.title');

export default function SignIn() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const captcha = useCaptcha();
  const form = useAuthForm('signin');

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const values = Object.fromEntries(formData) as Record<string, string>;
    const token = captchaToken(formData);
    const email = (values.email ?? '').trim();
    const password = values.password ?? '';
    const errors: Record<string, string> = {};
    if (!email) errors.email = t('auth.errors.emailRequired');
    if (!password) errors.password = t('auth.errors.passwordRequired');
    void form.submit(errors, async () => {
      await http('/rest/auth/signin/', { method: 'POST', body: { email, password, ...(token ? { captchaToken: token } : {}) } });
      // A full page load so that the server renders the signed-in shell with the new session.
      // A promo offer link a guest followed is applied once signed in (features/promo-offers).
      window.location.assign(localize(playerHomePath(root.theme)) + carriedPromoQuery(window.location.search));
    });
  }

  return (
    <>
      <h1 className="text-2xl font-extrabold">{t('auth.signin.title')}</h1>
      <p className="mt-1 text-muted">{t('auth.signin.subtitle')}</p>
      <form className="mt-6 flex flex-col gap-4" noValidate onSubmit={onSubmit} aria-describedby={form.formError ? 'signin-error' : undefined}>
        <FormField label={t('auth.fields.email')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} onChange={() => form.onFieldChange('email')} />
        <FormField
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={form.fieldErrors.password}
          onChange={() => form.onFieldChange('password')}
        />
        {captcha.siteKey && <CaptchaWidget siteKey={captcha.siteKey} />}
        {form.formError && (
          <p id="signin-error" role="alert" className="field-error">
            {form.formError}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={form.busy || !captcha.ready}>
          {form.busy ? t('common.pleaseWait') : t('auth.signIn')}
        </button>
      </form>
      <div className="mt-6 flex flex-col gap-2 text-sm">
        <Link to={localize('/reset/')} className="font-semibold underline underline-offset-4">
          {t('auth.signin.forgot')}
        </Link>
        <p className="text-muted">
          {t('auth.signin.noAccount')}{' '}
          <Link to={localize('/signup/')} className="font-semibold text-fg underline underline-offset-4">
            {t('auth.signUp')}
          </Link>
        </p>
      </div>
    </>
  );
}
