import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Stands for the n-th argument while the query is compiled once. */
class Slot {
  constructor(readonly index: number) {}
}

interface Prepared {
  sql: string;
  parameters: ReadonlyArray<{ arg: number } | { value: unknown }>;
}

/**
 * A hot read compiled once per database handle and then run with new argument values. Building and
 * compiling a Kysely query costs several times more than running a small indexed query on SQLite
 * (measured here: ~80 µs against ~15 µs), so per-request reads (session, app init) go through this.
 *
 * `build` must use each argument as a plain bound value (`where('id', '=', id)`); arguments that change
 * the shape of the SQL (lists for `in`, optional clauses) are not supported and fail on first use.
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<Database>, Prepared>();
  return async (db, ...args) => {
    let prepared = compiled.get(db);
    if (!prepared) {
      const slots = args.map((_, index) => new Slot(index)) as unknown as Args;
      const query = build(db, ...slots).compile();
      const parameters = query.parameters.map((p) => (p instanceof Slot ? { arg: p.index } : { value: p }));
      const used = new Set(parameters.flatMap((p) => ('arg' in p ? [p.arg] : [])));
      if (used.size !== args.length) throw new Error(`preparedQuery: every argument must be a bound value (used ${used.size} of ${args.length})`);
      prepared = { sql: query.sql, parameters };
      compiled.set(db, prepared);
    }
    const values = prepared.parameters.map((p) => ('arg' in p ? args[p.arg] : p.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(prepared.sql, values));
    return result.rows;
  };
}
