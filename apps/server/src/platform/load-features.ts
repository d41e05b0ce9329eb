import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError } from '@sweepstack/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { audit, requireOperator, type Operator, type OperatorRole } from '../kyc/operators';
import type { AppInitSlice, FeatureDefinition, FeatureTimesSlice, OperatorRouteTools } from './define-feature';

/** This app's feature folders: `features/<feature>/feature.ts`. */
export const FEATURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'features');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Operator routes of a feature: the roles that may call it (admin always may). */
    operatorRoles?: readonly OperatorRole[];
  }
  interface FastifyRequest {
    /** Set on a feature's operator routes once the operator session is checked. */
    operator?: Operator;
  }
  interface FastifyInstance {
    features: LoadedFeatures;
  }
}

/** What the server found in the feature folders. */
export interface LoadedFeatures {
  /** Every feature, by folder order. */
  list: readonly FeatureDefinition[];
  /** The app-init slices of the features that have one. */
  appInitSlices: readonly (AppInitSlice & { feature: string })[];
  /** The features that tell their times in app init (`featureTimes`). */
  timeSlices: readonly FeatureTimesSlice[];
  /** The job kinds each feature defined on the job registry (`app.jobs`). */
  jobKinds: readonly { kind: string; feature: string }[];
}

const FEATURE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The `feature.ts` files under `roots` (each root laid out like `features/`), sorted by folder. */
export function featureFiles(roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    if (!existsSync(root)) return [];
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(root, entry.name, 'feature.ts'))
      .filter((file) => existsSync(file))
      .sort();
  });
}

/**
 * Finds every feature folder (`features/<feature>/feature.ts`, plus `extraRoots` for test fixtures),
 * and wires each part: handlers on the event registry, job kinds on the job registry, routes, operator
 * routes under `/api/operator/<feature>/` with the operator session, roles and audit, and app-init
 * slices collected on `app.features`. Call after the realtime and jobs plugins, before the dispatcher
 * starts and before the app-init route is registered.
 */
export async function loadFeatures(app: FastifyInstance, extraRoots: readonly string[] = [], options: { builtIn?: boolean } = {}): Promise<LoadedFeatures> {
  const list: FeatureDefinition[] = [];
  for (const file of featureFiles([...(options.builtIn === false ? [] : [FEATURES_DIR]), ...extraRoots])) {
    const folder = path.basename(path.dirname(file));
    const module = (await import(pathToFileURL(file).href)) as { default?: FeatureDefinition };
    const feature = module.default;
    if (!feature || typeof feature !== 'object') throw new Error(`${file} must default-export defineFeature({ … })`);
    if (feature.name !== folder || !FEATURE_NAME.test(feature.name)) throw new Error(`${file}: the feature's name must be its folder's, kebab-case (${folder})`);
    if (list.some((f) => f.name === feature.name)) throw new Error(`feature ${feature.name} is defined twice`);
    list.push(feature);
  }

  const registry = app.realtime.registry;
  for (const feature of list) {
    // Handler names are prefixed with the feature, so two features may name functions alike.
    feature.handlers?.({
      on: (event, handler, options) => registry.on(event, handler, { name: options?.name ?? `${feature.name}:${event.name}:${handler.name || 'handler'}` }),
      onBatch: (event, handler, options) => registry.onBatch(event, handler, { ...options, name: options?.name ?? `${feature.name}:${event.name}:${handler.name || 'handler'}` }),
    });
    for (const job of feature.jobs ?? []) {
      if (!job.kind.startsWith(`${feature.name}.`)) throw new Error(`job kind ${job.kind} of feature ${feature.name} must start with "${feature.name}."`);
      app.jobs.define(job);
    }
    if (feature.routes) await app.register(feature.routes);
    const operatorRoutes = feature.operatorRoutes;
    if (operatorRoutes) await app.register(async (scope) => registerOperatorRoutes(scope, feature.name, operatorRoutes), { prefix: `/api/operator/${feature.name}` });
  }

  const loaded: LoadedFeatures = {
    list,
    appInitSlices: list.flatMap((f) => (f.appInit ? ([] as AppInitSlice[]).concat(f.appInit).map((slice) => ({ ...slice, feature: f.name })) : [])),
    timeSlices: list.flatMap((f) => (f.times ? [{ feature: f.name, times: f.times }] : [])),
    jobKinds: list.flatMap((f) => (f.jobs ?? []).map((job) => ({ kind: job.kind, feature: f.name }))),
  };
  const keys = new Set<string>();
  for (const slice of loaded.appInitSlices) {
    if (keys.has(slice.key)) throw new Error(`two features answer app init's ${slice.key}`);
    keys.add(slice.key);
  }
  app.decorate('features', loaded);
  return loaded;
}

async function registerOperatorRoutes(scope: FastifyInstance, feature: string, register: NonNullable<FeatureDefinition['operatorRoutes']>): Promise<void> {
  scope.addHook('onRoute', (route) => {
    const roles = route.config?.operatorRoles;
    if (!roles || roles.length === 0) throw new Error(`operator route ${route.method} ${route.url} of ${feature} must declare config.operatorRoles`);
  });
  scope.addHook('onRequest', async (request) => {
    const operator = await requireOperator(request);
    const roles = request.routeOptions.config.operatorRoles ?? [];
    if (operator.role !== 'admin' && !roles.includes(operator.role)) throw new AppError('OPERATOR_FORBIDDEN');
    request.operator = operator;
  });
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const { clock } = scope.deps;
  const tools: OperatorRouteTools = {
    operatorOf: (request) => {
      if (!request.operator) throw new Error('operatorOf outside an operator route');
      return request.operator;
    },
    audit: (trx, request, entry) => audit(trx, clock, tools.operatorOf(request), { ...entry, action: `${feature}.${entry.action}` }),
  };
  await register(scope, tools);
}
