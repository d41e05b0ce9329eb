import { ZCachedGamesPayload, ZStoredGamesPayload, type StoredGamesPayload } from '@sweepstack/contracts/games/catalogue';
import type { Catalogue } from './catalogue';

export type CacheCheck = { ok: true; payload: StoredGamesPayload } | { ok: false; reason: string };

/**
 * Checks a games payload sent for the cache: the shape, spec §5 (providers non-empty, games a
 * non-empty object keyed by id — an array is keyed on the way in —, menu an array, issueGamesIds a
 * non-empty object), and that it names only what the catalogue has (games, issues, providers), so a
 * visitor cannot plant games or lists that do not exist for everyone else sharing the hash. The games'
 * titles and the studios' names are set to the catalogue's own.
 */
export function checkCachedGamesPayload(input: unknown, catalogue: Catalogue): CacheCheck {
  const parsed = ZCachedGamesPayload.safeParse(input);
  if (!parsed.success) return { ok: false, reason: `shape: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim() };
  const data = parsed.data;
  const games: Record<string, StoredGamesPayload['games'][string]> = {};
  if (Array.isArray(data.games)) for (const g of data.games) games[String(g.id)] = g;
  else for (const [key, g] of Object.entries(data.games)) {
    if (key !== String(g.id)) return { ok: false, reason: `games: key ${key} is not the game's id` };
    games[key] = g;
  }
  if (data.providers.length === 0) return { ok: false, reason: 'providers is empty' };
  if (Object.keys(games).length === 0) return { ok: false, reason: 'games is empty' };
  if (Object.keys(data.issueGamesIds).length === 0) return { ok: false, reason: 'issueGamesIds is empty' };
  for (const [key, g] of Object.entries(games)) {
    const known = catalogue.byId.get(g.id);
    if (!known || known.game.slug !== g.slug) return { ok: false, reason: `games: unknown game ${g.id}` };
    // The names are the operator's (English and Spanish), never the sender's: an entry stored before
    // the Spanish titles existed gets them on its way out.
    games[key] = { ...g, title: known.game.title, titleEs: known.game.titleEs ?? null };
  }
  for (const [issue, ids] of Object.entries(data.issueGamesIds)) {
    if (!catalogue.issuesBySlug.has(issue)) return { ok: false, reason: `issueGamesIds: unknown issue ${issue}` };
    if (ids.some((id) => !catalogue.validIds.has(id))) return { ok: false, reason: `issueGamesIds.${issue}: unknown game` };
  }
  const providers = new Map(catalogue.payload.providers.map((p) => [p.slug, p]));
  if (data.providers.some((p) => !providers.has(p.slug))) return { ok: false, reason: 'providers: unknown provider' };
  const named = data.providers.map((p) => ({ ...p, title: providers.get(p.slug)!.title, titleEs: providers.get(p.slug)!.titleEs ?? null }));
  return { ok: true, payload: { ...data, games, providers: named } };
}

/** A stored entry read back: valid only if it still parses and passes the same checks. */
export function checkStoredGamesPayload(json: string, catalogue: Catalogue): CacheCheck {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const stored = ZStoredGamesPayload.safeParse(value);
  if (!stored.success) return { ok: false, reason: 'shape' };
  return checkCachedGamesPayload(stored.data, catalogue);
}
