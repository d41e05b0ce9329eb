import type { Generated } from 'kysely';

/**
 * The test fixture feature (feature-folders.integration.test.ts and the server's feature fixture): one
 * table added to `Database` by module augmentation, as a real feature's `tables.ts` does.
 */
export interface FixtureNotesTable {
  id: Generated<number>;
  player_id: number;
  note: string;
  created_at_ms: number;
}

export interface FixtureNotesTables {
  fixture_notes: FixtureNotesTable;
}

declare module '../../../schema' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the feature's tables
  interface Database extends FixtureNotesTables {}
}
