// The newest-first indexes are declared `DESC NULLS LAST` (drizzle-kit); a list query whose ORDER BY
// says anything else cannot read its order from them, and PostgreSQL then sorts the whole table
// for every page. Each list query below is captured as it is sent and EXPLAINed with sequential
// scans discouraged: a plan with a full Sort node means its ORDER BY does not match an index.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { listBlogSummaries, listBlogs } from '../modules/blogs/blogs.repository.ts';
import { createOrdersRepository } from '../modules/orders/orders.repository.ts';
import { findSitemapData } from '../modules/seo/sitemap.repository.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import type { Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

type Captured = { text: string; params: unknown[] };

/** Runs `work` and returns every statement it sent, with its parameters. */
async function capture(work: () => Promise<unknown>): Promise<Captured[]> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const captured: Captured[] = [];
  const original = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first, second] = args;
    // node-postgres prepared queries pass a config object; PGlite and raw queries pass text.
    if (typeof first === 'string') captured.push({ text: first, params: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first)
      captured.push({ text: String(first.text), params: (second as unknown[]) ?? [] });
    return original(...args);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return captured.filter((q) => /^\s*select/i.test(q.text) && /order by/i.test(q.text));
}

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

type PlanNode = { 'Node Type': string; Plans?: PlanNode[] };
const nodeTypes = (node: PlanNode): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];

/** Plan node types of a captured statement, its parameters inlined as literals. */
async function planOf(query: Captured): Promise<string[]> {
  const text = query.text.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
  return database.db.transaction(async (tx) => {
    // Tiny test tables would otherwise be read sequentially and sorted whatever the ORDER BY says.
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': unknown }>(sql.raw(`EXPLAIN (FORMAT JSON) ${text}`));
    const raw = rows[0]!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
    return nodeTypes(plan[0].Plan);
  });
}

describe('newest-first list queries read their order from an index', () => {
  const cases: [string, () => Promise<unknown>][] = [
    ['blog summaries', () => listBlogSummaries(database.db, { offset: 0, limit: 10 })],
    ['blogs', () => listBlogs(database.db, null)],
    ['users', () => createUsersRepository(database.db).list()],
    ['orders', () => createOrdersRepository(database.db).list({ limit: 10, offset: 0 })],
    ['sitemap products and blogs', () => findSitemapData(database.db)],
  ];
  it.each(cases)('%s', async (_name, work) => {
    const queries = await capture(work);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      // An Incremental Sort on top of an index order (users: created_at, then id) is fine.
      expect(await planOf(query), query.text).not.toContain('Sort');
    }
  });
});
