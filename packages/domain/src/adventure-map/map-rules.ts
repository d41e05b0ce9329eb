/**
 * The adventure map (docs/features/adventure-map.md): stops (sections) along a path, each reached
 * at a number of map points and holding an award. Points come from quest tasks completed and rounds
 * played. The player moves their token one stop at a time once its points are reached; moving onto a
 * stop makes it the current section and claims its award (spec §4). Pure rules.
 */

export interface MapSectionRule {
  index: number;
  /** Points needed, counted from the start of the map, to reach this stop (stop 0 needs 0). */
  pointsNeeded: number;
  /** The award: Gold Coins and Fortune Coin cents. */
  award: { gc: number; fcCents: number };
}

export interface MapPlayerState {
  points: number;
  currentIndex: number;
  claimed: ReadonlySet<number>;
}

export interface MapSectionView {
  index: number;
  isCurrent: boolean;
  isAwardClaimed: boolean;
  /** The points are there: the token may move here (for the next stop) or has passed it. */
  isReached: boolean;
  /** Progress toward this stop from the one before it. */
  progressBar: { current: number; target: number; percent: number };
}

/** Checks operator sections: indexes 0…n-1 in order, stop 0 at 0 points, points strictly rising. */
export function checkMapSections(sections: readonly MapSectionRule[]): string | null {
  if (sections.length < 2) return 'a map needs at least two stops';
  for (const [i, section] of sections.entries()) {
    if (section.index !== i) return `stop ${i} must have index ${i}`;
    if (i === 0 && section.pointsNeeded !== 0) return 'the first stop is the start: 0 points';
    if (i > 0 && section.pointsNeeded <= sections[i - 1]!.pointsNeeded) return `stop ${i} must need more points than stop ${i - 1}`;
  }
  return null;
}

export function mapSectionViews(sections: readonly MapSectionRule[], state: MapPlayerState): MapSectionView[] {
  return sections.map((section, i) => {
    const from = i === 0 ? 0 : sections[i - 1]!.pointsNeeded;
    const target = section.pointsNeeded - from;
    const current = Math.max(0, Math.min(target, state.points - from));
    return {
      index: section.index,
      isCurrent: section.index === state.currentIndex,
      isAwardClaimed: state.claimed.has(section.index),
      isReached: state.points >= section.pointsNeeded,
      progressBar: { current, target, percent: target === 0 ? 100 : Math.floor((current * 100) / target) },
    };
  });
}

export type MoveRefusal = 'unknownSection' | 'notNext' | 'notReached';

/** Whether the token may move to `index` now: only the next stop, and only once its points are reached. */
export function moveRefusal(sections: readonly MapSectionRule[], state: MapPlayerState, index: number): MoveRefusal | null {
  const section = sections[index];
  if (!section || section.index !== index) return 'unknownSection';
  if (index !== state.currentIndex + 1) return 'notNext';
  if (state.points < section.pointsNeeded) return 'notReached';
  return null;
}

/** Points a batch of play and quest completions earns. */
export function pointsEarned(rules: { pointsPerRound: number; pointsPerTask: number }, rounds: number, tasks: number): number {
  return rules.pointsPerRound * rounds + rules.pointsPerTask * tasks;
}
