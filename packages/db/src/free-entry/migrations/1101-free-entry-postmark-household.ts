import type { AnyDb } from '../../migration-support';

/**
 * Letters' postmark date and household (docs/features/free-entry.md): the operator records both when a
 * letter arrives. `household_slot` numbers the letters of one household (its normalized return
 * address) counted toward a request day's limit: unique, so two letters entered at once cannot both
 * take the last place. A letter refused by a rule gets none (NULLs never collide). `reject_code` names
 * a rule's refusal so the player reads it in their language.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('free_entry_requests').addColumn('postmarked_on', 'varchar(10)').execute();
  await db.schema.alterTable('free_entry_requests').addColumn('household_key', 'varchar(200)').execute();
  await db.schema.alterTable('free_entry_requests').addColumn('household_slot', 'integer').execute();
  await db.schema.alterTable('free_entry_requests').addColumn('reject_code', 'varchar(40)').execute();
  await db.schema.createIndex('free_entry_requests_household_day_slot').on('free_entry_requests').columns(['household_key', 'day', 'household_slot']).unique().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('free_entry_requests_household_day_slot').execute();
  for (const column of ['reject_code', 'household_slot', 'household_key', 'postmarked_on']) await db.schema.alterTable('free_entry_requests').dropColumn(column).execute();
}
