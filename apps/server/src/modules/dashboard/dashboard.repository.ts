import { count, countDistinct, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';

export type DashboardCounts = {
  products: number;
  buyers: number;
  priceRequests: number;
  pendingAccounts: number;
};

/**
 * Products in the catalogue, buyer accounts (every role but admin), price requests received and
 * trade accounts awaiting approval.
 */
export async function countTotals(db: Db): Promise<DashboardCounts> {
  const [[productRow], [buyerRow], [orderRow], [pendingRow]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(users).where(ne(users.role, 'admin')),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(users).where(eq(users.status, 'pending')),
  ]);
  return {
    products: productRow?.n ?? 0,
    buyers: buyerRow?.n ?? 0,
    priceRequests: orderRow?.n ?? 0,
    pendingAccounts: pendingRow?.n ?? 0,
  };
}

/** Requests per ISO week (Monday, UTC, as YYYY-MM-DD) since `since`; quiet weeks are absent. */
export async function countRequestsByWeek(db: Db, since: Date): Promise<Map<string, number>> {
  const week = sql<string>`to_char(date_trunc('week', ${orders.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, n: count() })
    .from(orders)
    .where(gte(orders.createdAt, since))
    .groupBy(week);
  return new Map(rows.map((r) => [r.week, Number(r.n)]));
}

export type TopProductRow = {
  productId: string;
  name: string;
  code: string;
  quantity: number;
  requests: number;
};

/**
 * The products named in the most price requests (then the most pieces). Lines of deleted products
 * have no product any more and are left out: the owner can do nothing with them.
 */
export async function listTopProducts(db: Db, limit: number): Promise<TopProductRow[]> {
  const requests = countDistinct(orderItems.orderId);
  const quantity = sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`;
  const rows = await db
    .select({ productId: products.id, name: products.name, code: products.code, quantity, requests })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .groupBy(products.id, products.name, products.code)
    .orderBy(desc(requests), desc(quantity), products.name)
    .limit(limit);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), requests: Number(r.requests) }));
}

export type LatestRequestRow = {
  id: string;
  orderNumber: number;
  firstName: string;
  companyName: string;
  country: string;
  createdAt: Date;
  items: number;
};

/** The newest price requests with how many lines each holds. */
export async function listLatestRequests(db: Db, limit: number): Promise<LatestRequestRow[]> {
  const items = count(orderItems.id);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      firstName: orders.firstName,
      companyName: orders.companyName,
      country: orders.country,
      createdAt: orders.createdAt,
      items,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .groupBy(orders.id)
    .orderBy(sql`${orders.createdAt} DESC NULLS LAST`, sql`${orders.id} DESC NULLS LAST`)
    .limit(limit);
  return rows.map((r) => ({ ...r, items: Number(r.items) }));
}
