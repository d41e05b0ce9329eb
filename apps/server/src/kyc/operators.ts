import { AppError } from '@sweepstack/contracts/errors';
import { deleteOperatorSession, findOperatorByEmail, findOperatorBySession, insertAudit, insertOperator, insertOperatorSession, type OperatorRow } from '@sweepstack/db/kyc/operators';
import type { Database } from '@sweepstack/db/schema';
import { normalizeEmail } from '@sweepstack/domain/auth/email';
import type { Clock } from '@sweepstack/domain/shared/clock';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { hashToken, newToken } from '../lib/secure-token';

export const OPERATOR_COOKIE = 'ss_operator';
export const OPERATOR_ROLES = ['support', 'compliance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Operator sessions are short and do not roll: sign in again after 12 hours. */
export const OPERATOR_SESSION_MS = 12 * 60 * 60 * 1000;

export type Operator = OperatorRow;
type Db = Kysely<Database> | Transaction<Database>;

/** What each role may do; admin may do everything. */
export const PERMISSIONS = {
  'documents.read': ['support', 'compliance', 'admin'],
  'documents.review': ['compliance', 'admin'],
  'redemptions.read': ['support', 'compliance', 'admin'],
  'redemptions.review': ['compliance', 'admin'],
  'jobs.read': ['support', 'compliance', 'admin'],
  'jobs.manage': ['admin'],
  'geo_blocks.read': ['support', 'compliance', 'admin'],
  'audit.read': ['admin'],
  'operators.manage': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Permission = keyof typeof PERMISSIONS;

/** Creates an operator; answers undefined when the email is taken. */
export async function createOperator(db: Db, clock: Clock, input: { email: string; password: string; role: OperatorRole }): Promise<Operator | undefined> {
  const passwordHash = await hashPassword(input.password);
  return insertOperator(db, { email: input.email.trim(), email_normalized: normalizeEmail(input.email), password_hash: passwordHash, role: input.role, disabled: 0, created_at_ms: clock.nowMs() });
}

/** OPERATOR_BOOTSTRAP_EMAIL/PASSWORD: an admin, created once when that email has no operator. */
export async function bootstrapOperator(db: Kysely<Database>, clock: Clock, email: string | undefined, password: string | undefined): Promise<void> {
  if (!email || !password) return;
  await createOperator(db, clock, { email, password, role: 'admin' });
}

/** Checks credentials and opens a session; answers the cookie token. Wrong ones take as long. */
export async function signInOperator(db: Kysely<Database>, clock: Clock, email: string, password: string): Promise<{ operator: Operator; token: string }> {
  const operator = await findOperatorByEmail(db, normalizeEmail(email));
  const ok = await verifyPassword(operator?.password_hash, password);
  if (!operator || !ok || operator.disabled === 1) throw new AppError('OPERATOR_INVALID_CREDENTIALS');
  const token = newToken();
  const now = clock.nowMs();
  await insertOperatorSession(db, { tokenHash: hashToken(token), operatorId: operator.id, nowMs: now, expiresAtMs: now + OPERATOR_SESSION_MS });
  return { operator, token };
}

export function setOperatorCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(OPERATOR_COOKIE, token, { path: '/api/operator', httpOnly: true, sameSite: 'strict', secure, maxAge: Math.floor(OPERATOR_SESSION_MS / 1000) });
}

export function clearOperatorCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(OPERATOR_COOKIE, { path: '/api/operator', httpOnly: true, sameSite: 'strict', secure });
}

/** The operator of the request's `ss_operator` cookie, or OPERATOR_AUTH_REQUIRED / OPERATOR_FORBIDDEN. */
export async function requireOperator(request: FastifyRequest, permission?: Permission): Promise<Operator> {
  const { database, clock } = request.server.deps;
  const token = request.cookies[OPERATOR_COOKIE];
  if (!token || token.length > 200) throw new AppError('OPERATOR_AUTH_REQUIRED');
  const row = await findOperatorBySession(database.db, hashToken(token), clock.nowMs());
  if (!row || row.disabled === 1) throw new AppError('OPERATOR_AUTH_REQUIRED');
  if (permission && !(PERMISSIONS[permission] as readonly string[]).includes(row.role)) throw new AppError('OPERATOR_FORBIDDEN');
  return row;
}

export async function endOperatorSession(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (token && token.length <= 200) await deleteOperatorSession(db, hashToken(token));
}

/** Appends one audit row (in the caller's transaction, so the action and its record commit together). */
export async function audit(
  db: Db,
  clock: Clock,
  operator: Pick<Operator, 'id' | 'email'>,
  entry: { action: string; targetType: string; targetId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await insertAudit(db, {
      operator_id: operator.id,
      operator_email: operator.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      at_ms: clock.nowMs(),
  });
}
