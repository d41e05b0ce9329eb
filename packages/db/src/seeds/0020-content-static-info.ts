import type { Insertable, Kysely } from 'kysely';
import { applyContentSet, contentVersion } from '../repositories/content';
import type { Database } from '../schema';
import type { SeedOptions } from '../seed';
import type { MenuItemsTable } from '../tables/content';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText, readItems, readTitles } from './content-files';

/**
 * Shell content of static info: sidebar and tap-bar menus, footer, social links, rating and
 * per-feature skin data, from content/static-info/*.json. Each file is one content set applied only
 * when its file changed (docs/app-data.md), so operator edits survive re-seeding.
 */

const ITEM_KEY = /^[a-z0-9][a-z0-9-]{0,79}$/;
const LINK = /^(\/[^\s]*|https:\/\/[^\s]+)$/;

function bool(value: unknown, fallback: boolean, where: string, file: string): number {
  if (value === undefined) return fallback ? 1 : 0;
  if (typeof value !== 'boolean') fail(file, `${where} must be true or false`);
  return value ? 1 : 0;
}

function optionalText(value: unknown, where: string, file: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail(file, `${where} must be a string or null`);
  return value;
}

function menuRows(menu: 'main' | 'tap_bar', items: unknown[], file: string): Array<Insertable<MenuItemsTable>> {
  const seen = new Set<string>();
  return items.map((raw, index) => {
    const where = `items[${index}]`;
    if (!isRecord(raw)) fail(file, `${where} must be an object`);
    if (typeof raw.id !== 'string' || !ITEM_KEY.test(raw.id)) fail(file, `${where}.id must be a lower-case slug`);
    if (seen.has(raw.id)) fail(file, `${where}.id ${raw.id} is repeated`);
    seen.add(raw.id);
    if (typeof raw.url !== 'string' || !LINK.test(raw.url)) fail(file, `${where}.url must be a site path or an https link`);
    const subsection = raw.subsection_number ?? null;
    if (subsection !== null && !Number.isInteger(subsection)) fail(file, `${where}.subsection_number must be an integer or null`);
    return {
      menu,
      item_key: raw.id,
      position: index,
      titles_json: JSON.stringify(readTitles(raw.title, where, file)),
      url: raw.url,
      image: optionalText(raw.image, `${where}.image`, file),
      image_active: optionalText(raw.image_active, `${where}.image_active`, file),
      subsection_number: subsection as number | null,
      is_new: bool(raw.is_new, false, `${where}.is_new`, file),
      animation_event: optionalText(raw.animation_event, `${where}.animation_event`, file),
      is_granted_for_guest: bool(raw.is_granted_for_guest, false, `${where}.is_granted_for_guest`, file),
      show_player_with_deposits: bool(raw.show_player_with_deposits, true, `${where}.show_player_with_deposits`, file),
      show_player_without_deposits: bool(raw.show_player_without_deposits, true, `${where}.show_player_without_deposits`, file),
    };
  });
}

async function seedMenu(db: Kysely<Database>, contentDir: string, menu: 'main' | 'tap_bar', file: string, setName: string, now: number) {
  const text = readContentText(contentDir, file);
  if (text === undefined) return 'missing' as const;
  const rows = menuRows(menu, readItems(parseContentJson(text, file), 'items', file), file);
  return applyContentSet(db, setName, contentVersion(text), now, async (trx) => {
    await trx.deleteFrom('menu_items').where('menu', '=', menu).execute();
    if (rows.length > 0) await trx.insertInto('menu_items').values(rows).execute();
  });
}

/** JSON blocks stored as they are, after a light shape check. */
const BLOCKS: Array<{ name: string; file: string; check: (data: unknown, file: string) => void }> = [
  {
    name: 'footer',
    file: 'static-info/footer.json',
    check: (data, file) => {
      for (const [i, section] of readItems(data, 'menu', file).entries()) {
        if (!isRecord(section) || !Array.isArray(section.second_column)) fail(file, `menu[${i}] needs title and second_column`);
        readTitles(section.title, `menu[${i}]`, file);
        for (const [j, link] of section.second_column.entries()) {
          if (!isRecord(link) || typeof link.url !== 'string' || !LINK.test(link.url)) fail(file, `menu[${i}].second_column[${j}] needs a url`);
          readTitles(link.title, `menu[${i}].second_column[${j}]`, file);
        }
      }
    },
  },
  {
    name: 'social-networks',
    file: 'static-info/social-networks.json',
    check: (data, file) => {
      for (const [i, item] of readItems(data, 'items', file).entries()) {
        if (!isRecord(item) || typeof item.id !== 'string' || typeof item.url !== 'string' || !item.url.startsWith('https://') || typeof item.icon !== 'string') {
          fail(file, `items[${i}] needs id, an https url and icon`);
        }
      }
    },
  },
  {
    name: 'trustpilot',
    file: 'static-info/trustpilot.json',
    check: (data, file) => {
      if (!isRecord(data) || typeof data.rate !== 'number' || data.rate < 0 || data.rate > 5) fail(file, 'rate must be a number from 0 to 5');
    },
  },
  {
    name: 'feat-info',
    file: 'static-info/feat-info.json',
    check: (data, file) => {
      if (!isRecord(data) || !Object.values(data).every(isRecord)) fail(file, 'expected an object of feature objects');
    },
  },
];

export async function seed(db: Kysely<Database>, _options?: SeedOptions, contentDir: string = CONTENT_DIR): Promise<Record<string, string>> {
  const now = Date.now();
  const results: Record<string, string> = {};
  results.menu = await seedMenu(db, contentDir, 'main', 'static-info/menu.json', 'menu', now);
  results['tap-bar'] = await seedMenu(db, contentDir, 'tap_bar', 'static-info/tap-bar.json', 'tap-bar', now);
  for (const block of BLOCKS) {
    const text = readContentText(contentDir, block.file);
    if (text === undefined) {
      results[block.name] = 'missing';
      continue;
    }
    const data = parseContentJson(text, block.file);
    block.check(data, block.file);
    const valueJson = JSON.stringify(data);
    results[block.name] = await applyContentSet(db, block.name, contentVersion(text), now, async (trx) => {
      await trx
        .insertInto('content_blocks')
        .values({ name: block.name, value_json: valueJson, updated_at_ms: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value_json: valueJson, updated_at_ms: now }))
        .execute();
    });
  }
  return results;
}
