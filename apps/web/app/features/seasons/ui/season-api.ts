import type { PushOf } from '@sweepstack/contracts/realtime/push';
import type { SeasonResponse, SeasonView } from '@sweepstack/contracts/seasons/season';
import { http } from '../../../lib/http';
import { SEASON_PRIZES_KEY } from '../feature';

export type PrizeAssigned = Extract<PushOf<'season'>, { action: 'prizeAssigned' }>['data'];

/** GET /rest/seasons/ (the default season); null when there is none or the fetch failed. */
export async function loadSeason(): Promise<SeasonView | null> {
  try {
    return (await http<SeasonResponse>('/rest/seasons/')).data;
  } catch {
    return null;
  }
}

/** The prizes pushed since the congratulations last showed (spec §4: the push stores the completed level). */
export function keptPrizes(): PrizeAssigned[] {
  try {
    const kept = JSON.parse(window.localStorage.getItem(SEASON_PRIZES_KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as PrizeAssigned[]) : [];
  } catch {
    return [];
  }
}

/** Keeps only the completed level (the highest one shown) once the congratulations closed. */
export function clearKeptPrizes(): void {
  try {
    const kept = keptPrizes();
    const last = kept.reduce<PrizeAssigned | null>((top, p) => (top === null || p.level > top.level ? p : top), null);
    window.localStorage.setItem(SEASON_PRIZES_KEY, '[]');
    if (last) window.localStorage.setItem(`${SEASON_PRIZES_KEY}_level`, JSON.stringify({ slug: last.slug, level: last.level }));
  } catch {
    // Storage denied: nothing to clear.
  }
}
