import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import { registry } from '../platform/registry';
import { CORE_PAGE_NAMESPACES } from './page-namespaces';

/**
 * Which part of the dictionary a page embeds in its HTML (see docs/web-shell.md, "Translations").
 *
 * The dictionary's top-level keys are its namespaces. Namespaces listed in PAGE_NAMESPACES (the
 * core's, i18n/page-namespaces.ts, and those the features declare in their feature.ts) are embedded
 * only on the pages that render them; every other top-level key (common, header, footer, errors, ...
 * and any namespace added later) belongs to the shell and is embedded on every page.
 * Adding a key to a namespace is therefore an edit of the dictionaries only. The rest of the
 * dictionary reaches the browser on demand: the lazy chunks (modals, cash widget, ...) wait for the
 * whole dictionary before they render, and it is fetched once the page is idle.
 *
 * An entry may also name a subtree (`features.lobby`) when a page renders only that part.
 */
/** The core's page namespaces and every feature's own (its feature.ts `strings.namespaces`). */
export const PAGE_NAMESPACES: readonly string[] = [...new Set([...CORE_PAGE_NAMESPACES, ...registry.pageNamespaces])];

/**
 * Shell pieces of page namespaces: titles of pages without their own (root meta) and the like, and
 * what the features' shell parts show on every page (their feature.ts `strings.shell`).
 */
const SHELL_SUBTREES = ['home.hero.kicker', ...registry.shellSubtrees];

/** The page namespaces a path renders (path without the language prefix). */
export function routeNamespaces(path: string): string[] {
  const p = path.endsWith('/') ? path : `${path}/`;
  if (p === '/') return ['home', 'lobby', 'games'];
  if (p.startsWith('/lobby/')) return ['lobby', 'games', 'features.lobby'];
  if (p.startsWith('/library/') || p.startsWith('/issues/')) return ['lobby', 'games'];
  if (/^\/(signin|signup|reset|register)\//.test(p)) return ['auth'];
  if (p.startsWith('/registration-complete/')) return ['registrationComplete', 'auth'];
  if (p.startsWith('/geoblock/')) return ['geoblock'];
  if (p.startsWith('/fairness/')) return ['fairness', 'games'];
  if (p.startsWith('/account/')) return ['account', 'kyc'];
  if (/^\/games\/[^/]+\/play\//.test(p)) return ['gameClient', 'games'];
  return registry.routeNamespaces(p) ?? [];
}

export interface PageState {
  /** Guests see Sign in / Sign up in the header and the bottom nav. */
  isGuest: boolean;
  /** The consent banner shows until consent is given. */
  consentGiven: boolean;
}

/** Page namespaces the shell renders in this state (besides the shell namespaces proper). */
export function stateNamespaces(state: PageState): string[] {
  const names: string[] = [];
  if (state.isGuest) names.push('auth');
  if (!state.consentGiven) names.push('consent');
  return names;
}

const PAGE_SET: ReadonlySet<string> = new Set(PAGE_NAMESPACES);

type Node = TranslationDictionary[string];

function readPath(dictionary: TranslationDictionary, parts: readonly string[]): Node | undefined {
  let node: Node | undefined = dictionary;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as TranslationDictionary)[part];
  }
  return node;
}

function writePath(target: TranslationDictionary, parts: readonly string[], value: Node): void {
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as TranslationDictionary;
  }
  node[parts[parts.length - 1]!] = value;
}

/** The shell namespaces plus the named page namespaces (or subtrees) of a dictionary. */
export function pickTranslations(dictionary: TranslationDictionary, pageEntries: readonly string[], withShell: boolean): TranslationDictionary {
  const out: TranslationDictionary = {};
  if (withShell) {
    for (const [name, value] of Object.entries(dictionary)) if (!PAGE_SET.has(name)) out[name] = value;
  }
  // Deeper entries first: a whole namespace written later replaces them, and writing a subtree never
  // walks into an object shared with the source dictionary.
  const entries = [...new Set(withShell ? [...SHELL_SUBTREES, ...pageEntries] : pageEntries)].map((entry) => entry.split('.'));
  entries.sort((a, b) => b.length - a.length);
  for (const parts of entries) {
    const value = readPath(dictionary, parts);
    if (value !== undefined) writePath(out, parts, value);
  }
  return out;
}

/** The dictionary slice a document embeds: shell, the shell's state-dependent parts, the page's own. */
export function documentTranslations(dictionary: TranslationDictionary, path: string, state: PageState): TranslationDictionary {
  return pickTranslations(dictionary, [...stateNamespaces(state), ...routeNamespaces(path)], true);
}

/** Slices handed out per dictionary object and embedded namespaces: the same object while the dictionary is unchanged. */
const keptSlices = new WeakMap<TranslationDictionary, Map<string, TranslationDictionary>>();

/**
 * documentTranslations, kept: the same slice object for the same dictionary object (the root loader
 * keeps the dictionary per content version) and the same namespaces, so that the server makes its
 * i18next instance of a slice once (i18n.ts). Callers must not change the slice.
 */
export function keptDocumentTranslations(dictionary: TranslationDictionary, path: string, state: PageState): TranslationDictionary {
  const entries = [...stateNamespaces(state), ...routeNamespaces(path)];
  const key = entries.join(',');
  let slices = keptSlices.get(dictionary);
  if (!slices) keptSlices.set(dictionary, (slices = new Map()));
  let slice = slices.get(key);
  if (!slice) {
    slice = pickTranslations(dictionary, entries, true);
    slices.set(key, slice);
  }
  return slice;
}

/** The slice a client navigation brings along: the target page's own namespaces only. */
export function navigationTranslations(dictionary: TranslationDictionary, path: string, state: Pick<PageState, 'isGuest'>): TranslationDictionary {
  return pickTranslations(dictionary, [...(state.isGuest ? ['auth'] : []), ...routeNamespaces(path)], false);
}
