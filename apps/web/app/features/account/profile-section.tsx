import type { Profile } from '@sweepstack/contracts/kyc/profile';
import type { SaveEasyProfileResponse } from '@sweepstack/contracts/kyc/save-easy-profile';
import type { SaveFullProfileResponse } from '@sweepstack/contracts/kyc/save-full-profile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { http, HttpError } from '../../lib/http';
import { FormField } from '../auth/form-field';
import { showToast } from '../toasts/toast-store';

const EASY_FIELDS = ['name', 'surname', 'birthday', 'zip'] as const;
const FULL_FIELDS = ['name', 'surname', 'birthday', 'phone', 'address', 'address2', 'city', 'state', 'zip'] as const;
type Field = (typeof FULL_FIELDS)[number];

/** Which form the profile shows: the easy one (4 fields) until it is complete, when enabled. */
export function profileFormKind(profile: Pick<Profile, 'easyProfileModuleEnabled' | 'easyProfileCompleted'>): 'easy' | 'full' {
  return profile.easyProfileModuleEnabled && !profile.easyProfileCompleted ? 'easy' : 'full';
}

const AUTOCOMPLETE: Partial<Record<Field, string>> = {
  name: 'given-name',
  surname: 'family-name',
  birthday: 'bday',
  phone: 'tel',
  address: 'address-line1',
  address2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

/** Personal information: the easy profile first (when enabled), then the full one (spec §5). */
export function ProfileSection({ profile, onSaved }: { profile: Profile; onSaved(profile: Profile): void }) {
  const { t } = useTranslation();
  const kind = profileFormKind(profile);
  const fields = kind === 'easy' ? EASY_FIELDS : FULL_FIELDS;
  const frozen = profile.verificationStatus === 'verified';
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setValues(Object.fromEntries(FULL_FIELDS.map((f) => [f, profile[f] ?? ''])));
  }, [profile]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const body: Record<string, string | null> = {};
    for (const f of fields) body[f] = f === 'address2' ? values[f]?.trim() || null : (values[f] ?? '').trim();
    try {
      const answer = await http<SaveEasyProfileResponse | SaveFullProfileResponse>(kind === 'easy' ? '/rest/player/profile/easy/' : '/rest/player/profile/', { method: 'POST', body });
      showToast('default', t('account.profile.saved'));
      onSaved(answer.data);
    } catch (error) {
      if (error instanceof HttpError) {
        const found: Record<string, string> = {};
        for (const key of Object.keys(error.fields)) found[key] = error.code === 'AUTH_UNDERAGE' ? t('account.profile.errors.underage') : t(`account.profile.errors.${key}`, { defaultValue: t('account.profile.errors.invalid') });
        if (error.code === 'AUTH_UNDERAGE' && !found.birthday) found.birthday = t('account.profile.errors.underage');
        setErrors(found);
        if (Object.keys(found).length === 0) showToast('error', t('account.profile.failed'));
      } else showToast('error', t('account.profile.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="profile-title" className="card p-4 sm:p-6">
      <h2 id="profile-title" className="text-xl font-bold">
        {t('account.profile.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{kind === 'easy' ? t('account.profile.easyHint') : profile.profileCompleted ? t('account.profile.complete') : t('account.profile.fullHint')}</p>
      <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate data-testid="profile-form">
        {fields.map((f) => (
          <FormField
            key={f}
            label={t(`account.profile.fields.${f}`)}
            name={f}
            type={f === 'birthday' ? 'date' : f === 'phone' ? 'tel' : 'text'}
            autoComplete={AUTOCOMPLETE[f]}
            value={values[f] ?? ''}
            readOnly={frozen && (f === 'name' || f === 'surname' || f === 'birthday')}
            hint={f === 'phone' ? t('account.profile.phoneHint') : f === 'state' ? t('account.profile.stateHint') : undefined}
            onChange={(e) => setValues({ ...values, [f]: f === 'state' ? e.target.value.toUpperCase() : e.target.value })}
            error={errors[f]}
          />
        ))}
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.pleaseWait') : t('account.profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
