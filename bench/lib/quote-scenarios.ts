import path from 'node:path';
import pg from 'pg';
import type { Scenario } from './measure.ts';
import { createBuyers } from './scenarios.ts';
import { BENCH_ADMIN, type BenchServer } from './server.ts';

/** The quotation scenarios: the admin order list, a buyer's "My requests" and the dashboard figures. */
export const QUOTE_SCENARIOS = ['quotes-admin-list', 'quotes-my-requests', 'quotes-figures'] as const;
/** Requests in the database while they are measured, and how many of them one buyer sent. */
export const QUOTE_REQUESTS = 100_000;
export const MY_REQUESTS = 1_000;

const MINUTE_MS = 60_000;

/**
 * Writes `total` price requests straight into the bench's PostgreSQL database (three lines each,
 * spread over the last ~140 days and every state; the first `mine` of them from one buyer), so the
 * API is measured over a business's worth of history. A quote whose validity passed is stored as
 * expired, as the server's minute sweep leaves it (otherwise the sweep would record ~18,000 expiries,
 * and mail them, while the scenarios are measured). PGlite runs inside the server process and
 * cannot be written from outside while it runs: these scenarios run on PostgreSQL only.
 */
export async function seedRequests(postgresUrl: string, buyerId: string, total: number, mine: number) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ n0: number }>(
      'SELECT coalesce(max(order_number), 0)::int AS n0 FROM orders',
    );
    const n0 = rows[0]!.n0;
    await client.query(
      `INSERT INTO orders (order_number, user_id, first_name, email, contact_number, company_name, country,
         status, created_at, first_quoted_at, quoted_at, valid_until, quote_total, quote_currency, decided_at)
       SELECT $1::int + g, CASE WHEN g <= $3 THEN $2::uuid END, 'Bench Buyer ' || g, 'bench' || g || '@example.com',
         '+91 98765 43210', 'Company ' || (g % 500), (ARRAY['IN','US','GB','AE','DE','FR'])[1 + g % 6],
         s.status, c.at,
         CASE WHEN s.quoted THEN c.at + interval '5 hours' END,
         CASE WHEN s.quoted THEN c.at + interval '5 hours' END,
         CASE WHEN s.quoted THEN c.at + interval '14 days' END,
         CASE WHEN s.quoted THEN 100000 + (g * 7919) % 9000000 END,
         CASE WHEN s.quoted THEN (ARRAY['INR','USD'])[1 + g % 2] END,
         CASE WHEN s.status IN ('accepted', 'declined') THEN c.at + interval '2 days' END
       FROM generate_series(1, $4::int) g
       CROSS JOIN LATERAL (SELECT now() - ($4::int - g) * interval '${(2 * MINUTE_MS) / 1000} seconds' AS at) c
       CROSS JOIN LATERAL (SELECT (ARRAY['new','new','new','new','quoted','quoted','accepted','declined','cancelled','withdrawn'])[1 + g % 10] AS status) s0
       CROSS JOIN LATERAL (SELECT CASE WHEN s0.status = 'quoted' AND c.at + interval '14 days' <= now()
         THEN 'expired' ELSE s0.status END AS status, s0.status NOT IN ('new', 'cancelled') AS quoted) s`,
      [n0, buyerId, mine, total],
    );
    await client.query(
      `WITH p AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names,
           array_agg(code ORDER BY id) AS codes, count(*)::int AS n FROM (SELECT id, name, code FROM products LIMIT 300) x)
       INSERT INTO order_items (order_id, position, product_id, name, sku, quantity)
       SELECT o.id, k, p.ids[1 + (o.order_number * k) % p.n], p.names[1 + (o.order_number * k) % p.n],
         p.codes[1 + (o.order_number * k) % p.n], 1 + (o.order_number % 50)
       FROM orders o, p, generate_series(1, 3) k WHERE o.order_number > $1`,
      [n0],
    );
    await client.query(
      `INSERT INTO counters (name, value) SELECT 'order_number', max(order_number) FROM orders
       ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    );
    await client.query('COMMIT');
    // As autovacuum leaves a table after a bulk load in production: statistics, and the visibility
    // map that lets the lists' pages be read from their covering indexes alone.
    await client.query('VACUUM ANALYZE orders');
    await client.query('VACUUM ANALYZE order_items');
  } finally {
    await client.end();
  }
}

/** Signs in and returns the session token (the admin's, or a buyer's). */
export async function loginToken(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * Seeds the requests and answers the scenarios: the admin list filtered by state, searched and at
 * page 500; "My requests" of the buyer with 1,000 requests, every page; the dashboard figures.
 */
export async function quoteScenarios(server: BenchServer): Promise<Scenario[]> {
  if (!server.postgres) return [];
  const [buyer] = await createBuyers(server.url, 1, path.join(server.dataDir, 'mail'));
  await seedRequests(server.postgres.url, buyer!.id, QUOTE_REQUESTS, MY_REQUESTS);
  const admin = { authorization: `Bearer ${await loginToken(server.url, BENCH_ADMIN)}` };
  return [
    {
      key: 'quotes-admin-list',
      name: `admin order list over ${QUOTE_REQUESTS.toLocaleString('en')} requests (state filter, search, page 500)`,
      paths: [
        '/api/orders/orders?status=new&page=500',
        '/api/orders/orders?status=new,quoted&sort=oldest&page=500',
        '/api/orders/orders?status=expired&page=500',
        '/api/orders/orders?search=Company%20123&page=1',
        '/api/orders/orders?status=accepted&search=bench4242&page=1',
        '/api/orders/orders?page=500',
      ],
      headers: admin,
    },
    {
      key: 'quotes-my-requests',
      name: `My requests of a buyer with ${MY_REQUESTS.toLocaleString('en')} requests`,
      paths: Array.from({ length: MY_REQUESTS / 10 }, (_, i) => `/api/orders/mine?page=${i + 1}`),
      headers: { authorization: `Bearer ${buyer!.token}` },
    },
    {
      key: 'quotes-figures',
      name: `dashboard quotation figures over ${QUOTE_REQUESTS.toLocaleString('en')} requests`,
      paths: ['/api/admin/dashboard/quotes?weeks=12'],
      headers: admin,
    },
  ];
}
