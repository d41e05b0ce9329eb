import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { captchaToken, CaptchaWidget, useCaptcha } from '../features/auth/captcha';
import { FormField } from '../features/auth/form-field';
import { markSignupGift } from '../features/auth/signup-gift';
import { useAuthForm } from '../features/auth/use-auth-form';
import { InvitationNote, REFCODE_COOKIE } from '../features/referral/ui/invitation-note';
import { carriedPromoQuery } from '../features/promo-offers/link-params';
import { playerHomePath } from '../features/themes/themes';
import { readBrowserCookie } from '../lib/cookies';
import { http } from '../lib/http';
import { metaTitle } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { useLocalize } from '../lib/use-paths';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = ({ matches }) => metaTitle(matches, 'auth.signup.title');

/**
 * The referral code: invited_by or refcode from the query, else from their 365-day cookies, else the
 * code the landing's check found (`_refcode`, docs/features/referral.md).
 */
function referralCodeOf(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const code = params.get('invited_by') || params.get('refcode') || readBrowserCookie('invited_by') || readBrowserCookie('refcode') || readBrowserCookie(REFCODE_COOKIE);
  return code && /^[\w-]{1,64}$/.test(code) ? code : undefined;
}

export default function SignUp() {
  const { t } = useTranslation();
  const root = useRootData();
  const localize = useLocalize();
  const location = useLocation();
  const captcha = useCaptcha();
  const form = useAuthForm('signup');
  const [accepted, setAccepted] = useState(false);
  // Read after hydration: the cookies are the browser's, and the server-rendered page has none of them.
  const [invitedBy, setInvitedBy] = useState<string | undefined>(undefined);
  useEffect(() => setInvitedBy(referralCodeOf(location.search)), [location.search]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const values = Object.fromEntries(formData) as Record<string, string>;
    const token = captchaToken(formData);
    const email = (values.email ?? '').trim();
    const password = values.password ?? '';
    const birthday = values.birthday ?? '';
    const errors: Record<string, string> = {};
    if (!email) errors.email = t('auth.errors.emailRequired');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = t('auth.errors.emailInvalid');
    if (!password) errors.password = t('auth.errors.passwordRequired');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday)) errors.birthday = t('auth.errors.birthdayRequired');
    if (!accepted) errors.acceptedTerms = t('auth.errors.termsRequired');
    const params = new URLSearchParams(location.search);
    const referralCode = referralCodeOf(location.search);
    void form.submit(errors, async () => {
      await http('/rest/auth/signup/', {
        method: 'POST',
        body: {
          email,
          password,
          birthday,
          acceptedTerms: accepted,
          ...(referralCode ? { referralCode } : {}),
          ...(token ? { captchaToken: token } : {}),
          ...(params.get('registration_source') ? { registrationSource: params.get('registration_source') } : {}),
        },
      });
      markSignupGift();
      // A promo offer link a guest followed is applied once signed in (features/promo-offers).
      window.location.assign(localize(playerHomePath(root.theme)) + carriedPromoQuery(location.search));
    });
  }

  return (
    <>
      <h1 className="text-2xl font-extrabold">{t('auth.signup.title')}</h1>
      <p className="mt-1 text-muted">{t('auth.signup.subtitle')}</p>
      <InvitationNote code={invitedBy} text={(reward) => t('auth.signup.invited', { reward })} />
      <form className="mt-6 flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <FormField label={t('auth.fields.email')} name="email" type="email" autoComplete="email" required error={form.fieldErrors.email} onChange={() => form.onFieldChange('email')} />
        <FormField
          label={t('auth.fields.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('auth.signup.passwordHint')}
          error={form.fieldErrors.password}
          onChange={() => form.onFieldChange('password')}
        />
        <FormField
          label={t('auth.fields.birthday')}
          name="birthday"
          type="date"
          autoComplete="bday"
          required
          max={new Date().toISOString().slice(0, 10)}
          error={form.fieldErrors.birthday}
          onChange={() => form.onFieldChange('birthday')}
        />
        <div>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="acceptedTerms"
              className="mt-1 size-5 shrink-0 accent-[var(--primary)]"
              checked={accepted}
              onChange={(event) => {
                setAccepted(event.target.checked);
                form.onFieldChange('acceptedTerms');
              }}
              aria-invalid={form.fieldErrors.acceptedTerms ? true : undefined}
              aria-describedby={form.fieldErrors.acceptedTerms ? 'terms-error' : undefined}
            />
            <span className="text-sm">
              {t('auth.signup.acceptPrefix')}{' '}
              <Link to={localize('/page/terms/')} className="font-semibold underline underline-offset-4" target="_blank">
                {t('auth.signup.terms')}
              </Link>{' '}
              {t('auth.signup.and')}{' '}
              <Link to={localize('/page/privacy/')} className="font-semibold underline underline-offset-4" target="_blank">
                {t('auth.signup.privacy')}
              </Link>
            </span>
          </label>
          {form.fieldErrors.acceptedTerms && (
            <p id="terms-error" className="field-error">
              {form.fieldErrors.acceptedTerms}
            </p>
          )}
        </div>
        {captcha.siteKey && <CaptchaWidget siteKey={captcha.siteKey} />}
        {form.formError && (
          <p role="alert" className="field-error">
            {form.formError}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={form.busy || !captcha.ready}>
          {form.busy ? t('common.pleaseWait') : t('auth.signup.submit')}
        </button>
      </form>
      <p className="mt-6 text-sm text-muted">
        {t('auth.signup.haveAccount')}{' '}
        <Link to={localize(`/signin/`)} className="font-semibold text-fg underline underline-offset-4">
          {t('auth.signIn')}
        </Link>
      </p>
    </>
  );
}
