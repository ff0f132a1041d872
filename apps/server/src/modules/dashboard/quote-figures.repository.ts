import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The figures of how requests turn into orders. Each is one aggregate statement over `orders`
 * (and its lines for the products); the state is the one readers see, so a quote whose validity
 * passed counts as expired before its expiry is recorded.
 */

const effectiveStatus = (now: Date) =>
  sql`CASE WHEN o.status = 'quoted' AND o.valid_until <= ${now} THEN 'expired' ELSE o.status END`;

export async function countByStatus(db: Db, now: Date): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ status: string; n: number }>(sql`
    SELECT ${effectiveStatus(now)} AS status, count(*)::int AS n FROM orders o GROUP BY 1`);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export type FunnelRow = { week: string; requested: number; quoted: number; accepted: number };

/** Requests per week they came in (Monday, UTC), how many of them were quoted and accepted. */
export async function countFunnel(db: Db, since: Date): Promise<FunnelRow[]> {
  const { rows } = await db.execute<FunnelRow>(sql`
    SELECT to_char(date_trunc('week', o.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
      count(*)::int AS requested,
      count(o.first_quoted_at)::int AS quoted,
      count(*) FILTER (WHERE o.status = 'accepted')::int AS accepted
    FROM orders o WHERE o.created_at >= ${since} GROUP BY 1`);
  return rows.map((r) => ({
    week: r.week,
    requested: Number(r.requested),
    quoted: Number(r.quoted),
    accepted: Number(r.accepted),
  }));
}

/** The median hours from a request to its first sent quote, of requests since `since`. */
export async function medianHoursToFirstQuote(db: Db, since: Date): Promise<number | null> {
  const { rows } = await db.execute<{ hours: number | string | null }>(sql`
    SELECT percentile_cont(0.5) WITHIN GROUP (
      ORDER BY extract(epoch FROM o.first_quoted_at - o.created_at) / 3600) AS hours
    FROM orders o WHERE o.created_at >= ${since} AND o.first_quoted_at IS NOT NULL`);
  const hours = rows[0]?.hours;
  return hours === null || hours === undefined ? null : Number(hours);
}

export type ValueRow = { month: string; currency: string; quoted: number; accepted: number };

/**
 * Per month and currency: the value of the quotes sent that month (each request's latest quote)
 * and of the quotes accepted that month, in minor units.
 */
export async function sumValueByMonth(db: Db, since: Date): Promise<ValueRow[]> {
  const { rows } = await db.execute<{
    month: string;
    currency: string;
    quoted: string;
    accepted: string;
  }>(sql`
    SELECT month, currency, sum(quoted)::text AS quoted, sum(accepted)::text AS accepted FROM (
      SELECT to_char(o.quoted_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.quote_currency AS currency,
        o.quote_total AS quoted, 0::bigint AS accepted
      FROM orders o WHERE o.quoted_at >= ${since} AND o.quote_total IS NOT NULL
      UNION ALL
      SELECT to_char(o.decided_at AT TIME ZONE 'UTC', 'YYYY-MM'), o.quote_currency, 0::bigint, o.quote_total
      FROM orders o WHERE o.status = 'accepted' AND o.decided_at >= ${since} AND o.quote_total IS NOT NULL
    ) v GROUP BY month, currency ORDER BY month, currency`);
  return rows.map((r) => ({
    month: r.month,
    currency: r.currency,
    quoted: Number(r.quoted),
    accepted: Number(r.accepted),
  }));
}

export type ProductCount = { productId: string; name: string; count: number };

/**
 * The products named in the most requests since `since`, and in the most accepted ones, in one
 * pass over the lines of the window's requests. Lines of deleted products are left out.
 */
export async function listTopProductsBoth(
  db: Db,
  since: Date,
  limit: number,
): Promise<{ requested: ProductCount[]; accepted: ProductCount[] }> {
  const { rows } = await db.execute<{ kind: string; product_id: string; name: string; n: number }>(sql`
    WITH t AS (
      SELECT i.product_id, count(DISTINCT i.order_id)::int AS requested,
        (count(DISTINCT i.order_id) FILTER (WHERE o.status = 'accepted'))::int AS accepted
      FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.created_at >= ${since} AND i.product_id IS NOT NULL
      GROUP BY i.product_id
    ), top AS (
      (SELECT 'requested' AS kind, product_id, requested AS n FROM t
        ORDER BY requested DESC, product_id LIMIT ${limit})
      UNION ALL
      (SELECT 'accepted' AS kind, product_id, accepted AS n FROM t WHERE accepted > 0
        ORDER BY accepted DESC, product_id LIMIT ${limit})
    )
    SELECT top.kind, p.id AS product_id, p.name, top.n FROM top JOIN products p ON p.id = top.product_id
    ORDER BY top.kind, top.n DESC, p.name`);
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ productId: r.product_id, name: r.name, count: Number(r.n) }));
  return { requested: of('requested'), accepted: of('accepted') };
}

export async function countByCountry(
  db: Db,
  since: Date,
  limit: number,
): Promise<{ country: string; count: number }[]> {
  const { rows } = await db.execute<{ country: string; n: number }>(sql`
    SELECT o.country, count(*)::int AS n FROM orders o WHERE o.created_at >= ${since}
    GROUP BY o.country ORDER BY n DESC, o.country LIMIT ${limit}`);
  return rows.map((r) => ({ country: r.country, count: Number(r.n) }));
}
