import type { Player } from '@sweepstack/db/repositories/players';
import type { Database } from '@sweepstack/db/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../app-context';
import { readExclusionState } from '../../responsible-play/exclusions';
import { readPurchaseLimits } from '../../routes/cashier/limits';

/**
 * Responsible play for guests (docs/features/pop-up-ads.md, "Responsible play"): a browser on which a
 * player who must not get ads (cooling off, self-excluded, closed, at a purchase limit) was seen keeps
 * this cookie, and gets no guest ads while it holds. Its value is the end of the hold (epoch ms).
 */
export const ADS_HOLD_COOKIE = 'ss_ads_hold';
const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;
const HOLD_PATTERN = /^\d{13}$/;

/** Why a player gets no ads now (null: nothing stops an ad), and until when their browser is held. */
export interface AdsSuppression {
  /** The log's `suppressed` value: `account:<status>` or `purchaseLimit`. */
  reason: string;
  untilMs: number;
}

/**
 * Responsible play (research 1.17): no ads to a player whose account is not ACTIVE (cooling off,
 * self-excluded, closed) or who reached a purchase limit. A break holds the browser until it ends (a
 * year at most: an operator's self-exclusion or a closed account has no end of ours); a purchase
 * limit for a day.
 */
export async function suppressionOf(db: Kysely<Database>, player: Player, nowMs: number): Promise<AdsSuppression | null> {
  if (player.account_status !== 'ACTIVE') {
    const { current } = await readExclusionState(db, player, nowMs);
    const untilMs = Math.min(current?.untilMs ?? nowMs + YEAR_MS, nowMs + YEAR_MS);
    return { reason: `account:${player.account_status}`.slice(0, 32), untilMs };
  }
  const limits = await readPurchaseLimits(db, player.id, nowMs);
  if (Object.values(limits).some((l) => l.remainingCents === 0)) return { reason: 'purchaseLimit', untilMs: nowMs + DAY_MS };
  return null;
}

/** The end of this browser's hold, when one is in force now. */
export function browserHoldUntil(request: FastifyRequest, nowMs: number): number | null {
  const value = request.cookies[ADS_HOLD_COOKIE];
  if (value === undefined || !HOLD_PATTERN.test(value)) return null;
  const untilMs = Number(value);
  return untilMs > nowMs ? untilMs : null;
}

/** Holds the browser (HttpOnly, until the suppression ends); a later, longer hold is kept. */
export function holdBrowser(deps: Pick<AppDeps, 'config'>, request: FastifyRequest, reply: FastifyReply, suppression: AdsSuppression, nowMs: number): void {
  const current = browserHoldUntil(request, nowMs);
  if (current !== null && current >= suppression.untilMs) return;
  const maxAge = Math.max(1, Math.ceil((suppression.untilMs - nowMs) / 1000));
  reply.setCookie(ADS_HOLD_COOKIE, String(suppression.untilMs), { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.config.secureCookies, maxAge });
}

/** Lifts the hold of a browser whose player may get ads again (their break or limit ended). */
export function releaseBrowser(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[ADS_HOLD_COOKIE] !== undefined) reply.clearCookie(ADS_HOLD_COOKIE, { path: '/' });
}

/**
 * At sign-out: a player who must not get ads leaves their browser held, so that it gets no guest ads
 * either. Called by the logout route before the session ends.
 */
export async function holdBrowserAtSignOut(deps: Pick<AppDeps, 'database' | 'clock' | 'config'>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const player = await request.getPlayer();
  if (!player) return;
  const nowMs = deps.clock.nowMs();
  const suppression = await suppressionOf(deps.database.db, player, nowMs);
  if (suppression) holdBrowser(deps, request, reply, suppression, nowMs);
}
