import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../schema';
import type { MenuItemsTable, RouteRulesTable } from '../tables/content';

type Db = Kysely<Database> | Transaction<Database>;

/** SHA-256 (hex) of a content source: the version a content set records. */
export function contentVersion(...sources: string[]): string {
  const hash = createHash('sha256');
  for (const source of sources) hash.update(source).update('\0');
  return hash.digest('hex');
}

/**
 * Applies one content set from its versioned source, idempotently. When the recorded version equals
 * `version` nothing is written, so operator edits made since the last seed survive a re-seed. When the
 * source changed (a release shipped new content), `apply` replaces the set inside one transaction and
 * the new version is recorded. Answers whether anything was written.
 */
export async function applyContentSet(
  db: Kysely<Database>,
  name: string,
  version: string,
  nowMs: number,
  apply: (trx: Transaction<Database>) => Promise<void>,
): Promise<'applied' | 'unchanged'> {
  const current = await db.selectFrom('content_sets').select('version').where('name', '=', name).executeTakeFirst();
  if (current?.version === version) return 'unchanged';
  await db.transaction().execute(async (trx) => {
    await apply(trx);
    await trx
      .insertInto('content_sets')
      .values({ name, version, applied_at_ms: nowMs, updated_at_ms: nowMs })
      .onConflict((oc) => oc.column('name').doUpdateSet({ version, applied_at_ms: nowMs, updated_at_ms: nowMs }))
      .execute();
  });
  return 'applied';
}

/**
 * Records an operator edit of a content set so that every server's cache reloads it. Call it in the
 * same transaction as the edit. The stamp always moves forward, even for two edits in the same
 * millisecond (or a node whose clock is behind): otherwise the second edit would leave the
 * fingerprint unchanged and caches would keep the first.
 */
export async function touchContentSet(db: Db, name: string, nowMs: number): Promise<void> {
  await db
    .insertInto('content_sets')
    .values({ name, version: 'operator', applied_at_ms: nowMs, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('name').doUpdateSet({ updated_at_ms: sql<number>`case when content_sets.updated_at_ms >= ${nowMs} then content_sets.updated_at_ms + 1 else ${nowMs} end` }))
    .execute();
}

/** A cheap fingerprint of all content: changes whenever a set is seeded or edited. */
export async function contentStamp(db: Db): Promise<string> {
  const rows = await db.selectFrom('content_sets').select(['name', 'version', 'updated_at_ms']).orderBy('name').execute();
  return rows.map((r) => `${r.name}:${r.version}:${r.updated_at_ms}`).join('|');
}

export type MenuItemRow = Selectable<MenuItemsTable>;

export async function listMenuItems(db: Db): Promise<MenuItemRow[]> {
  return db.selectFrom('menu_items').selectAll().orderBy('menu').orderBy('position').orderBy('item_key').execute();
}

export async function readContentBlocks(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('content_blocks').select(['name', 'value_json']).execute();
  return new Map(rows.map((r) => [r.name, JSON.parse(r.value_json) as unknown]));
}

export async function findLegalPage(db: Db, name: string, locale: string) {
  return db.selectFrom('legal_pages').selectAll().where('name', '=', name).where('locale', '=', locale).executeTakeFirst();
}

/** Every message of one locale as (dotted key, value) rows. */
export async function listTranslations(db: Db, locale: string): Promise<Array<{ key: string; value: string }>> {
  return db.selectFrom('translations').select(['key', 'value']).where('locale', '=', locale).orderBy('key').execute();
}

export async function listRestrictedStates(db: Db): Promise<Array<{ code: string; name: string }>> {
  return db.selectFrom('restricted_states').select(['code', 'name']).orderBy('name').execute();
}

export type RouteRuleRow = Selectable<RouteRulesTable>;

export async function listRouteRules(db: Db): Promise<RouteRuleRow[]> {
  return db.selectFrom('route_rules').selectAll().orderBy('path_pattern').execute();
}
