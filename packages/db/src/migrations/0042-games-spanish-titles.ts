import type { AnyDb } from '../migration-support';

/**
 * A game's title and a studio's name in Spanish (operator content is kept per language, issue 12 §1
 * item 3), beside the English ones of the studio's catalogue; filled by the games seed from
 * content/games/titles-es.json. Null shows the English name in every language (a brand name).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('games').addColumn('title_es', 'varchar(200)').execute();
  await db.schema.alterTable('game_providers').addColumn('name_es', 'varchar(200)').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('game_providers').dropColumn('name_es').execute();
  await db.schema.alterTable('games').dropColumn('title_es').execute();
}
