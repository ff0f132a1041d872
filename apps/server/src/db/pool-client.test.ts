import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolClient } from './client.ts';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const url = process.env.DATABASE_URL;

/** A result of ~4 MB, tracked without being kept; whether it is still held after a full collection. */
async function firstResultOnANewConnection(pool: pg.Pool): Promise<WeakRef<pg.QueryResult>> {
  const result = await pool.query("select repeat('x', 4000000) as big");
  expect(result.rows[0].big).toHaveLength(4_000_000);
  return new WeakRef(result);
}

async function isStillHeld(ref: WeakRef<object>): Promise<boolean> {
  // A WeakRef keeps its target until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve));
  collect();
  return ref.deref() !== undefined;
}

describe.skipIf(!url)('pooled PostgreSQL connections', () => {
  let pool: pg.Pool | null = null;
  afterEach(async () => {
    await pool?.end();
    pool = null;
  });

  it('do not keep the result of the query that opened them', async () => {
    pool = new pg.Pool({ Client: PoolClient, connectionString: url, max: 1 });
    const first = await firstResultOnANewConnection(pool);
    expect(pool.totalCount).toBe(1);
    expect(await isStillHeld(first)).toBe(false);
  });

  it('still connect, answer and report a refused connection through the callback', async () => {
    pool = new pg.Pool({ Client: PoolClient, connectionString: url, max: 2 });
    const [a, b] = await Promise.all([pool.query('select 1 as n'), pool.query('select 2 as n')]);
    expect([a.rows[0].n, b.rows[0].n]).toEqual([1, 2]);

    const refused = new URL(url!);
    refused.port = '1';
    const broken = new pg.Pool({ Client: PoolClient, connectionString: refused.toString(), max: 1 });
    await expect(broken.query('select 1')).rejects.toThrow(/ECONNREFUSED/);
    await broken.end();
  });
});
