import type { AdventureMapInfo } from '@sweepstack/contracts/adventure-map/map';
import { adventureMapSections, adventureMapSettings, adventureMapStateOf, type AdventureMapSettings } from '@sweepstack/db/adventure-map/repository';
import type { Database } from '@sweepstack/db/schema';
import { mapSectionViews, type MapPlayerState, type MapSectionRule } from '@sweepstack/domain/adventure-map/map-rules';
import type { Kysely, Transaction } from 'kysely';

type Db = Kysely<Database> | Transaction<Database>;

export const FEATURE = 'adventure-map';

/** Points are earned while the map's event runs. */
export function isMapRunning(settings: AdventureMapSettings | null, nowMs: number): settings is AdventureMapSettings {
  return settings !== null && settings.active && settings.startsAtMs <= nowMs && nowMs < settings.endsAtMs;
}

export function awardView(award: { gc: number; fcCents: number }): { coins: number; entries: number } {
  return { coins: award.gc, entries: award.fcCents / 100 };
}

export function mapInfoOf(settings: AdventureMapSettings | null, sections: readonly MapSectionRule[], state: MapPlayerState, nowMs: number): AdventureMapInfo {
  if (!settings) return { event: null, points: 0, sections: [] };
  const views = mapSectionViews(sections, state);
  return {
    event: {
      slug: settings.slug,
      title: settings.title,
      startsAt: new Date(settings.startsAtMs).toISOString(),
      endsAt: new Date(settings.endsAtMs).toISOString(),
      isActive: isMapRunning(settings, nowMs),
      pointsPerRound: settings.pointsPerRound,
      pointsPerTask: settings.pointsPerTask,
    },
    points: state.points,
    sections: views.map((view, i) => ({ ...view, award: awardView(sections[i]!.award) })),
  };
}

/** The map for a player (or a guest: at the start with no points). */
export async function readMapInfo(db: Db, playerId: number | null, nowMs: number): Promise<{ info: AdventureMapInfo; settings: AdventureMapSettings | null; sections: MapSectionRule[]; state: MapPlayerState }> {
  const settings = await adventureMapSettings(db);
  const sections = settings ? await adventureMapSections(db) : [];
  const state = settings && playerId !== null ? await adventureMapStateOf(db, playerId, settings.slug) : { points: 0, currentIndex: 0, claimed: new Set<number>() };
  return { info: mapInfoOf(settings, sections, state, nowMs), settings, sections, state };
}
