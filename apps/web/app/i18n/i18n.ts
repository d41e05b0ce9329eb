import type { TranslationDictionary } from '@sweepstack/contracts/app/translations';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../lib/locale';
import { isPageNamespace } from './page-namespaces';

/** Emitted when the dictionary grows after a string was rendered before its namespace was there. */
const GROWN_EVENT = 'sweepstackDictionaryGrown';

interface ClientState {
  instance: i18n;
  /** The whole dictionary, once fetched (GET /api/rest/translations/{locale}). */
  full: Promise<void> | null;
  complete: boolean;
  /** A page namespace was read before it arrived: re-render when it does. */
  missed: boolean;
}

const clients = new Map<Locale, ClientState>();
const warnedKeys = new Set<string>();
let activeLocale: Locale | null = null;
/** The features' page namespaces (root data): the core's are known here. */
let featureNamespaces: readonly string[] = [];

function topNamespace(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

function newInstance(locale: Locale, dictionary: TranslationDictionary, isComplete: () => boolean, onLateKey: (key: string) => void): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: structuredClone(dictionary) } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false, bindI18n: `languageChanged ${GROWN_EVENT}` },
    // While only slices are here, a missing string of a page namespace renders as nothing (never as
    // its raw key) and brings the whole dictionary; the page then re-renders. Once the dictionary is
    // complete, a missing key shows as the key, as i18next does by default.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (defaultValue !== undefined) return defaultValue;
      if (isComplete() || !isPageNamespace(topNamespace(key), featureNamespaces)) return key;
      onLateKey(key);
      return '';
    },
  });
  return instance;
}

/** Server instances per dictionary slice (the slice object is kept by the root loader) and locale. */
const serverInstances = new WeakMap<TranslationDictionary, Map<Locale, i18n>>();

/**
 * The i18next instance of a render. On the server one per slice object of the page (made once, and
 * made again when the dictionary changes). In the
 * browser one per locale for the whole visit: each route's slice is merged in, so strings of earlier
 * pages and of the whole dictionary stay available when the root data revalidates.
 */
export function createI18n(locale: Locale, dictionary: TranslationDictionary, features: readonly string[] = []): i18n {
  featureNamespaces = features;
  if (typeof document === 'undefined') {
    // The root loader hands out the same slice object while the dictionary is unchanged
    // (namespaces.ts, keptDocumentTranslations): its instance is made once. A server render only
    // reads it (a document's language route brings no slice to merge, and nothing changes the language).
    let byLocale = serverInstances.get(dictionary);
    if (!byLocale) serverInstances.set(dictionary, (byLocale = new Map()));
    let instance = byLocale.get(locale);
    if (!instance) {
      instance = newInstance(locale, dictionary, () => false, (key) => {
        if (process.env.NODE_ENV !== 'production') console.warn(`[i18n] ${key} rendered on a page that does not embed its namespace (apps/web/app/i18n/namespaces.ts)`);
      });
      byLocale.set(locale, instance);
    }
    return instance;
  }
  activeLocale = locale;
  let state = clients.get(locale);
  if (!state) {
    const created: ClientState = { instance: undefined as unknown as i18n, full: null, complete: false, missed: false };
    created.instance = newInstance(locale, dictionary, () => created.complete, (key) => {
      if (created.complete) return;
      // A page renders a namespace it does not embed: a gap in i18n/namespaces.ts (the tests look for this).
      if (!warnedKeys.has(key)) {
        warnedKeys.add(key);
        console.warn(`[i18n] ${key} rendered before its namespace arrived (apps/web/app/i18n/namespaces.ts)`);
      }
      created.missed = true;
      void loadFullDictionary(locale);
    });
    clients.set(locale, created);
    state = created;
  } else {
    addTranslations(state.instance, locale, dictionary);
  }
  return state.instance;
}

/** Merges a slice into an instance (idempotent; a later slice of the same key wins). */
export function addTranslations(instance: i18n, locale: Locale, dictionary: TranslationDictionary): void {
  if (Object.keys(dictionary).length > 0) instance.addResourceBundle(locale, 'translation', structuredClone(dictionary), true, true);
}

/** Fetches the whole dictionary of a locale once per visit and merges it (browser only). */
export function loadFullDictionary(locale: Locale | null = activeLocale): Promise<void> {
  if (typeof document === 'undefined' || !locale) return Promise.resolve();
  const state = clients.get(locale);
  if (!state) return Promise.resolve();
  state.full ??= fetch(`/api/rest/translations/${locale}`, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`translations ${response.status}`);
      const dictionary = (await response.json()) as TranslationDictionary;
      // The slices already merged are the same strings; the whole dictionary only adds.
      state.instance.addResourceBundle(locale, 'translation', dictionary, true, false);
      state.complete = true;
      if (state.missed) {
        state.missed = false;
        state.instance.emit(GROWN_EVENT);
      }
    })
    .catch(() => {
      // Tried again by the next lazy chunk or late key.
      state.full = null;
    });
  return state.full;
}

/**
 * Wraps a lazy chunk's import so that it renders only once the whole dictionary is there: modals,
 * the cash widget and the other parts that can open on any page use namespaces a page does not embed.
 */
export function withFullDictionary<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), fullDictionary()]).then(([module]) => module);
}

/**
 * Resolves once the whole dictionary is there. A failed fetch is tried again (after 0.25 s, doubling
 * up to 2 s) instead of letting the chunk render without its strings: a cash widget preloaded while
 * the dictionary could not be fetched must not open later showing raw keys.
 */
async function fullDictionary(): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const locale = activeLocale;
    await loadFullDictionary(locale);
    const state = typeof document === 'undefined' || !locale ? undefined : clients.get(locale);
    if (!state || state.complete) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * 2 ** attempt)));
  }
}

/** Once the page has loaded and is idle, the rest of the dictionary arrives (modals then open at once). */
export function prefetchFullDictionaryWhenIdle(): () => void {
  let idle: number | undefined;
  const schedule = () => {
    const run = () => void loadFullDictionary();
    idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5000 }) : window.setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/** The browser's i18next instance of the current locale (for text made outside React: a push's toast), if any. */
export function activeI18n(): i18n | undefined {
  return activeLocale ? clients.get(activeLocale)?.instance : undefined;
}
