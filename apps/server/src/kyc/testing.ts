import { randomBytes } from 'node:crypto';
import type { Database } from '@sweepstack/db/schema';
import { transfer } from '@sweepstack/db/repositories/ledger/transfers';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';

/** Test helpers of the KYC and redeem area (real files, real ledger transfers; no mocks). */

export const OPERATOR_ENV = { OPERATOR_BOOTSTRAP_EMAIL: 'root@operators.test', OPERATOR_BOOTSTRAP_PASSWORD: 'Root-Password-123', KYC_SANDBOX_STEP_DELAY_MS: '0' };

export async function playerIdOf(db: Kysely<Database>, uuid: string): Promise<number> {
  return (await db.selectFrom('players').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;
}

/** Real images and a PDF, generated now. */
export async function sampleDocuments(): Promise<Record<'pdf' | 'png' | 'jpg' | 'gif', Buffer>> {
  const image = () => sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return {
    pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    png: await image().png().toBuffer(),
    jpg: await image().jpeg().toBuffer(),
    gif: await image().gif().toBuffer(),
  };
}

/** A Windows executable's header (MZ … PE), for the "renamed .exe" case. */
export function fakeExecutable(): Buffer {
  const bytes = Buffer.alloc(512, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export function multipartFile(filename: string, contentType: string, bytes: Buffer, field = 'file'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sweepstack${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Credits redeemable Fortune Coins the way a game win does (game_play → player_redeemable). */
export async function fundRedeemable(db: Kysely<Database>, playerId: number, cents: number): Promise<void> {
  await transfer(db, { idempotencyKey: `test-win-${playerId}-${randomBytes(6).toString('hex')}`, from: { system: 'game_play' }, to: { playerId, kind: 'player_redeemable' }, currency: 'FC', amount: cents, reason: 'game_win' });
}

/** Signs an operator in; answers the cookie header value. */
export async function operatorCookie(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/operator/sign-in/', payload: { email, password } });
  const cookie = res.cookies.find((c) => c.name === 'ss_operator' && c.value !== '');
  if (res.statusCode !== 200 || !cookie) throw new Error(`operator sign-in failed: ${res.statusCode} ${res.body}`);
  return `ss_operator=${cookie.value}`;
}
