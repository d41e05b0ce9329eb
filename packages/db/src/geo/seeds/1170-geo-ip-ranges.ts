import { isIP } from 'node:net';
import type { Kysely } from 'kysely';
import { applyContentSet, contentVersion } from '../../repositories/content';
import type { Database } from '../../schema';
import type { SeedOptions } from '../../seed';
import { CONTENT_DIR, fail, isRecord, parseContentJson, readContentText, readItems } from '../../seeds/content-files';
import '../tables';

const FILE = 'geo/ip-ranges.json';

/** `address/prefix` with a prefix the family allows; answers the text as written (trimmed). */
function readCidr(value: unknown, where: string): string {
  if (typeof value !== 'string') fail(FILE, `${where}.cidr must be address/prefix`);
  const [address, prefix, ...rest] = value.trim().split('/');
  const family = isIP(address ?? '');
  const bits = Number(prefix);
  if (rest.length > 0 || family === 0 || !/^\d{1,3}$/.test(prefix ?? '') || bits > (family === 4 ? 32 : 128)) fail(FILE, `${where}.cidr must be address/prefix`);
  return `${address!.toLowerCase()}/${bits}`;
}

/**
 * The sandbox IP-location ranges (content/geo/ip-ranges.json, docs/geo-restriction.md): replaced as a
 * set when the file changes (the same rule as the restricted states).
 */
export async function seed(db: Kysely<Database>, _options?: SeedOptions, contentDir: string = CONTENT_DIR): Promise<Record<string, string>> {
  const text = readContentText(contentDir, FILE);
  if (text === undefined) return { 'geo-ip-ranges': 'missing' };
  const seen = new Set<string>();
  const rows = readItems(parseContentJson(text, FILE), 'ranges', FILE).map((raw, i) => {
    const where = `ranges[${i}]`;
    if (!isRecord(raw)) fail(FILE, `${where} must be an object`);
    const cidr = readCidr(raw.cidr, where);
    if (seen.has(cidr)) fail(FILE, `${where}.cidr ${cidr} is repeated`);
    seen.add(cidr);
    if (typeof raw.country !== 'string' || !/^[A-Z]{2}$/.test(raw.country)) fail(FILE, `${where}.country must be a two-letter upper-case code`);
    const state = raw.state ?? null;
    if (state !== null && (typeof state !== 'string' || !/^[A-Z]{2}$/.test(state) || raw.country !== 'US')) fail(FILE, `${where}.state must be a USPS code of a US range, or null`);
    const note = raw.note ?? null;
    if (note !== null && (typeof note !== 'string' || note.length > 200)) fail(FILE, `${where}.note must be a text of at most 200 characters`);
    return { cidr, country: raw.country, state: state as string | null, note: note as string | null };
  });
  const result = await applyContentSet(db, 'geo-ip-ranges', contentVersion(text), Date.now(), async (trx) => {
    await trx.deleteFrom('geo_ip_ranges').execute();
    if (rows.length > 0) await trx.insertInto('geo_ip_ranges').values(rows).execute();
  });
  return { 'geo-ip-ranges': result };
}
