import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../schema';
import type { OutboxMessagesTable } from '../tables/auth';

type Db = Kysely<Database> | Transaction<Database>;
export type OutboxMessage = Selectable<OutboxMessagesTable>;

export async function insertOutboxMessage(db: Db, values: Insertable<OutboxMessagesTable>): Promise<number> {
  const row = await db.insertInto('outbox_messages').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function markOutboxMessage(db: Db, id: number, status: OutboxMessage['status'], sentAtMs: number | null): Promise<void> {
  await db.updateTable('outbox_messages').set({ status, sent_at_ms: sentAtMs }).where('id', '=', id).execute();
}

/** The newest messages first, optionally only those to one recipient. */
export async function listOutboxMessages(db: Db, options: { limit: number; recipient?: string }): Promise<OutboxMessage[]> {
  let query = db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.recipient !== undefined) query = query.where('recipient', '=', options.recipient);
  return query.execute();
}
