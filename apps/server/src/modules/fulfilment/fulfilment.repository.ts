import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { fulfilmentStages, orderFulfilment, shipmentLines, shipments } from '../../db/schema/fulfilment.ts';
import { orderEvents, orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { media } from '../../db/schema/media.ts';
import { enqueueMail, type OutboxMail } from '../mail/index.ts';
import { escapeLike } from '../../db/escape-like.ts';

/** What a fulfilment write needs of the order, read under the order's row lock. */
export type LockedFulfilment = {
  id: string;
  orderNumber: number;
  status: string;
  version: number;
  firstName: string;
  buyerEmail: string;
  userId: string | null;
  decidedAt: Date | null;
  /** Who accepted the quote (the order's first stage). */
  acceptedBy: string | null;
  /** Null for an order accepted before fulfilment was recorded (it reads as `confirmed`). */
  stage: string | null;
  poNumber: string | null;
  expectedShipDate: string | null;
};

export type StageRow = {
  stage: string;
  note: string | null;
  byUserId: string | null;
  byName: string;
  byRole: string;
  photoMediaId: string | null;
  at: Date;
};

export type ItemRow = {
  id: string;
  productId: string | null;
  sku: string;
  name: string;
  quantity: number;
  shipped: number;
};

export type ShipmentRow = {
  id: string;
  courier: string;
  trackingNumber: string;
  shippedAt: Date;
  lines: {
    productId: string | null;
    sku: string;
    name: string;
    quantity: number;
    actualWeightMg: number | null;
  }[];
};

export type BoardRow = {
  id: string;
  orderNumber: number;
  firstName: string;
  companyName: string;
  country: string;
  stage: string;
  poNumber: string | null;
  expectedShipDate: string | null;
  decidedAt: Date | null;
  pieces: number;
  shippedPieces: number;
  quoteTotal: number | null;
  quoteCurrency: string | null;
  stageAt: Date;
};

export type BoardFilter = {
  stages: readonly string[] | null;
  /** Only orders past their expected ship date (`today` in India) and not dispatched. */
  overdueBefore: string | null;
  search: string;
  limit: number;
};

const NOT_DISPATCHED = ['confirmed', 'in_production', 'quality_check', 'packed', 'partly_dispatched'];

const stageOf = sql<string>`coalesce(${orderFulfilment.stage}, 'confirmed')`;

function repositoryOf(db: Db | Tx) {
  const shippedOfItem = sql<number>`coalesce((select sum(sl.quantity) from ${shipmentLines} sl where sl.order_item_id = ${orderItems}.id), 0)::int`;

  function boardConditions(filter: Omit<BoardFilter, 'limit'>): SQL[] {
    const where: SQL[] = [sql`${orders.status} = 'accepted'`];
    if (filter.stages) where.push(sql`${stageOf} in ${filter.stages.length ? filter.stages : ['']}`);
    if (filter.overdueBefore)
      where.push(
        sql`${orderFulfilment.expectedShipDate} < ${filter.overdueBefore} and ${stageOf} in ${NOT_DISPATCHED}`,
      );
    const text = filter.search.trim();
    if (text) {
      const like = `%${escapeLike(text)}%`;
      const parts = [
        sql`${orders.firstName} ilike ${like}`,
        sql`${orders.companyName} ilike ${like}`,
        sql`${orders.email} ilike ${like}`,
        sql`${orderFulfilment.poNumber} ilike ${like}`,
      ];
      const number = /^#?(\d{1,9})$/.exec(text);
      if (number) parts.push(sql`${orders.orderNumber} = ${Number(number[1])}`);
      where.push(sql`(${sql.join(parts, sql` or `)})`);
    }
    return where;
  }

  return {
    async lockOrder(id: string): Promise<LockedFulfilment | null> {
      const [row] = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          version: orders.version,
          firstName: orders.firstName,
          buyerEmail: sql<string>`coalesce(${users.email}, ${orders.email})`,
          userId: orders.userId,
          decidedAt: orders.decidedAt,
          acceptedBy: sql<
            string | null
          >`(select e.by_name from ${orderEvents} e where e.order_id = ${orders}.id and e.to_status = 'accepted' order by e.id desc limit 1)`,
          stage: orderFulfilment.stage,
          poNumber: orderFulfilment.poNumber,
          expectedShipDate: orderFulfilment.expectedShipDate,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .leftJoin(orderFulfilment, eq(orderFulfilment.orderId, orders.id))
        .where(eq(orders.id, id))
        .for('update', { of: orders })
        .limit(1);
      return row ?? null;
    },

    /** The fulfilment row of an order, or null (an order accepted before fulfilment was kept). */
    async findState(orderId: string) {
      const [row] = await db
        .select({
          stage: orderFulfilment.stage,
          poNumber: orderFulfilment.poNumber,
          expectedShipDate: orderFulfilment.expectedShipDate,
        })
        .from(orderFulfilment)
        .where(eq(orderFulfilment.orderId, orderId))
        .limit(1);
      return row ?? null;
    },

    async listStages(orderId: string): Promise<StageRow[]> {
      return db
        .select({
          stage: fulfilmentStages.stage,
          note: fulfilmentStages.note,
          byUserId: fulfilmentStages.byUserId,
          byName: fulfilmentStages.byName,
          byRole: fulfilmentStages.byRole,
          photoMediaId: fulfilmentStages.photoMediaId,
          at: fulfilmentStages.at,
        })
        .from(fulfilmentStages)
        .where(eq(fulfilmentStages.orderId, orderId))
        .orderBy(asc(fulfilmentStages.id));
    },

    /** The order's lines with what was shipped of each so far. */
    async listItems(orderId: string): Promise<ItemRow[]> {
      return db
        .select({
          id: orderItems.id,
          productId: orderItems.productId,
          sku: orderItems.sku,
          name: orderItems.name,
          quantity: orderItems.quantity,
          shipped: shippedOfItem,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
    },

    async listShipments(orderId: string): Promise<ShipmentRow[]> {
      const rows = await db
        .select({
          id: shipments.id,
          courier: shipments.courier,
          trackingNumber: shipments.trackingNumber,
          shippedAt: shipments.shippedAt,
        })
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .orderBy(asc(shipments.shippedAt), asc(shipments.createdAt));
      if (!rows.length) return [];
      const lines = await db
        .select({
          shipmentId: shipmentLines.shipmentId,
          productId: orderItems.productId,
          sku: orderItems.sku,
          name: orderItems.name,
          quantity: shipmentLines.quantity,
          actualWeightMg: shipmentLines.actualWeightMg,
        })
        .from(shipmentLines)
        .innerJoin(orderItems, eq(orderItems.id, shipmentLines.orderItemId))
        .where(
          inArray(
            shipmentLines.shipmentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(shipmentLines.id));
      return rows.map((r) => ({
        ...r,
        lines: lines.filter((l) => l.shipmentId === r.id).map(({ shipmentId: _s, ...l }) => l),
      }));
    },

    async mediaExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, id)).limit(1);
      return Boolean(row);
    },

    // ---- writes: inside `transaction`, on an order locked by `lockOrder` ----

    /** Makes the fulfilment row (at `confirmed`) and its first stage, unless it exists. */
    async start(
      orderId: string,
      fields: { poNumber: string | null },
      first: Omit<StageRow, 'stage' | 'photoMediaId'>,
    ): Promise<void> {
      const made = await db
        .insert(orderFulfilment)
        .values({
          orderId,
          stage: 'confirmed',
          poNumber: fields.poNumber,
          createdAt: first.at,
          updatedAt: first.at,
        })
        .onConflictDoNothing()
        .returning({ orderId: orderFulfilment.orderId });
      if (made.length) await db.insert(fulfilmentStages).values({ orderId, stage: 'confirmed', ...first });
    },

    async update(
      orderId: string,
      fields: Partial<{
        stage: string;
        poNumber: string | null;
        expectedShipDate: string | null;
        dispatchedAt: Date;
      }>,
      now: Date,
    ): Promise<void> {
      await db
        .update(orderFulfilment)
        .set({ ...fields, updatedAt: now })
        .where(eq(orderFulfilment.orderId, orderId));
    },

    async addStage(orderId: string, row: StageRow): Promise<void> {
      await db.insert(fulfilmentStages).values({ orderId, ...row });
    },

    async addShipment(
      orderId: string,
      shipment: { courier: string; trackingNumber: string; shippedAt: Date; byUserId: string },
      lines: {
        orderItemId: string;
        productId: string | null;
        quantity: number;
        actualWeightMg: number | null;
      }[],
    ): Promise<string> {
      const [row] = await db
        .insert(shipments)
        .values({ orderId, ...shipment })
        .returning({ id: shipments.id });
      await db.insert(shipmentLines).values(lines.map((l) => ({ ...l, shipmentId: row!.id })));
      return row!.id;
    },

    /** Adds 1 to the order's version (every fulfilment write changes the request). */
    async bumpVersion(orderId: string): Promise<void> {
      await db
        .update(orders)
        .set({ version: sql`${orders.version} + 1` })
        .where(eq(orders.id, orderId));
    },

    async enqueue(messages: readonly { kind: string; mail: OutboxMail }[]): Promise<void> {
      await enqueueMail(
        db,
        messages.map((m) => ({ kind: m.kind, payload: { mail: m.mail } })),
      );
    },

    // ---- the board and the figures ----

    async listBoard(filter: BoardFilter): Promise<{ rows: BoardRow[]; matched: number }> {
      const where = and(...boardConditions(filter));
      const pieces = sql<number>`coalesce((select sum(oi.quantity) from ${orderItems} oi where oi.order_id = ${orders}.id), 0)::int`;
      const shippedPieces = sql<number>`coalesce((select sum(sl.quantity) from ${shipmentLines} sl join ${shipments} s on s.id = sl.shipment_id where s.order_id = ${orders}.id), 0)::int`;
      const stageAt = sql<Date>`coalesce((select max(fs.at) from ${fulfilmentStages} fs where fs.order_id = ${orders}.id), ${orders.decidedAt}, ${orders.createdAt})`;
      const rows = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          firstName: orders.firstName,
          companyName: orders.companyName,
          country: orders.country,
          stage: stageOf,
          poNumber: orderFulfilment.poNumber,
          expectedShipDate: orderFulfilment.expectedShipDate,
          decidedAt: orders.decidedAt,
          pieces,
          shippedPieces,
          quoteTotal: orders.quoteTotal,
          quoteCurrency: orders.quoteCurrency,
          stageAt,
        })
        .from(orders)
        .leftJoin(orderFulfilment, eq(orderFulfilment.orderId, orders.id))
        .where(where)
        .orderBy(sql`${orderFulfilment.expectedShipDate} asc nulls last`, asc(orders.orderNumber))
        .limit(filter.limit + 1);
      return {
        rows: rows.map((r) => ({
          ...r,
          quoteTotal: r.quoteTotal == null ? null : Number(r.quoteTotal),
          stageAt: new Date(r.stageAt),
        })),
        matched: rows.length,
      };
    },

    /** Accepted orders per stage, and how many are overdue at `today` (India). */
    async countStages(today: string): Promise<{ byStage: Map<string, number>; overdue: number }> {
      const rows = await db
        .select({
          stage: stageOf,
          n: sql<number>`count(*)::int`,
          overdue: sql<number>`count(*) filter (where ${orderFulfilment.expectedShipDate} < ${today} and ${stageOf} in ${NOT_DISPATCHED})::int`,
        })
        .from(orders)
        .leftJoin(orderFulfilment, eq(orderFulfilment.orderId, orders.id))
        .where(eq(orders.status, 'accepted'))
        .groupBy(stageOf);
      return {
        byStage: new Map(rows.map((r) => [r.stage, Number(r.n)])),
        overdue: rows.reduce((sum, r) => sum + Number(r.overdue), 0),
      };
    },

    /** Every fully dispatched order: when it was accepted, due and dispatched. */
    async listDispatched(): Promise<
      { decidedAt: Date | null; expectedShipDate: string | null; dispatchedAt: Date }[]
    > {
      const rows = await db
        .select({
          decidedAt: orders.decidedAt,
          expectedShipDate: orderFulfilment.expectedShipDate,
          dispatchedAt: orderFulfilment.dispatchedAt,
        })
        .from(orderFulfilment)
        .innerJoin(orders, eq(orders.id, orderFulfilment.orderId))
        .where(sql`${orderFulfilment.dispatchedAt} is not null`);
      return rows.map((r) => ({ ...r, dispatchedAt: r.dispatchedAt! }));
    },
  };
}

export type FulfilmentStore = ReturnType<typeof repositoryOf>;

/** The fulfilment repository bound to a caller's transaction (the acceptance of a quote). */
export const fulfilmentStoreOf = (tx: Db | Tx): FulfilmentStore => repositoryOf(tx);

export function createFulfilmentRepository(db: Db) {
  return {
    ...repositoryOf(db),
    transaction<T>(work: (store: FulfilmentStore) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(repositoryOf(tx)));
    },
  };
}
