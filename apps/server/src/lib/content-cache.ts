import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import {
  contentStamp,
  listMenuItems,
  listRestrictedStates,
  listRouteRules,
  listTranslations,
  readContentBlocks,
  type MenuItemRow,
  type RouteRuleRow,
} from '@sweepstack/db/repositories/content';
import { readFeatureStatuses } from '@sweepstack/db/repositories/feature-state';
import type { AppDeps } from '../app-context';

/**
 * Operator content held in memory per server process. Reads never hit the database except for one
 * tiny fingerprint query (`content_sets`) at most every `checkIntervalMs`; when the fingerprint moved
 * (a seed applied new files, or an operator edit called touchContentSet) the snapshot is reloaded.
 * So every process picks up a change within a few seconds, with no cross-node messaging.
 */
export interface ContentSnapshot {
  stamp: string;
  mainMenu: MenuItemRow[];
  tapBar: MenuItemRow[];
  blocks: ReadonlyMap<string, unknown>;
  restrictedStates: ReadonlyArray<{ code: string; name: string }>;
  restrictedStateCodes: ReadonlySet<string>;
  routeRules: RouteRuleRow[];
  /** Every feature module's site-wide state (`feature_status`, JSON parsed), by feature. */
  featureStatus: ReadonlyMap<string, unknown>;
  /** Answers derived from this snapshot (serialized JSON, ETags), built once per key. */
  memo: Map<string, unknown>;
}

export interface CachedTranslations {
  dictionary: TranslationDictionary;
  json: string;
  etag: string;
}

export class ContentCache {
  private snapshot: ContentSnapshot | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<ContentSnapshot> | undefined;

  constructor(
    private readonly deps: Pick<AppDeps, 'database'>,
    private readonly checkIntervalMs = 5000,
  ) {}

  /** The current snapshot (reloaded first when the content fingerprint changed). */
  get(): Promise<ContentSnapshot> {
    if (this.snapshot && performance.now() - this.checkedAt < this.checkIntervalMs) return Promise.resolve(this.snapshot);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * The current snapshot when it needs no check (read within the check interval), else undefined:
   * for a synchronous fast path that falls back to `get()`.
   */
  fresh(): ContentSnapshot | undefined {
    return this.snapshot && performance.now() - this.checkedAt < this.checkIntervalMs ? this.snapshot : undefined;
  }

  /** Makes the next read check the fingerprint (after an edit in this process). */
  invalidate(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** A value derived from the current snapshot, computed once per snapshot and key. */
  async derived<T>(key: string, build: (snapshot: ContentSnapshot) => T): Promise<T> {
    const snapshot = await this.get();
    if (!snapshot.memo.has(key)) snapshot.memo.set(key, build(snapshot));
    return snapshot.memo.get(key) as T;
  }

  /** The translations of one locale (loaded on first use per snapshot), or undefined when there are none. */
  async translations(locale: string): Promise<CachedTranslations | undefined> {
    const key = `translations:${locale}`;
    const snapshot = await this.get();
    let loading = snapshot.memo.get(key) as Promise<CachedTranslations | undefined> | undefined;
    if (!loading) {
      loading = this.loadTranslations(locale);
      snapshot.memo.set(key, loading);
      // A failed read must not stick: the next request tries again.
      loading.catch(() => snapshot.memo.delete(key));
    }
    return loading;
  }

  private async loadTranslations(locale: string): Promise<CachedTranslations | undefined> {
    const rows = await listTranslations(this.deps.database.db, locale);
    if (rows.length === 0) return undefined;
    const dictionary = unflattenDictionary(rows);
    const json = JSON.stringify(dictionary);
    return { dictionary, json, etag: `"${createHash('sha256').update(json).digest('hex').slice(0, 32)}"` };
  }

  private async refresh(): Promise<ContentSnapshot> {
    const db = this.deps.database.db;
    const stamp = await contentStamp(db);
    if (this.snapshot?.stamp !== stamp) {
      const [menu, blocks, restrictedStates, routeRules, featureStatus] = await Promise.all([listMenuItems(db), readContentBlocks(db), listRestrictedStates(db), listRouteRules(db), readFeatureStatuses(db)]);
      this.snapshot = {
        stamp,
        mainMenu: menu.filter((m) => m.menu === 'main'),
        tapBar: menu.filter((m) => m.menu === 'tap_bar'),
        blocks,
        restrictedStates,
        restrictedStateCodes: new Set(restrictedStates.map((s) => s.code)),
        routeRules,
        featureStatus,
        memo: new Map(),
      };
    }
    this.checkedAt = performance.now();
    return this.snapshot;
  }
}

const caches = new WeakMap<object, ContentCache>();

/** The content cache of this server (one per app), checking the fingerprint every CONTENT_CHECK_INTERVAL_MS. */
export function contentCache(deps: Pick<AppDeps, 'database'> & { config?: Pick<AppDeps['config'], 'CONTENT_CHECK_INTERVAL_MS'> }): ContentCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ContentCache(deps, deps.config?.CONTENT_CHECK_INTERVAL_MS);
    caches.set(deps, cache);
  }
  return cache;
}

type Node = string | TranslationDictionary | Array<string | TranslationDictionary>;

/**
 * Rebuilds the nested dictionary from dotted keys. Objects whose keys are exactly 0..n-1 become
 * arrays again (the seed flattens arrays by index).
 */
export function unflattenDictionary(rows: ReadonlyArray<{ key: string; value: string }>): TranslationDictionary {
  const root: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    const parts = key.split('.');
    // The seed refuses these; a row edited into the database must not reach an object's prototype.
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i]!;
      const next = node[part];
      if (typeof next === 'object' && next !== null) node = next as Record<string, unknown>;
      else {
        // A key that is both a message and a branch keeps the branch: the seed never writes both.
        const branch: Record<string, unknown> = {};
        node[part] = branch;
        node = branch;
      }
    }
    const leaf = parts[parts.length - 1]!;
    if (typeof node[leaf] !== 'object') node[leaf] = value;
  }
  return restoreArrays(root) as TranslationDictionary;
}

function restoreArrays(node: unknown): Node {
  if (typeof node !== 'object' || node === null) return node as string;
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record);
  const restored = Object.fromEntries(keys.map((k) => [k, restoreArrays(record[k])]));
  const isArray = keys.length > 0 && keys.every((k) => /^(0|[1-9]\d*)$/.test(k)) && keys.map(Number).sort((a, b) => a - b).every((n, i) => n === i);
  if (isArray) return keys.map(Number).sort((a, b) => a - b).map((n) => restored[String(n)]) as Array<string | TranslationDictionary>;
  return restored as TranslationDictionary;
}
