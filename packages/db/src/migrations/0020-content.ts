import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_sets')
    .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('applied_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('menu_items')
    .addColumn('menu', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('titles_json', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('image', 'varchar(500)')
    .addColumn('image_active', 'varchar(500)')
    .addColumn('subsection_number', 'integer')
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('animation_event', 'varchar(80)')
    .addColumn('is_granted_for_guest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_player_with_deposits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_player_without_deposits', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('menu_items_pk', ['menu', 'item_key'])
    .execute();

  await db.schema
    .createTable('content_blocks')
    .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('legal_pages')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('legal_pages_pk', ['name', 'locale'])
    .execute();

  await db.schema
    .createTable('translations')
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translations_pk', ['locale', 'key'])
    .execute();

  await db.schema
    .createTable('restricted_states')
    .addColumn('code', 'varchar(2)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('route_rules')
    .addColumn('path_pattern', 'varchar(500)', (c) => c.primaryKey())
    .addColumn('redirect', 'varchar(1000)')
    .addColumn('absolute_redirect', 'varchar(2000)')
    .addColumn('middlewares_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['route_rules', 'restricted_states', 'translations', 'legal_pages', 'content_blocks', 'menu_items', 'content_sets']) {
    await db.schema.dropTable(table).execute();
  }
}
