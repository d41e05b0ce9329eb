import { AdventureMapSectionReached } from '@sweepstack/contracts/adventure-map/events';
import { GameRoundPlayed } from '@sweepstack/contracts/games/events';
import { QuestTaskCompleted } from '@sweepstack/contracts/quests/events';
import { addAdventureMapPointsOfMany, adventureMapSections, adventureMapSettings } from '@sweepstack/db/adventure-map/repository';
import { pointsEarned } from '@sweepstack/domain/adventure-map/map-rules';
import type { EventContext, On, OnBatch } from '../../events/registry';
import { isMapRunning } from './map-info';

/**
 * Adds map points for rounds and completed quest tasks (one transaction per batch), and tells the
 * player when their points reach a stop they had not reached (`sectionReached`).
 */
async function earn(ctx: EventContext, earned: ReadonlyMap<number, { rounds: number; tasks: number }>): Promise<void> {
  if (earned.size === 0) return;
  const nowMs = ctx.clock.nowMs();
  const settings = await adventureMapSettings(ctx.trx);
  if (!isMapRunning(settings, nowMs)) return;
  const sections = await adventureMapSections(ctx.trx);
  const added = new Map<number, number>();
  for (const [playerId, { rounds, tasks }] of earned) {
    const points = pointsEarned(settings, rounds, tasks);
    if (points > 0) added.set(playerId, points);
  }
  if (added.size === 0) return;
  const after = await addAdventureMapPointsOfMany(ctx.trx, added, settings.slug, nowMs);
  for (const [playerId, points] of added) {
    const now = after.get(playerId)!;
    const was = now - points;
    const reached = sections.filter((s) => s.index > 0 && s.pointsNeeded > was && s.pointsNeeded <= now);
    for (const section of reached) {
      await ctx.recordPush({ eventType: AdventureMapSectionReached.name, playerId, payload: { slug: settings.slug, index: section.index }, push: { type: 'adventureMap', action: 'sectionReached', data: { slug: settings.slug, index: section.index, points: now } } });
    }
  }
}

export function adventureMapHandlers({ onBatch }: { on: On; onBatch: OnBatch }): void {
  onBatch(GameRoundPlayed, async function pointsForRounds(events, ctx) {
    const earned = new Map<number, { rounds: number; tasks: number }>();
    for (const event of events) {
      if (event.playerId === null) continue;
      const mine = earned.get(event.playerId) ?? { rounds: 0, tasks: 0 };
      mine.rounds += 1;
      earned.set(event.playerId, mine);
    }
    await earn(ctx, earned);
  });

  onBatch(QuestTaskCompleted, async function pointsForQuestTasks(events, ctx) {
    const earned = new Map<number, { rounds: number; tasks: number }>();
    for (const event of events) {
      if (event.playerId === null) continue;
      const mine = earned.get(event.playerId) ?? { rounds: 0, tasks: 0 };
      mine.tasks += 1;
      earned.set(event.playerId, mine);
    }
    await earn(ctx, earned);
  });
}
