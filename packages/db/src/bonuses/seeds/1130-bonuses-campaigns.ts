import { campaignProblems, HOUR_MS, type BonusCampaignDefinition } from '@sweepstack/domain/bonuses/rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { campaignByName, insertCampaign } from '../repository';

const FILE = 'bonuses/campaigns.json';

/**
 * Seeds the operator's sample bonus campaigns from content/bonuses/campaigns.json (a free-spins game
 * named by slug). A campaign that exists (by name) is left alone. Nothing is granted here: a campaign
 * reaches a player only when an operator sends it.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const text = readContentText(CONTENT_DIR, FILE);
  if (text === undefined) return;
  const raw = parseContentJson(text, FILE);
  if (!isRecord(raw) || !Array.isArray(raw.campaigns)) fail(FILE, 'campaigns is required');
  const now = Date.now();
  for (const [i, c] of raw.campaigns.entries()) {
    if (!isRecord(c) || typeof c.name !== 'string') fail(FILE, `campaigns.${i}: name is required`);
    if (await campaignByName(db, c.name)) continue;
    const claimLifetimeMs = Number(c.claimLifetimeHours) * HOUR_MS;
    let definition: BonusCampaignDefinition;
    if (c.bonusType === 'freeEntries') {
      definition = { bonusType: 'freeEntries', amountCents: Number(c.amountCents), claimLifetimeMs };
    } else if (c.bonusType === 'freeSpins') {
      const game = await db.selectFrom('games').select('id').where('slug', '=', String(c.gameSlug)).executeTakeFirst();
      if (!game) continue;
      definition = { bonusType: 'freeSpins', gameId: game.id, spinsCount: Number(c.spinsCount), betLevel: Number(c.betLevel), spinsCurrency: c.spinsCurrency === 'GC' ? 'GC' : 'FC', spinsLifetimeMs: Number(c.spinsLifetimeHours) * HOUR_MS, claimLifetimeMs };
    } else {
      fail(FILE, `campaigns.${i}: bonusType must be freeEntries or freeSpins`);
    }
    const problems = campaignProblems(definition);
    if (problems.length > 0) fail(FILE, `campaigns.${i}: ${problems.join('; ')}`);
    await insertCampaign(db, { name: c.name, active: true, definition, nowMs: now });
  }
}
