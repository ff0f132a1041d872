import type { Db } from './client.ts';

/**
 * A statement prepared once per database and kept, for the reads every first render of a page
 * makes: drizzle builds its SQL once instead of on every call, and PostgreSQL parses and plans it
 * once per connection (a named statement) instead of on every query. Values go in as
 * `sql.placeholder(name)`. Inside a transaction, run the unprepared query instead.
 */
export function preparedOnce<Statement>(
  name: string,
  build: (db: Db) => { prepare(name: string): Statement },
): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db).prepare(name)));
    return statement;
  };
}
