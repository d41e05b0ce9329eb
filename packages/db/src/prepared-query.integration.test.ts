import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '@sweepstack/testkit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared-query';

describe.each(dialectsUnderTest())('preparedQuery on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await database.db
      .insertInto('restricted_states')
      .values([
        { code: 'WA', name: 'Washington' },
        { code: 'ID', name: 'Idaho' },
        { code: 'NV', name: 'Nevada' },
      ])
      .execute();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const byCodeOrName = preparedQuery((db, code: string, name: string) =>
    db.selectFrom('restricted_states').select(['code', 'name']).where((eb) => eb.or([eb('code', '=', code), eb('name', '=', name)])).where('code', '!=', 'XX').orderBy('code'),
  );

  it('answers the same rows as the builder, with new values on every call', async () => {
    expect(await byCodeOrName(database.db, 'WA', 'Idaho')).toEqual([
      { code: 'ID', name: 'Idaho' },
      { code: 'WA', name: 'Washington' },
    ]);
    expect(await byCodeOrName(database.db, 'NV', 'nobody')).toEqual([{ code: 'NV', name: 'Nevada' }]);
    expect(await byCodeOrName(database.db, 'ZZ', 'nobody')).toEqual([]);
  });

  it('refuses a query that does not bind every argument', async () => {
    const bad = preparedQuery((db, _unused: string) => db.selectFrom('restricted_states').select('code'));
    await expect(bad(database.db, 'x')).rejects.toThrow(/every argument/);
  });
});
