import type { FeaturesGamesInfoResponse } from '@sweepstack/contracts/app/features-games-info';
import type { ReferralFeatureInfo, RewardCoins } from '@sweepstack/contracts/referral/rewards';
import { useEffect, useState } from 'react';
import { readBrowserCookie } from '../../../lib/cookies';
import { http } from '../../../lib/http';
import { useTranslation } from '../../../i18n/use-translation';
import { formatReward } from './reward-format';

// Types only from the contracts: the sign-up page's first-load JavaScript carries no schema library.
export const REFCODE_COOKIE = '_refcode';
const REFERRER_INFO_COOKIE = '_referrerinfo';

function isReward(value: unknown): value is RewardCoins {
  const reward = value as RewardCoins | null;
  return typeof reward === 'object' && reward !== null && Number.isFinite(reward.coins) && Number.isFinite(reward.entries);
}

/** The `_referrerinfo` cookie the landing's code check left (docs/features/referral.md, "Cookies"), when it is this code's. */
function rewardFromCookie(code: string): RewardCoins | null {
  const raw = readBrowserCookie(REFERRER_INFO_COOKIE);
  if (!raw) return null;
  try {
    const info = JSON.parse(raw) as { code?: unknown; reward?: unknown };
    return info.code === code.toUpperCase() && isReward(info.reward) ? info.reward : null;
  } catch {
    return null;
  }
}

/** What the code gives at sign-up, from features-games-info's `invited_by` (spec §7); null when it does not count. */
async function rewardFromServer(code: string): Promise<RewardCoins | null> {
  const data = (await http<FeaturesGamesInfoResponse>(`/rest/features-games-info/info/?invited_by=${encodeURIComponent(code)}`)).data;
  const invitation = (data.featuresInfo.referral as ReferralFeatureInfo | undefined)?.invitation;
  return invitation?.valid && isReward(invitation.reward) ? invitation.reward : null;
}

/** The sign-up page's line for a guest who came by a friend's link: what the code gives them. */
export function InvitationNote({ code, text }: { code: string | undefined; text: (reward: string) => string }) {
  const { i18n } = useTranslation();
  const [reward, setReward] = useState<RewardCoins | null>(null);
  useEffect(() => {
    if (!code) return;
    const kept = rewardFromCookie(code);
    if (kept) return void setReward(kept);
    let cancelled = false;
    rewardFromServer(code).then(
      (found) => {
        if (!cancelled) setReward(found);
      },
      () => undefined, // Offline or a server error: no line; sign-up still sends the code.
    );
    return () => {
      cancelled = true;
    };
  }, [code]);
  if (!reward || (reward.coins === 0 && reward.entries === 0)) return null;
  return (
    <p className="mt-3 rounded-lg bg-surface-2 px-3 py-2 text-sm font-semibold" data-testid="signup-invitation">
      {text(formatReward(reward, i18n.language))}
    </p>
  );
}
