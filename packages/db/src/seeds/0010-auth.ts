import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { newPlayerRow } from '../repositories/players';
import type { SeedOptions } from '../seed';

/** Auth settings and their defaults; existing values are never overwritten. */
export const AUTH_SETTINGS: Record<string, unknown> = {
  'auth.minimum_age_years': 21,
  /** Registration sources that enter the closed funnel (display name and phone collected after sign-up). */
  'auth.closed_funnel_sources': ['closed_funnel'],
  /** Which contact confirmation (OTP) a registration or traffic source asks for. */
  'otp.flow_by_source': { closed_funnel: 'phone' },
  'otp.default_flow': 'email',
};

/** The two legal documents every player confirms; raising a version asks everyone again. */
export const TERMS_DOCUMENTS = [
  { key: 'terms', version: 1, title: 'Terms of Service', url: '/page/terms' },
  { key: 'privacy', version: 1, title: 'Privacy Policy', url: '/page/privacy' },
] as const;

/** The demo account of `npm start` / `npm run db:seed` (docs/auth.md). */
export const DEMO_ACCOUNT = {
  email: 'demo@sweepstack.local',
  password: 'Demo-Player-2026',
  uuid: '5e1f7c1a-0d3e-4c2b-9a6f-2b7d9c4e8a01',
  login: 'DemoPlayer',
  birthday: '1990-01-01',
  referralCode: 'DEMO2026',
  // argon2id (m=19456, t=2, p=1) of the password above, computed once so seeding needs no hasher.
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$X7UnlUDlaG0zfPrUDPHo6w$sNPk3lrcE15+p0bjdgCrT5lBK1+u7by0+24xVABsLls',
} as const;

export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<void> {
  const now = Date.now();
  for (const [key, value] of Object.entries(AUTH_SETTINGS)) {
    await db
      .insertInto('settings')
      .values({ key, value_json: JSON.stringify(value), updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  for (const document of TERMS_DOCUMENTS) {
    await db
      .insertInto('terms_documents')
      .values({ ...document, updated_at_ms: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  if (options.demo) await seedDemoAccount(db, now);
}

async function seedDemoAccount(db: Kysely<Database>, now: number): Promise<void> {
  const existing = await db.selectFrom('players').select('id').where('email_normalized', '=', DEMO_ACCOUNT.email).executeTakeFirst();
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('players')
      .values(
        newPlayerRow({
          uuid: DEMO_ACCOUNT.uuid,
          email: DEMO_ACCOUNT.email,
          password_hash: DEMO_ACCOUNT.passwordHash,
          birthday: DEMO_ACCOUNT.birthday,
          login: DEMO_ACCOUNT.login,
          email_confirmed: 1,
          referral_code: DEMO_ACCOUNT.referralCode,
          created_at_ms: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const documents = await trx.selectFrom('terms_documents').select(['id', 'version']).execute();
    if (documents.length > 0) {
      await trx
        .insertInto('terms_acceptances')
        .values(documents.map((d) => ({ player_id: id, document_id: d.id, version: d.version, accepted_at_ms: now })))
        .execute();
    }
  });
}
