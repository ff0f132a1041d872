import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { ID_BATCH, inBatches } from '../../lib/batches.ts';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { attributeValues, productAttributes } from '../../db/schema/products.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import { settings } from '../../db/schema/system.ts';
import type { OutboxPayload } from '../mail/index.ts';
import { statusBranches } from './quotations.repository.ts';
import type { MyOrderRow } from './quotation-rows.ts';
import type {
  BelowMinimumLine,
  NewOrder,
  OrderLineRow,
  OrderListFilter,
  OrderListRow,
  OrderRow,
  RequestedLine,
} from './order-rows.ts';
import {
  now,
  dateOf,
  listRowsWhere,
  type ListRowRecord,
  toListRow,
  listFilter,
} from './order-list.repository.ts';

const orderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  firstName: orders.firstName,
  email: orders.email,
  contactNumber: orders.contactNumber,
  companyName: orders.companyName,
  companyWebsite: orders.companyWebsite,
  country: orders.country,
  message: orders.message,
  status: orders.status,
  version: orders.version,
  validUntil: orders.validUntil,
  createdAt: orders.createdAt,
  enteredById: orders.enteredById,
  enteredByName: orders.enteredByName,
};

const ORDER_COUNTER = 'order_number';

export function createOrdersRepository(db: Db) {
  async function attachLines(rows: Omit<OrderRow, 'lines'>[]): Promise<OrderRow[]> {
    if (!rows.length) return [];
    // The unpaged list (every request, for the workbook and older clients) can name more ids
    // than one statement may bind.
    const lines = await inBatches(
      rows.map((r) => r.id),
      ID_BATCH,
      (ids) =>
        db
          .select({
            orderId: orderItems.orderId,
            position: orderItems.position,
            productId: orderItems.productId,
            name: orderItems.name,
            sku: orderItems.sku,
            quantity: orderItems.quantity,
            price: orderItems.price,
            imageUrl: orderItems.imageUrl,
            mediaId: orderItems.mediaId,
          })
          .from(orderItems)
          .where(inArray(orderItems.orderId, ids))
          .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    );
    const byOrder = new Map<string, OrderLineRow[]>();
    for (const { orderId, ...line } of lines) {
      const list = byOrder.get(orderId) ?? [];
      list.push(line);
      byOrder.set(orderId, list);
    }
    return rows.map((row) => ({ ...row, lines: byOrder.get(row.id) ?? [] }));
  }

  return {
    /** The stored value, or `value` stored now by whichever instance gets there first. */
    async findOrCreateSetting(key: string, value: string): Promise<string> {
      await db.insert(settings).values({ key, value }).onConflictDoNothing();
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value ?? value;
    },

    async findNumberByIdempotencyKey(userId: string, key: string): Promise<number | null> {
      const [row] = await db
        .select({ orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
        .limit(1);
      return row?.orderNumber ?? null;
    },

    /**
     * The order, its lines and its outbox rows in ONE statement, which PostgreSQL runs as one
     * transaction. The lines are copied from the products as they are in that statement; when
     * any requested product does not exist, nothing is written and `missing` lists them. The
     * order number comes from the `counters` row, bumped in that same statement: a failure
     * anywhere rolls the bump back (no gaps), and the row lock that serialises numbering is held
     * only while this statement runs, never across a round trip. With `holdsMinimums`, a line
     * below its design's minimum order writes nothing either, and `belowMinimum` names them.
     */
    async insertOrder(
      order: NewOrder,
      requested: readonly RequestedLine[],
      messages: readonly { kind: string; payload: OutboxPayload }[],
      /** Refuse lines below their design's minimum order (`belowMinimum`, nothing written). */
      holdsMinimums = true,
    ): Promise<
      { orderNumber: number; createdAt: Date } | { missing: string[] } | { belowMinimum: BelowMinimumLine[] }
    > {
      const requestValues = sql.join(
        requested.map((l, i) => sql`(${i + 1}::int, ${l.productId}::uuid, ${l.quantity}::int)`),
        sql`, `,
      );
      const outboxInsert = messages.length
        ? sql`, m AS (
            INSERT INTO outbox (kind, payload)
            SELECT v.kind, v.payload FROM o, (VALUES ${sql.join(
              messages.map((m) => sql`(${m.kind}::text, ${JSON.stringify(m.payload)}::jsonb)`),
              sql`, `,
            )}) AS v(kind, payload))`
        : sql``;
      const { rows } = await db.execute<{
        order_number: number | null;
        created_at: string | Date | null;
        found: string[];
        below: { position: number; name: string; code: string; minimum: number }[] | null;
      }>(sql`
        WITH r AS (
          SELECT * FROM (VALUES ${requestValues}) AS v(position, product_id, quantity)
        ), line AS (
          SELECT r.position, p.id AS product_id, p.name, p.code AS sku, r.quantity, p.price,
            CASE WHEN p.media_id IS NULL THEN p.image_url ELSE '/media/' || p.media_id END AS image_url,
            p.media_id, p.min_order_quantity
          FROM r JOIN products p ON p.id = r.product_id
        ), below AS (
          SELECT line.position, line.name, line.sku AS code, line.min_order_quantity AS minimum
          FROM line WHERE line.quantity < line.min_order_quantity
        ), n AS (
          INSERT INTO counters (name, value)
          SELECT ${ORDER_COUNTER}, 1
          WHERE (SELECT count(*) FROM line) = ${requested.length}
            AND (NOT ${holdsMinimums}::boolean OR NOT EXISTS (SELECT 1 FROM below))
          ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
          RETURNING value
        ), o AS (
          INSERT INTO orders (id, order_number, user_id, first_name, email, contact_number, company_name,
            company_website, country, message, idempotency_key, entered_by_id, entered_by_name)
          SELECT ${order.id}::uuid, n.value, ${order.userId}::uuid, ${order.firstName}, ${order.email},
            ${order.contactNumber}, ${order.companyName}, ${order.companyWebsite}, ${order.country},
            ${order.message}, ${order.idempotencyKey}::text, ${order.enteredBy?.id ?? null}::uuid,
            ${order.enteredBy?.name ?? null}::text
          FROM n
          RETURNING id, order_number, created_at
        ), i AS (
          INSERT INTO order_items (order_id, position, product_id, name, sku, quantity, price, image_url, media_id)
          SELECT o.id, line.position, line.product_id, line.name, line.sku, line.quantity, line.price,
            line.image_url, line.media_id
          FROM o, line
        ), counted AS (
          -- "Most requested": each product once per price request, in this same statement.
          UPDATE products SET request_count = request_count + 1
          WHERE id IN (SELECT product_id FROM line) AND EXISTS (SELECT 1 FROM o)
        )${outboxInsert}
        SELECT (SELECT order_number FROM o) AS order_number, (SELECT created_at FROM o) AS created_at,
          ARRAY(SELECT product_id::text FROM line) AS found,
          (SELECT json_agg(below ORDER BY below.position) FROM below) AS below`);
      const row = rows[0]!;
      if (row.order_number === null || row.created_at === null) {
        const found = new Set(row.found);
        const missing = requested.map((l) => l.productId).filter((id) => !found.has(id));
        // PGlite and node-postgres both parse json; text is read all the same.
        const below = typeof row.below === 'string' ? (JSON.parse(row.below) as typeof row.below) : row.below;
        if (missing.length || !below?.length) return { missing };
        return {
          belowMinimum: below.map((b) => ({
            index: Number(b.position) - 1,
            name: b.name,
            code: b.code,
            minimum: Number(b.minimum),
          })),
        };
      }
      return { orderNumber: Number(row.order_number), createdAt: new Date(row.created_at) };
    },

    /**
     * The whole list a batch at a time: the first `limit` orders of the list's order (newest first
     * unless `sort` is `oldest`) past order number `after` (from the start when null), with their
     * lines. A batch is a range of the order-number index, so no batch reads the ones before it.
     */
    async listAfter(options: OrderListFilter, after: number | null, limit: number): Promise<OrderListRow[]> {
      const oldest = options.sort === 'oldest';
      const past =
        after === null ? undefined : sql`${orders.orderNumber} ${sql.raw(oldest ? '>' : '<')} ${after}`;
      const { rows } = await db.execute<ListRowRecord>(
        listRowsWhere(
          and(listFilter(options), past),
          sql` ORDER BY ${orders.orderNumber} ${oldest ? sql`ASC` : sql`DESC`} LIMIT ${limit}`,
        ),
      );
      return rows.map(toListRow);
    },

    /**
     * A page of the list, newest first unless `sort` is `oldest`. A page is chosen
     * by its ids alone (from the covering indexes, without reading the rows it skips), then only
     * its own rows and lines are read, in the same statement.
     */
    async list(options: OrderListFilter & { limit: number; offset?: number }): Promise<OrderListRow[]> {
      const order = options.sort === 'oldest' ? sql`ASC` : sql`DESC`;
      const limit = options.limit;
      const offset = options.offset ?? 0;
      const branches = options.search?.trim() ? [] : statusBranches(options.statuses ?? [], now(options));
      // Several states without a search: each state's own newest (or oldest) `offset + limit` from
      // its index range, merged, instead of one walk over every request testing each state.
      const pageIds =
        branches.length > 1
          ? sql`SELECT b.id FROM (${sql.join(
              branches.map(
                (branch) =>
                  sql`(SELECT ${orders.id} AS id, ${orders.orderNumber} AS n FROM ${orders} WHERE ${branch}
                    ORDER BY ${orders.orderNumber} ${order}
                    LIMIT ${offset + limit})`,
              ),
              sql` UNION ALL `,
            )}) b ORDER BY b.n ${order} LIMIT ${limit} OFFSET ${offset}`
          : sql`SELECT ${orders.id} FROM ${orders}${(() => {
              const where = listFilter(options);
              return where ? sql` WHERE ${where}` : sql``;
            })()} ORDER BY ${orders.orderNumber} ${order} LIMIT ${limit} OFFSET ${offset}`;
      // The page's few rows are put in order here: an ORDER BY on them would be a sort node in a plan
      // that otherwise reads its order from the indexes.
      const { rows } = await db.execute<ListRowRecord>(
        listRowsWhere(sql`${orders.id} = ANY(ARRAY(${pageIds}))`),
      );
      const sign = options.sort === 'oldest' ? 1 : -1;
      return rows.map(toListRow).sort((a, b) => sign * (a.orderNumber - b.orderNumber));
    },

    /**
     * A buyer's requests, newest first, with how many lines each holds, and how many requests the
     * buyer has, in one statement. The page's ids come from the (user, number) index alone; the
     * rows and their line counts are read for that page only, never for the requests it skips.
     */
    async listMine(
      userId: string,
      limit: number,
      offset: number,
    ): Promise<{ total: number; rows: MyOrderRow[] }> {
      const { rows } = await db.execute<{
        total: number;
        id: string | null;
        order_number: number;
        status: string;
        created_at: string | Date;
        valid_until: string | Date | null;
        quote_total: string | number | null;
        quote_currency: string | null;
        line_count: number;
      }>(sql`
        SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM orders WHERE user_id = ${userId}) t
        LEFT JOIN LATERAL (
          SELECT o.id, o.order_number, o.status, o.created_at, o.valid_until, o.quote_total, o.quote_currency,
            (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS line_count
          FROM orders o
          WHERE o.id = ANY(ARRAY(
            SELECT id FROM orders WHERE user_id = ${userId} ORDER BY order_number DESC LIMIT ${limit} OFFSET ${offset}))
        ) p ON true`);
      // The page's few rows are put in order here, as in the admin list.
      const page = rows
        .filter((r) => r.id !== null)
        .map((r) => ({
          id: r.id!,
          orderNumber: Number(r.order_number),
          status: r.status,
          createdAt: dateOf(r.created_at),
          validUntil: r.valid_until === null ? null : dateOf(r.valid_until),
          quoteTotal: r.quote_total === null ? null : Number(r.quote_total),
          quoteCurrency: r.quote_currency,
          lineCount: Number(r.line_count),
        }))
        .sort((a, b) => b.orderNumber - a.orderNumber);
      return { total: Number(rows[0]?.total ?? 0), rows: page };
    },

    /**
     * The first instant after `at` at which a sent quote lapses (its valid-until), or null when no
     * quote is waiting for a decision: until then no request changes state by itself. Read from
     * the (status, order_number) index, which carries the valid-until, over the `quoted` range.
     */
    async nextLapse(at: Date): Promise<Date | null> {
      const { rows } = await db.execute<{ at: string | Date | null }>(
        sql`SELECT min(${orders.validUntil}) AS at FROM ${orders}
            WHERE ${orders.status} = 'quoted' AND ${orders.validUntil} > ${at.toISOString()}::timestamptz`,
      );
      const first = rows[0]?.at ?? null;
      return first === null ? null : dateOf(first);
    },

    async count(filter: OrderListFilter): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(listFilter(filter));
      return Number(row?.n ?? 0);
    },

    async findByNumber(orderNumber: number): Promise<OrderRow | null> {
      const rows = await db
        .select(orderColumns)
        .from(orders)
        .where(eq(orders.orderNumber, orderNumber))
        .limit(1);
      return (await attachLines(rows))[0] ?? null;
    },

    /** The minimum order of each of these products that has one, by product id. */
    async findMinimumOrders(productIds: readonly string[]): Promise<Map<string, number>> {
      if (!productIds.length) return new Map();
      const rows = await db
        .select({ id: products.id, minimum: products.minOrderQuantity })
        .from(products)
        .where(and(inArray(products.id, [...productIds]), isNotNull(products.minOrderQuantity)));
      return new Map(rows.flatMap((r) => (r.minimum === null ? [] : [[r.id, r.minimum] as const])));
    },

    async findById(id: string): Promise<OrderRow | null> {
      const rows = await db.select(orderColumns).from(orders).where(eq(orders.id, id)).limit(1);
      return (await attachLines(rows))[0] ?? null;
    },

    /** The orders of these ids that exist (two statements however many there are). */
    async findByIds(ids: readonly string[]): Promise<OrderRow[]> {
      if (!ids.length) return [];
      return attachLines(
        await db
          .select(orderColumns)
          .from(orders)
          .where(inArray(orders.id, [...ids])),
      );
    },

    /** false when there was no such order. Its lines go with it (foreign key cascade). */
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Where the originals of these media items are kept. */
    async findMediaKeys(mediaIds: readonly string[]): Promise<Map<string, string>> {
      if (!mediaIds.length) return new Map();
      const rows = await db
        .select({ id: media.id, storageKey: media.storageKey })
        .from(media)
        .where(inArray(media.id, [...mediaIds]));
      return new Map(rows.map((r) => [r.id, r.storageKey]));
    },

    /**
     * Each product's metals, then its finishes, in their lists' order, as the quotation workbook's
     * Metal column writes them ("Brass, Gold plated"); a product with neither is left out.
     */
    async findMetalsAndFinishes(productIds: readonly (string | null)[]): Promise<Map<string, string>> {
      const ids = [...new Set(productIds.filter((id): id is string => id !== null))];
      if (!ids.length) return new Map();
      const rows = await db
        .select({
          productId: productAttributes.productId,
          kind: attributeValues.kind,
          label: attributeValues.labelEn,
        })
        .from(productAttributes)
        .innerJoin(attributeValues, eq(attributeValues.id, productAttributes.valueId))
        .where(
          and(inArray(productAttributes.productId, ids), inArray(attributeValues.kind, ['metal', 'finish'])),
        )
        // `metal` sorts after `finish`: descending puts the metals first.
        .orderBy(desc(attributeValues.kind), asc(attributeValues.position), asc(attributeValues.labelEn));
      const labels = new Map<string, string[]>();
      for (const row of rows) labels.set(row.productId, [...(labels.get(row.productId) ?? []), row.label]);
      return new Map([...labels].map(([id, names]) => [id, names.join(', ')]));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
