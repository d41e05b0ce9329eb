import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import { migrateToLatest } from '@sweepstack/db/migrate';
import { openDatabase } from '@sweepstack/db/connection';
import { z } from 'zod';
import { build } from '../../app';
import { loadConfig } from '../../config';
import { defineJob } from '../registry';

/** The kind the two-process test schedules: a prize paid in the job's transaction, then held a while. */
export const SLOW_PRIZE_JOB = 'test.slow-prize';

/**
 * A server process for jobs tests (two-processes.integration.test.ts): the real app, as main.ts
 * starts it, plus one job kind that pays a prize whose ledger key is the job's key and then holds
 * its transaction open for `holdMs`, so that a test can kill the process mid-job.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const app = await build({ config, database, web: 'off' });
  app.jobs.define(
    defineJob({
      kind: SLOW_PRIZE_JOB,
      payload: z.object({ playerId: z.number().int(), amount: z.number().int().positive(), holdMs: z.number().int().min(0) }),
      async run(job, { db }) {
        await transfer(db, { idempotencyKey: `job:${job.kind}:${job.key}`, from: { system: 'prizes' }, to: { playerId: job.payload.playerId, kind: 'player_balance' }, currency: 'GC', amount: job.payload.amount, reason: 'prize' });
        await new Promise((resolve) => setTimeout(resolve, job.payload.holdMs));
      },
    }),
  );
  process.on('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
  await app.listen({ port: config.PORT, host: config.HOST });
}

void main();
