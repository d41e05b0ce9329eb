import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type JobDefinition, JobRegistry, loadJobFiles } from './registry';
import { JobRunner, type JobRunnerOptions } from './runner';

export interface Jobs {
  registry: JobRegistry;
  runner: JobRunner;
  /** Adds a job kind (features call it from their feature.ts, route areas from their plugin). */
  define: <P>(definition: JobDefinition<P>, options?: { background?: boolean }) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

const coreJobsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kinds');

/**
 * Durable jobs (docs/jobs.md): the registry of job kinds (core kinds from `jobs/kinds/*.ts`, others
 * defined by features and route areas while the app builds) and the runner, started when the app
 * is ready (unless JOBS_RUNNER=false) and stopped, waiting for the job in progress, before it closes.
 */
export async function registerJobs(app: FastifyInstance, options: Partial<Pick<JobRunnerOptions, 'pollMs' | 'leaseMs' | 'batchSize'>> = {}): Promise<void> {
  const registry = new JobRegistry();
  await loadJobFiles(registry, coreJobsDir);
  const runner = new JobRunner({ leaseMs: app.deps.config.JOBS_LEASE_MS, ...options, database: app.deps.database, registry, clock: app.deps.clock, rng: app.deps.rng, log: app.log });
  app.decorate('jobs', { registry, runner, define: registry.define });
  app.addHook('onReady', async () => {
    if (app.deps.config.JOBS_RUNNER) await runner.start();
  });
  app.addHook('preClose', async () => {
    await runner.stop();
  });
}
