import type { TournamentPromotionData } from '@sweepstack/contracts/promotions/cards/tournament';
import { findEntry, listRuns, type RunRow } from '@sweepstack/db/tournaments/repository';
import type { FeatureDefinition, PromotionContribution } from '../../platform/define-feature';
import { titleOf } from './views';

/**
 * The tournament card (docs/features/promotions.md): the running tournament the player is in, else
 * the first one running, open or announced. Ready while it can be joined or played; an announced one
 * counts down to its opening.
 */
export const tournamentPromotions: NonNullable<FeatureDefinition['promotions']> = async ({ db, player, locale }) => {
  const { runs } = await listRuns(db, { past: false, limit: 10, offset: 0 });
  if (runs.length === 0) return [];
  let pick: RunRow = runs[0]!;
  let joined = false;
  for (const run of runs) {
    if (run.status === 'announced') continue;
    if (await findEntry(db, run.id, player.id)) {
      pick = run;
      joined = true;
      break;
    }
  }
  if (!joined) joined = (await findEntry(db, pick.id, player.id)) !== undefined;
  const data: TournamentPromotionData = { id: pick.id, title: titleOf(pick, locale), status: pick.status as TournamentPromotionData['status'], startAtMs: Number(pick.start_ms), endAtMs: Number(pick.end_ms), teamBased: Number(pick.team_based) === 1, joined };
  const card: PromotionContribution = { type: 'tournament', key: String(pick.id), data, link: { modal: 'tournaments' }, availableAtMs: pick.status === 'announced' ? Number(pick.open_at_ms) : null, finishesAtMs: Number(pick.end_ms) };
  return [card];
};
