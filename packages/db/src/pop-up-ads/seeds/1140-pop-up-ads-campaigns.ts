import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText } from '../../seeds/content-files';
import { insertCampaign, insertPopup } from '../repository';

const FILE = 'pop-up-ads/campaigns.json';
const TRIGGERS = new Set(['closeCashbox', 'closeGame', 'sessionStart']);
const IMAGES = new Set(['gift', 'coins', 'ticket', 'trophy']);

const text = (value: unknown, where: string, max: number): string => {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) fail(FILE, `${where} must be a text of at most ${max} characters`);
  return value;
};
const whole = (value: unknown, where: string): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail(FILE, `${where} must be a whole number`);
  return value;
};

function content(value: unknown, where: string): string {
  if (!isRecord(value)) fail(FILE, `${where} is required`);
  const out: Record<string, { title: string; text: string; ctaLabel: string }> = {};
  for (const locale of ['en', 'es']) {
    const c = value[locale];
    if (!isRecord(c)) fail(FILE, `${where}.${locale} is required`);
    out[locale] = { title: text(c.title, `${where}.${locale}.title`, 80), text: text(c.text, `${where}.${locale}.text`, 300), ctaLabel: text(c.ctaLabel, `${where}.${locale}.ctaLabel`, 40) };
  }
  return JSON.stringify(out);
}

/**
 * Seeds the pop-up ad campaigns of content/pop-up-ads/campaigns.json that do not exist yet (by name).
 * The shipped campaign is inactive (docs/features/pop-up-ads.md): an operator switches it on.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const raw = readContentText(CONTENT_DIR, FILE);
  if (raw === undefined) return;
  const data = parseContentJson(raw, FILE);
  if (!isRecord(data) || !Array.isArray(data.campaigns)) fail(FILE, 'campaigns is required');
  const now = Date.now();
  for (const [i, campaign] of data.campaigns.entries()) {
    if (!isRecord(campaign) || !Array.isArray(campaign.popups)) fail(FILE, `campaigns[${i}] needs popups`);
    const name = text(campaign.name, `campaigns[${i}].name`, 80);
    const existing = await db.selectFrom('pop_up_ad_campaigns').select('id').where('name', '=', name).executeTakeFirst();
    if (existing) continue;
    const audience = campaign.audience;
    const deposits = campaign.deposits;
    if (audience !== 'guests' && audience !== 'players' && audience !== 'everyone') fail(FILE, `campaigns[${i}].audience`);
    if (deposits !== 'any' && deposits !== 'with' && deposits !== 'without') fail(FILE, `campaigns[${i}].deposits`);
    await db.transaction().execute(async (trx) => {
      const id = await insertCampaign(trx, { name, priority: whole(campaign.priority, `campaigns[${i}].priority`), active: campaign.active === true ? 1 : 0, audience, deposits, starts_at_ms: null, ends_at_ms: null, test_player_emails_json: '[]' }, now);
      for (const [j, popup] of (campaign.popups as unknown[]).entries()) {
        const where = `campaigns[${i}].popups[${j}]`;
        if (!isRecord(popup) || !Array.isArray(popup.triggers) || !popup.triggers.every((t) => typeof t === 'string' && TRIGGERS.has(t))) fail(FILE, `${where}.triggers`);
        if (typeof popup.image !== 'string' || !IMAGES.has(popup.image)) fail(FILE, `${where}.image`);
        await insertPopup(
          trx,
          id,
          {
            name: text(popup.name, `${where}.name`, 80),
            priority: whole(popup.priority, `${where}.priority`),
            active: 1,
            delay_seconds: whole(popup.delaySeconds, `${where}.delaySeconds`),
            triggers_json: JSON.stringify(popup.triggers),
            image: popup.image,
            cta_url: text(popup.ctaUrl, `${where}.ctaUrl`, 120),
            content_json: content(popup.content, `${where}.content`),
          },
          now,
        );
      }
    });
  }
}
