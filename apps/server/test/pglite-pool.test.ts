import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { leasePglite } from './pglite-pool.ts';

const snapshot = inject('pgliteSnapshot');
const rows = async (database: Database, query: string) =>
  (await database.db.execute(sql.raw(query))).rows as Record<string, unknown>[];

/** What a test can see of a database's contents: every table's row count, and two sequences. */
async function contents(database: Database) {
  const [counts] = await rows(
    database,
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM products) AS products,
            (SELECT count(*)::int FROM attribute_values) AS attribute_values,
            (SELECT count(*)::int FROM search_synonyms) AS synonyms,
            (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations`,
  );
  return counts;
}

// The pool serves the embedded database only; on PostgreSQL each file clones a template instead.
describe.skipIf(!snapshot)('the test files’ pool of embedded databases', () => {
  it('hands a closed database to the next file as the snapshot left it, its handle refusing the old file', async () => {
    const first = await leasePglite(snapshot!);
    const fresh = await contents(first);
    expect(fresh).toMatchObject({ users: 0, products: 0 });
    expect(fresh!.attribute_values).toBeGreaterThan(0);
    expect(fresh!.synonyms).toBeGreaterThan(0);
    const [{ last_value: freshSequence }] = (await rows(
      first,
      `SELECT last_value FROM pg_sequences WHERE sequencename = 'outbox_id_seq'`,
    )) as [{ last_value: unknown }];

    await first.db.execute(sql.raw(`DELETE FROM attribute_values`));
    await first.db.execute(
      sql.raw(
        `INSERT INTO users (name, email, password_hash, contact_number, country, company_name, role)
         VALUES ('A', 'a@example.com', 'x', '+91 1', 'IN', 'C', 'user')`,
      ),
    );
    await first.db.execute(sql.raw(`SELECT nextval('outbox_id_seq')`));
    await first.db.execute(sql.raw(`SET statement_timeout = '1ms'`));
    await first.close();
    // drizzle wraps the refusal in its own error ("Failed query"), the cause being the handle's.
    await expect(first.db.execute(sql`SELECT 1`)).rejects.toMatchObject({
      cause: { message: 'this test database was closed' },
    });

    const second = await leasePglite(snapshot!);
    expect(await contents(second)).toEqual(fresh);
    expect(await rows(second, `SHOW statement_timeout`)).toEqual([{ statement_timeout: '0' }]);
    expect(
      await rows(second, `SELECT last_value FROM pg_sequences WHERE sequencename = 'outbox_id_seq'`),
    ).toEqual([{ last_value: freshSequence }]);
    await second.close();
  });

  it('never hands out again a database whose structure a file changed', async () => {
    const first = await leasePglite(snapshot!);
    await first.db.execute(sql.raw(`ALTER TABLE products ADD COLUMN pool_probe text`));
    await first.db.execute(sql.raw(`CREATE INDEX pool_probe_index ON users (name)`));
    await first.close();

    const second = await leasePglite(snapshot!);
    const columns = await rows(
      second,
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'pool_probe'`,
    );
    expect(columns).toEqual([]);
    expect(
      await rows(second, `SELECT indexname FROM pg_indexes WHERE indexname = 'pool_probe_index'`),
    ).toEqual([]);
    await second.close();
  });

  it('gives two databases open at once in one file to two instances', async () => {
    const a = await leasePglite(snapshot!);
    const b = await leasePglite(snapshot!);
    await a.db.execute(sql.raw(`DELETE FROM search_synonyms`));
    const [{ n }] = (await rows(b, `SELECT count(*)::int AS n FROM search_synonyms`)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    await a.close();
    await b.close();
  });
});
