import { describe, expect, it } from 'vitest';
import { applyQuestActivities, progressPercent, QUEST_DAY_MS, questDays, type QuestActivity, type QuestRule, type TaskProgress } from './quest-rules';

const START = Date.parse('2026-12-01T00:00:00Z');
const task = (id: number, dayIndex: number, kind: QuestRule['tasks'][number]['kind'], target: number, extra: Partial<QuestRule['tasks'][number]> = {}) => ({ id, dayIndex, kind, target, currency: null, gameIds: [], feature: null, minAmountCents: 0, ...extra });
const round = (atMs: number, extra: Partial<{ gameId: number; currency: 'GC' | 'FC'; stake: number; win: number }> = {}): QuestActivity => ({ kind: 'round', atMs, gameId: 1, currency: 'GC', stake: 10, win: 0, ...extra });

const season: QuestRule = {
  id: 1,
  type: 'season',
  startsAtMs: START,
  endsAtMs: START + 7 * QUEST_DAY_MS,
  dayCount: 2,
  tasks: [task(1, 0, 'rounds', 2, { gameIds: [1] }), task(2, 1, 'wager', 30, { currency: 'GC' })],
};

describe('quest rules', () => {
  it('a season day unlocks when the day before is completed; the round that completes it does not count for the next', () => {
    const first = applyQuestActivities(season, new Map(), [round(START + 1), round(START + 2)]);
    expect(first.completed).toEqual([1]);
    expect(first.changed.get(2)).toBeUndefined();
    const progress = new Map<number, TaskProgress>(first.changed);
    expect(questDays(season, progress, START + 3).map((d) => [d.isCompleted, d.isLocked])).toEqual([[true, false], [false, false]]);
    const second = applyQuestActivities(season, progress, [round(START + 3, { stake: 25 }), round(START + 4, { stake: 25 })]);
    expect(second.changed.get(2)).toEqual({ progress: 30, completedAtMs: START + 4 });
  });

  it('progress only grows, stops at the target, and a completed task takes no more', () => {
    const before = new Map<number, TaskProgress>([[1, { progress: 2, completedAtMs: START + 5 }]]);
    const result = applyQuestActivities(season, before, [round(START + 6)]);
    expect(result.changed.has(1)).toBe(false);
    expect(result.completed).toEqual([]);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(5, 3)).toBe(100);
  });

  it('counts only matching games, currencies and features, and nothing outside the quest', () => {
    const quest: QuestRule = {
      id: 2,
      type: 'advent',
      startsAtMs: START,
      endsAtMs: START + 3 * QUEST_DAY_MS,
      dayCount: 3,
      tasks: [task(1, 0, 'rounds', 5, { gameIds: [7] }), task(2, 0, 'win', 100, { currency: 'FC' }), task(3, 0, 'purchase', 2, { minAmountCents: 500 }), task(4, 1, 'visit', 1, { feature: 'wheel-of-treasure' })],
    };
    const result = applyQuestActivities(quest, new Map(), [
      round(START - 1, { gameId: 7 }),
      round(START + 1, { gameId: 8 }),
      round(START + 2, { gameId: 7, currency: 'FC', win: 40 }),
      round(START + 3, { gameId: 7, currency: 'GC', win: 40 }),
      { kind: 'purchase', atMs: START + 4, amountCents: 499 },
      { kind: 'purchase', atMs: START + 5, amountCents: 500 },
      { kind: 'visit', atMs: START + 6, feature: 'wheel-of-treasure' },
      { kind: 'visit', atMs: START + QUEST_DAY_MS + 1, feature: 'daily-login' },
      round(START + 3 * QUEST_DAY_MS, { gameId: 7 }),
    ]);
    expect(Object.fromEntries([...result.changed].map(([id, p]) => [id, p.progress]))).toEqual({ 1: 2, 2: 40, 3: 1 });
    // Advent days open on their day, whatever was done before.
    expect(questDays(quest, result.changed, START + QUEST_DAY_MS).map((d) => d.isLocked)).toEqual([false, false, true]);
    expect(questDays(quest, result.changed, START + 3 * QUEST_DAY_MS).every((d) => d.isEnded)).toBe(true);
  });
});

describe('quest economy model', () => {
  it('pays each task once, opening season days one after another', async () => {
    const { questEconomyModel } = await import('./economy-model');
    const model = questEconomyModel({ slug: 's', type: 'season', dayCount: 2, tasks: [{ dayIndex: 0, prize: { gc: 100, fcCents: 0 } }, { dayIndex: 1, prize: { gc: 0, fcCents: 5 } }], budget: { gc: null, fcCents: null } as never, taskChance: 1, note: '' });
    const random = { int: () => 0, float: () => 0 };
    const first = model.playerDay(model.initialState(), true, 0, random);
    expect(first.cost).toEqual({ gc: 100, fcCents: 0 });
    const second = model.playerDay(first.state, true, 1, random);
    expect(second.cost).toEqual({ gc: 0, fcCents: 5 });
    expect(model.playerDay(second.state, true, 2, random).cost).toEqual({ gc: 0, fcCents: 0 });
  });
});
