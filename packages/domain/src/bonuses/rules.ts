/**
 * Bonus offers (docs/features/bonuses.md): an operator campaign gives one bonus, free entries (an
 * amount of Fortune Coins) or free spins (a game, a count, a bet level), to players as numbered
 * messages; a player claims a message once, before it expires. Pure rules: the campaign's bounds, what
 * a message id is, and whether a grant can be claimed now.
 */

export type BonusType = 'freeEntries' | 'freeSpins';

/**
 * `pending`: sent, not claimed yet; `credited`: claimed and paid; `revoked`: withdrawn by an operator;
 * `expired`: its end passed unclaimed (marked by the `bonuses.expire-messages` job).
 */
export type BonusGrantStatus = 'pending' | 'credited' | 'revoked' | 'expired';

export const HOUR_MS = 3_600_000;

/** The bounds an operator can set. Free entries are small promotional amounts, never a big prize. */
export const BONUS_LIMITS = {
  /** Fortune Coins of a free-entries bonus, in hundredths (0.01 to 100.00 FC). */
  amountCents: { min: 1, max: 10_000 },
  spinsCount: { min: 1, max: 200 },
  betLevel: { min: 1, max: 10 },
  /** How long a sent bonus can be claimed: 1 hour to 30 days. */
  claimLifetimeMs: { min: HOUR_MS, max: 30 * 24 * HOUR_MS },
  /** How long credited free spins can be played: 1 hour to 30 days (the rewards engine's bound). */
  spinsLifetimeMs: { min: HOUR_MS, max: 30 * 24 * HOUR_MS },
} as const;

export type BonusCampaignDefinition =
  | { bonusType: 'freeEntries'; amountCents: number; claimLifetimeMs: number }
  | { bonusType: 'freeSpins'; gameId: number; spinsCount: number; betLevel: number; spinsCurrency: 'GC' | 'FC'; spinsLifetimeMs: number; claimLifetimeMs: number };

/** Problems with a campaign's bonus, empty when it can be saved. */
export function campaignProblems(c: BonusCampaignDefinition): string[] {
  const problems: string[] = [];
  const within = (name: string, value: number, range: { min: number; max: number }) => {
    if (!Number.isSafeInteger(value) || value < range.min || value > range.max) problems.push(`${name} must be a whole number from ${range.min} to ${range.max}`);
  };
  within('claimLifetimeMs', c.claimLifetimeMs, BONUS_LIMITS.claimLifetimeMs);
  if (c.bonusType === 'freeEntries') {
    within('amountCents', c.amountCents, BONUS_LIMITS.amountCents);
  } else {
    within('gameId', c.gameId, { min: 1, max: 2_147_483_647 });
    within('spinsCount', c.spinsCount, BONUS_LIMITS.spinsCount);
    within('betLevel', c.betLevel, BONUS_LIMITS.betLevel);
    within('spinsLifetimeMs', c.spinsLifetimeMs, BONUS_LIMITS.spinsLifetimeMs);
  }
  return problems;
}

/** The largest message id: ids are the rows' integer keys. */
export const MAX_MESSAGE_ID = 2_147_483_647;

/**
 * A pending bonus id as it arrives (`?freeEntriesBonus=`, `message_id`): digits only (spec §5: a
 * non-numeric id is ignored). Answers the id, `null` for a number no message can have (0, too big:
 * "not found"), or `undefined` when it is not a number at all.
 */
export function parseMessageId(raw: unknown): number | null | undefined {
  const text = typeof raw === 'number' ? (Number.isSafeInteger(raw) ? String(raw) : '') : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_MESSAGE_ID ? id : null;
}

export type BonusUnavailability = 'expired' | 'alreadyCredited' | 'revoked' | 'campaignInactive';

/**
 * Whether a grant of the player can be claimed at `nowMs`: pending, its campaign active, and before
 * its end (the end itself is past: `expiresAtMs` is the first moment it no longer can).
 */
export function grantUnavailability(grant: { status: BonusGrantStatus; expiresAtMs: number }, campaignActive: boolean, nowMs: number): BonusUnavailability | null {
  if (grant.status === 'credited') return 'alreadyCredited';
  if (grant.status === 'revoked') return 'revoked';
  if (grant.status === 'expired') return 'expired';
  if (nowMs >= grant.expiresAtMs) return 'expired';
  if (!campaignActive) return 'campaignInactive';
  return null;
}
