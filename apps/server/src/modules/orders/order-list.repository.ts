import { and, sql, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema/orders.ts';
import type { OrderListFilter, OrderListRow } from './order-rows.ts';
import { statusFilter } from './quotations.repository.ts';

/**
 * The admin order list's SQL: its filters (search and state) and one statement per page that
 * returns each request with its lines, and the mapping of those rows.
 */
/** `%text%` for ILIKE with the user's text taken literally (`%`, `_` and `\` escaped). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function searchFilter(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  const byNumber = /^#?\d{1,9}$/.test(text)
    ? sql`${orders.orderNumber} = ${Number(text.replace('#', ''))} OR `
    : sql``;
  // The country is a two-letter code, matched in full and only by a two-letter text (a substring
  // match on it could use no index and read every request).
  const byCountry = /^[a-z]{2}$/i.test(text)
    ? sql`UNION SELECT o.id FROM orders o WHERE o.country = ${text.toUpperCase()}`
    : sql``;
  // One branch per column, so each can use its trigram index (an OR across columns would scan
  // every request); the matches are collected once into an array and read by primary key (as a
  // subquery, the planner may join it against every request).
  return sql`(${byNumber}${orders.id} = ANY(ARRAY(
    SELECT o.id FROM orders o WHERE o.first_name ILIKE ${pattern}
    UNION SELECT o.id FROM orders o WHERE o.email ILIKE ${pattern}
    UNION SELECT o.id FROM orders o WHERE o.company_name ILIKE ${pattern}
    ${byCountry}
    UNION SELECT i.order_id FROM order_items i WHERE i.name ILIKE ${pattern})))`;
}

export const now = (filter: OrderListFilter) => filter.now ?? new Date();

/** A timestamp as either driver answers it in a raw statement (text from node-postgres, a Date from PGlite). */
export const dateOf = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * The admin list's rows matching `where`, each with its lines as one JSON array of
 * `[position, productId, name, sku, quantity, imageUrl, mediaId]`: one statement for a page, and
 * the lines travel as one value per request instead of one row each. They are put in order here
 * (an aggregate's ORDER BY adds a sort to the plan).
 */
export const listRowsWhere = (where: SQL | undefined, orderBy: SQL = sql``) => sql`
  SELECT ${orders.id} AS id, ${orders.orderNumber} AS order_number, ${orders.userId} AS user_id,
    ${orders.firstName} AS first_name, ${orders.email} AS email, ${orders.contactNumber} AS contact_number,
    ${orders.companyName} AS company_name, ${orders.companyWebsite} AS company_website,
    ${orders.country} AS country, ${orders.message} AS message, ${orders.status} AS status,
    ${orders.validUntil} AS valid_until, ${orders.createdAt} AS created_at,
    (SELECT json_agg(json_build_array(i.position, i.product_id, i.name, i.sku, i.quantity, i.image_url, i.media_id))
     FROM order_items i WHERE i.order_id = ${orders.id}) AS lines
  FROM ${orders}${where ? sql` WHERE ${where}` : sql``}${orderBy}`;

export type ListRowRecord = {
  id: string;
  order_number: number;
  user_id: string | null;
  first_name: string;
  email: string;
  contact_number: string;
  company_name: string;
  company_website: string;
  country: string;
  message: string;
  status: string;
  valid_until: string | Date | null;
  created_at: string | Date;
  lines: [number, string | null, string, string, number, string | null, string | null][] | null;
};

export function toListRow(r: ListRowRecord): OrderListRow {
  return {
    id: r.id,
    orderNumber: Number(r.order_number),
    userId: r.user_id,
    firstName: r.first_name,
    email: r.email,
    contactNumber: r.contact_number,
    companyName: r.company_name,
    companyWebsite: r.company_website,
    country: r.country,
    message: r.message,
    status: r.status,
    validUntil: r.valid_until === null ? null : dateOf(r.valid_until),
    createdAt: dateOf(r.created_at),
    lines: (r.lines ?? [])
      .sort((a, b) => a[0] - b[0])
      .map(([, productId, name, sku, quantity, imageUrl, mediaId]) => ({
        productId,
        name,
        sku,
        quantity,
        imageUrl,
        mediaId,
      })),
  };
}

export function listFilter(filter: OrderListFilter): SQL | undefined {
  return and(searchFilter(filter.search), statusFilter(filter.statuses ?? [], now(filter)));
}
