import { checkReferralCode } from './referral-api';

/**
 * Spec §7: when check-rewards answers 'code not found', the invited_by (and refcode) query leaves the
 * address without a reload and the codes' cookies go, so sign-up does not send a dead code.
 * `stillHere` stops the sign-up redirect and answers whether the page is still the one that asked.
 */
export async function dropUnknownReferralCode(code: string, stillHere: () => boolean): Promise<void> {
  let found: unknown;
  try {
    found = await checkReferralCode(code);
  } catch {
    return; // Offline or a server error: keep the code (sign-up checks it again).
  }
  if (found !== null || !stillHere()) return;
  const url = new URL(window.location.href);
  url.searchParams.delete('invited_by');
  url.searchParams.delete('refcode');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  for (const name of ['invited_by', 'refcode', '_refcode', '_referrerinfo']) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
