import type { AppInitData } from '@sweepstack/contracts/app/app-init';
import type { ModalEntry } from '../features/modals/modal-store';
import type { FeatureDeepLink, FeatureModal, FeatureNavEntry, FeaturePage, FeatureState, ModalName, Visitor, WebFeature } from './feature';

/** What `import.meta.glob('…/features/*∕feature.ts', { eager: true })` answers. */
export type FeatureModules = Record<string, { default: WebFeature }>;

export interface RegisteredModal extends FeatureModal {
  name: ModalName;
  /** The feature that declares it. */
  feature: string;
}

export interface RegisteredPage extends FeaturePage {
  id: string;
  feature: string;
  /** The feature's folder (`features/lottery`), for the page's route module. */
  folder: string;
  /** Route id: `feature:<id>`. */
  routeId: string;
}

export interface RegisteredNavEntry extends FeatureNavEntry {
  feature: string;
}

/** What a deep link asks for: a modal (with its entry's options), or sign-up for a guest. */
export interface DeepLinkTarget {
  feature: string;
  param: string;
  modal: ModalName;
  options: Omit<ModalEntry, 'id' | 'name'>;
  playersOnly: boolean;
}

/** The folder of a feature.ts from its glob key (`../features/lottery/feature.ts` → `../features/lottery`). */
function folderOf(key: string): string {
  return key.replace(/\/feature\.ts$/, '');
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/**
 * Everything the shell needs to know about the features, built from their declarations. Throws at
 * start-up on a declaration that contradicts another (a bug: two features cannot own one name).
 */
export function createRegistry(modules: FeatureModules) {
  const features = Object.entries(modules)
    .map(([key, module]) => ({ folder: folderOf(key), feature: module.default }))
    .sort((a, b) => a.feature.id.localeCompare(b.feature.id));

  const modals = new Map<ModalName, RegisteredModal>();
  const pages: RegisteredPage[] = [];
  const pageNamespaces = new Set<string>();
  const shellSubtrees: string[] = [];
  for (const { folder, feature } of features) {
    const folderName = folder.slice(folder.lastIndexOf('/') + 1);
    if (feature.id !== folderName) throw new Error(`Feature ${feature.id} lives in folder ${folderName}: the id is the folder's name`);
    for (const [name, modal] of Object.entries(feature.modals ?? {}) as [ModalName, FeatureModal][]) {
      const owner = modals.get(name);
      if (owner) throw new Error(`Modal ${name} is declared by ${owner.feature} and ${feature.id}`);
      modals.set(name, { ...modal, name, feature: feature.id });
    }
    for (const page of feature.pages ?? []) {
      const path = trimSlashes(page.path);
      const twin = pages.find((other) => other.path === path);
      if (twin) throw new Error(`Page /${path}/ is declared by ${twin.feature} and ${feature.id}`);
      const id = page.id ?? path.slice(path.lastIndexOf('/') + 1);
      pages.push({ ...page, path, id, feature: feature.id, folder, routeId: `feature:${id}` });
    }
    for (const name of feature.strings?.namespaces ?? []) pageNamespaces.add(name);
    shellSubtrees.push(...(feature.strings?.shell ?? []));
  }
  // Longest first: a nested page (affiliates/partners-account) wins over its parent.
  const pagesByLength = [...pages].sort((a, b) => b.path.length - a.path.length);

  /** The feature page a path (without locale prefix) shows, exactly or below it. */
  function pageFor(pathname: string): RegisteredPage | undefined {
    const path = trimSlashes(pathname);
    return pagesByLength.find((page) => path === page.path || path.startsWith(`${page.path}/`));
  }

  function navEntries(kind: 'sidebar' | 'tapBar', states: Readonly<Record<string, FeatureState>>): RegisteredNavEntry[] {
    const entries: RegisteredNavEntry[] = [];
    for (const { feature } of features) {
      const state = states[feature.id] ?? { isActive: false };
      for (const entry of feature[kind] ?? []) {
        if (entry.visible ? entry.visible(state) : state.isActive) entries.push({ ...entry, feature: feature.id });
      }
    }
    return entries.sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  }

  const links = features.flatMap(({ feature }) => (feature.deepLinks ?? []).map((link) => ({ link, feature: feature.id })));

  function deepLinkTarget(feature: string, link: FeatureDeepLink, param: string, params: URLSearchParams): DeepLinkTarget {
    if (link.modal) return { feature, param, modal: link.modal, options: link.options?.(params) ?? {}, playersOnly: link.playersOnly ?? false };
    return { feature, param, modal: 'coming-soon', options: { feature: link.comingSoon ?? feature }, playersOnly: link.playersOnly ?? false };
  }

  return {
    /** The features, by id. */
    features: features.map(({ feature }) => feature),

    /** A modal's declaration (undefined: a name no feature declares; it shows as coming soon). */
    modal: (name: string): RegisteredModal | undefined => modals.get(name as ModalName),
    /** Every declared modal. */
    modals: [...modals.values()] as readonly RegisteredModal[],

    /** Every feature's state for one player, from app init (runs on the server). */
    featureStates(init: AppInitData): Record<string, FeatureState> {
      const states: Record<string, FeatureState> = {};
      for (const { feature } of features) {
        if (!feature.state) continue;
        // The server's featureTimes (the feature's `times`) complete what the feature's slice says.
        const times = init.featureTimes?.[feature.id];
        const state = feature.state(init);
        states[feature.id] = times ? { ...state, ...(times.finishesAtMs !== undefined ? { finishesAtMs: times.finishesAtMs } : {}), ...(times.availableAtMs !== undefined ? { availableAtMs: times.availableAtMs } : {}) } : state;
      }
      return states;
    },

    /** The features' pages (routes.ts builds their routes from the same declarations). */
    pages: pages as readonly RegisteredPage[],
    pageFor,

    /** Page namespaces of the features: embedded only on the pages that render them. */
    pageNamespaces: [...pageNamespaces] as readonly string[],
    /** Subtrees of page namespaces the shell renders on every page. */
    shellSubtrees: shellSubtrees as readonly string[],
    /** The namespaces a feature page renders, or undefined when the path is no feature's page. */
    routeNamespaces(pathname: string): string[] | undefined {
      const page = pageFor(pathname);
      if (!page) return undefined;
      if (page.namespaces) return [...page.namespaces];
      if (!page.file) return ['features', 'comingSoon'];
      return [...(features.find(({ feature }) => feature.id === page.feature)?.feature.strings?.namespaces ?? [])];
    },
    /** The middleware a feature page runs by default, or undefined when the path is no feature's page. */
    middlewareForPath(pathname: string): string[] | undefined {
      const path = trimSlashes(pathname);
      const page = pages.find((candidate) => candidate.path === path);
      return page ? [...(page.middleware ?? [])] : undefined;
    },

    /** Sidebar or tap-bar entries visible in these states, in their declared order. */
    navEntries,

    /**
     * The modals a page address opens (spec §2 query parameters), in the order of its parameters.
     * One target per declaration; for one parameter value the first feature (by id) that claims it.
     */
    resolveDeepLinks(search: string, visitor: Visitor): DeepLinkTarget[] {
      const params = new URLSearchParams(search);
      const targets: DeepLinkTarget[] = [];
      const fired = new Set<FeatureDeepLink>();
      for (const param of new Set(params.keys())) {
        const value = params.get(param) ?? '';
        const found = links.find(({ link }) => !fired.has(link) && link.params.includes(param) && (link.matches ? link.matches(value, visitor) : true));
        if (!found) continue;
        fired.add(found.link);
        targets.push(deepLinkTarget(found.feature, found.link, param, params));
      }
      return targets;
    },

    /** Welcome modals, feature by feature. */
    welcomes: features.flatMap(({ feature }) => (feature.welcome ? [{ feature: feature.id, ...feature.welcome }] : [])),

    /** Background watchers, feature by feature. */
    backgrounds: features.flatMap(({ feature }) => (feature.background ? [{ feature: feature.id, ...feature.background }] : [])),

    /** Pushes features act on anywhere (a signed-in visit), feature by feature. */
    pushHandlers: features.flatMap(({ feature }) => (feature.pushes ?? []).map((handler) => ({ feature: feature.id, handler }))),

    /** Parts of the game window (`gameWindow`), feature by feature. */
    gameWindowParts: features.flatMap(({ feature }) => (feature.gameWindow ? [{ feature: feature.id, load: feature.gameWindow }] : [])),

    /** The features a feature's finish turns off: itself and what it declares. */
    finishTargets(id: string): string[] {
      const feature = features.find((entry) => entry.feature.id === id)?.feature;
      return [id, ...(feature?.finishAlsoEnds ?? [])];
    },
  };
}

export type FeatureRegistry = ReturnType<typeof createRegistry>;

/** The app's features: every `app/features/<feature>/feature.ts`. */
export const registry: FeatureRegistry = createRegistry(import.meta.glob<{ default: WebFeature }>('../features/*/feature.ts', { eager: true }));
