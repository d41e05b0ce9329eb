import type { Kysely } from 'kysely';
import { applyContentSet, contentVersion } from '../repositories/content';
import type { Database } from '../schema';
import type { SeedOptions } from '../seed';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText, readItems } from './content-files';

/** Middleware names a route rule may toggle (the web app rejects any other name). */
export const KNOWN_ROUTE_MIDDLEWARES = ['affiliate-redirect', 'route-guard'];

const PATTERN = /^\/[A-Za-z0-9\-._~/]*(\/\*)?$/;

/**
 * Restricted US states (content/static-info/restricted-states.json, docs/geo-restriction.md) and
 * route rules (content/static-info/route-rules.json, docs/route-rules.md).
 */
export async function seed(db: Kysely<Database>, _options?: SeedOptions, contentDir: string = CONTENT_DIR): Promise<Record<string, string>> {
  const now = Date.now();
  const results: Record<string, string> = {};

  const statesFile = 'static-info/restricted-states.json';
  const statesText = readContentText(contentDir, statesFile);
  if (statesText === undefined) results['restricted-states'] = 'missing';
  else {
    const codes = new Set<string>();
    const states = readItems(parseContentJson(statesText, statesFile), 'states', statesFile).map((raw, i) => {
      if (!isRecord(raw) || typeof raw.code !== 'string' || !/^[A-Z]{2}$/.test(raw.code) || typeof raw.name !== 'string' || raw.name.length === 0) {
        fail(statesFile, `states[${i}] needs a two-letter upper-case code and a name`);
      }
      if (codes.has(raw.code)) fail(statesFile, `states[${i}] repeats ${raw.code}`);
      codes.add(raw.code);
      return { code: raw.code, name: raw.name };
    });
    results['restricted-states'] = await applyContentSet(db, 'restricted-states', contentVersion(statesText), now, async (trx) => {
      await trx.deleteFrom('restricted_states').execute();
      if (states.length > 0) await trx.insertInto('restricted_states').values(states).execute();
    });
  }

  const rulesFile = 'static-info/route-rules.json';
  const rulesText = readContentText(contentDir, rulesFile);
  if (rulesText === undefined) results['route-rules'] = 'missing';
  else {
    const patterns = new Set<string>();
    const rules = readItems(parseContentJson(rulesText, rulesFile), 'rules', rulesFile).map((raw, i) => {
      const where = `rules[${i}]`;
      if (!isRecord(raw) || typeof raw.path !== 'string' || !PATTERN.test(raw.path)) fail(rulesFile, `${where}.path must be /path or /path/*`);
      if (patterns.has(raw.path)) fail(rulesFile, `${where}.path ${raw.path} is repeated`);
      patterns.add(raw.path);
      const redirect = raw.redirect ?? null;
      const absolute = raw.absoluteRedirect ?? null;
      if (redirect !== null && (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//'))) fail(rulesFile, `${where}.redirect must be a site path`);
      if (absolute !== null && (typeof absolute !== 'string' || !/^https?:\/\//.test(absolute))) fail(rulesFile, `${where}.absoluteRedirect must be an http(s) URL`);
      const middlewares = raw.middlewares ?? {};
      if (!isRecord(middlewares)) fail(rulesFile, `${where}.middlewares must be an object`);
      for (const [name, on] of Object.entries(middlewares)) {
        if (!KNOWN_ROUTE_MIDDLEWARES.includes(name)) fail(rulesFile, `${where}: unknown route middleware ${name}`);
        if (typeof on !== 'boolean') fail(rulesFile, `${where}.middlewares.${name} must be true or false`);
      }
      return { path_pattern: raw.path, redirect: redirect as string | null, absolute_redirect: absolute as string | null, middlewares_json: JSON.stringify(middlewares) };
    });
    results['route-rules'] = await applyContentSet(db, 'route-rules', contentVersion(rulesText), now, async (trx) => {
      await trx.deleteFrom('route_rules').execute();
      if (rules.length > 0) await trx.insertInto('route_rules').values(rules).execute();
    });
  }
  return results;
}
