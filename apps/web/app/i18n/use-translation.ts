import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

/**
 * The components' `useTranslation()`: the same `{ t, i18n }` as react-i18next's, without its cost.
 * react-i18next 17 copies every property of the i18next instance into a wrapper object the first
 * time each component instance calls it; on the server every component renders once, so a lobby
 * paid that copy for every tile, arrow and heart: 12% of the server's CPU per page, and as much of
 * the browser's hydration. Here one `{ t, i18n }` is shared by all components of an instance, and it
 * is renewed (a new `t`, so memoized children update) when the instance emits what its `bindI18n`
 * option names: a language change, or the dictionary growing after a late namespace (i18n.ts).
 */

interface Bound {
  t: TFunction;
  i18n: I18n;
}

interface Entry {
  value: Bound;
  listeners: Set<() => void>;
  subscribe(listener: () => void): () => void;
}

const entries = new WeakMap<I18n, Entry>();

function bind(i18n: I18n): Bound {
  return { t: i18n.getFixedT(null, 'translation'), i18n };
}

function entryOf(i18n: I18n): Entry {
  let entry = entries.get(i18n);
  if (entry) return entry;
  const created: Entry = {
    value: bind(i18n),
    listeners: new Set(),
    subscribe(listener) {
      created.listeners.add(listener);
      return () => created.listeners.delete(listener);
    },
  };
  // The server renders once per instance: nothing to listen to there.
  if (typeof document !== 'undefined') {
    const events = ((i18n.options.react as { bindI18n?: string } | undefined)?.bindI18n ?? 'languageChanged').split(' ').filter(Boolean);
    const renew = () => {
      created.value = bind(i18n);
      for (const listener of created.listeners) listener();
    };
    for (const event of events) i18n.on(event, renew);
  }
  entries.set(i18n, created);
  entry = created;
  return entry;
}

export function useTranslation(): Bound {
  const i18n = (useContext(I18nContext)?.i18n as I18n | undefined) ?? getI18n();
  const entry = entryOf(i18n);
  return useSyncExternalStore(entry.subscribe, () => entry.value, () => entry.value);
}
