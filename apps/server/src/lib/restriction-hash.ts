import { createHash } from 'node:crypto';
import { restrictionIds, restrictionIdsDigestInput, type RestrictionSubject } from '@sweepstack/domain/shell/player-restrictions';

/**
 * `playerRestrictionIdsHash`: SHA-256 (hex) of the sorted restriction ids that apply to the visitor,
 * joined by newlines (docs/app-data.md). Equal restrictions give equal hashes on every server.
 */
export function playerRestrictionIdsHash(subject: RestrictionSubject, restrictedStateCodes: ReadonlySet<string>): string {
  return createHash('sha256').update(restrictionIdsDigestInput(restrictionIds(subject, restrictedStateCodes))).digest('hex');
}
