import type { ReferralFriend, ReferralRewards, RewardCoins } from '@sweepstack/contracts/referral/rewards';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { HttpError } from '../../../lib/http';
import { useLocalize } from '../../../lib/use-paths';
import { applyReferralCode, type ReferralInfo } from './referral-api';
import { formatReward } from './reward-format';

export function useCoins() {
  const { i18n } = useTranslation();
  return (reward: RewardCoins, options?: { nothing?: 'dash' | 'zero' }) => formatReward(reward, i18n.language, options);
}

/** The link to share: this site's address (whatever host the player is on) with the player's code. */
export function useShareLink(code: string): string {
  const localize = useLocalize();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return `${origin}${localize('/')}?invited_by=${encodeURIComponent(code)}`;
}

/** The player's code and link, each with a copy button, and the browser's share sheet where it has one. */
export function CodeAndLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = useShareLink(code);
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const copy = async (what: 'code' | 'link') => {
    try {
      await navigator.clipboard.writeText(what === 'code' ? code : link);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted" id="referral-code-label">
          {t('referral.code.label')}
        </span>
        <strong className="font-mono text-xl tracking-widest" aria-labelledby="referral-code-label" data-testid="referral-code">
          {code}
        </strong>
        <button type="button" className="btn btn-ghost" onClick={() => void copy('code')}>
          {t('referral.code.copy')}
        </button>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-muted">{t('referral.link.label')}</span>
        <input className="field-input w-full font-mono text-sm" readOnly value={link} data-testid="referral-link" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => void copy('link')} data-testid="referral-copy-link">
          {t('referral.link.copy')}
        </button>
        {canShare && (
          <button type="button" className="btn btn-ghost" onClick={() => void navigator.share({ title: t('referral.share.title'), text: t('referral.share.text'), url: link }).catch(() => undefined)}>
            {t('referral.link.share')}
          </button>
        )}
      </div>
      <p role="status" className="min-h-5 text-sm text-muted">
        {copied ? t(copied === 'code' ? 'referral.code.copied' : 'referral.link.copied') : ''}
      </p>
    </div>
  );
}

/** Spec §3 "Referral rewards": what the friend gets and what the referrer gets per step. */
export function RewardsTable({ rewards }: { rewards: ReferralRewards }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const rows: [string, RewardCoins][] = [
    [t('referral.rewards.friendWithCode'), rewards.registrationReferralReward],
    [t('referral.steps.registration'), rewards[0].registration],
    [t('referral.steps.emailConfirmation'), rewards[0].emailConfirmation],
    [t('referral.steps.phoneConfirmation'), rewards[0].phoneConfirmation],
    [t('referral.steps.profileComplete'), rewards[0].profileComplete],
    [t('referral.steps.inviteQualification'), rewards.inviteQualification],
  ];
  return (
    <table className="w-full text-left text-sm" data-testid="referral-rewards">
      <caption className="sr-only">{t('referral.rewards.caption')}</caption>
      <thead>
        <tr className="text-muted">
          <th scope="col" className="py-1 font-semibold">
            {t('referral.rewards.when')}
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            {t('referral.rewards.reward')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map(([label, reward], index) => (
          <tr key={label}>
            <th scope="row" className="py-1.5 font-normal">
              {label}
              {index === 0 && <span className="block text-xs text-muted">{t('referral.rewards.forYourFriend')}</span>}
            </th>
            <td className="whitespace-nowrap py-1.5 pl-3 text-right font-semibold">{coins(reward)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const FRIEND_STEPS = ['registration', 'emailConfirmation', 'phoneConfirmation', 'profileComplete', 'identityVerified', 'firstPurchase', 'inviteQualification'] as const;

/** One friend: masked, the status, each step done or not and whether it paid. */
function FriendRow({ friend }: { friend: ReferralFriend }) {
  const { t, i18n } = useTranslation();
  const coins = useCoins();
  const status = friend.status === 'refused' ? t(`referral.refused.${friend.refusedReason ?? 'sameDevice'}`) : t(`referral.status.${friend.status}`);
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="referral-friend" data-status={friend.status}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span>
          <span className="font-semibold">{friend.friend}</span>
          <span className="block text-xs text-muted">{t('referral.friends.joined', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(friend.joinedAt)) })}</span>
        </span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${friend.status === 'refused' ? 'bg-danger/15 text-danger' : 'bg-raised'}`} data-testid="referral-friend-status">
          {status}
        </span>
      </div>
      <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={t('referral.friends.stepsOf', { friend: friend.friend })}>
        {FRIEND_STEPS.map((step) => {
          const s = friend.steps[step];
          return (
            <li key={step} data-step={step} data-done={s.done} className={s.done ? '' : 'text-muted'}>
              <span aria-hidden="true">{s.done ? '✔' : '○'}</span> {t(`referral.steps.${step}`)}
              <span className="sr-only">: {t(s.done ? (s.paid ? 'referral.friends.donePaid' : 'referral.friends.done') : 'referral.friends.notYet')}</span>
            </li>
          );
        })}
      </ul>
      <p className="text-sm">{t('referral.friends.earned', { amount: coins(friend.earned) })}</p>
    </li>
  );
}

export function FriendsList({ friends }: { friends: ReferralFriend[] }) {
  const { t } = useTranslation();
  if (friends.length === 0) return <p className="text-muted">{t('referral.friends.none')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line" data-testid="referral-friends">
      {friends.map((friend) => (
        <FriendRow key={`${friend.friend}-${friend.joinedAt}`} friend={friend} />
      ))}
    </ul>
  );
}

/** A code entered after sign-up (within the window, before a first purchase). */
export function ApplyCode({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  const coins = useCoins();
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return;
    setBusy(true);
    try {
      const answer = await applyReferralCode(code);
      setMessage({ kind: 'ok', text: t('referral.apply.done', { amount: coins(answer.data.reward) }) });
      onApplied();
    } catch (failure) {
      const key = failure instanceof HttpError && failure.messageKey ? failure.messageKey : 'referral.failed';
      setMessage({ kind: 'error', text: t(key, { defaultValue: t('referral.failed') }) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm">
        <span>{t('referral.apply.label')}</span>
        <input name="code" className="field-input" maxLength={64} autoComplete="off" required />
      </label>
      <button type="submit" className="btn btn-ghost self-start" disabled={busy}>
        {t('referral.apply.button')}
      </button>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'text-danger' : ''}>
          {message.text}
        </p>
      )}
    </form>
  );
}

export type { ReferralInfo };
