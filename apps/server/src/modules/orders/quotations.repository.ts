import { and, asc, desc, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  orderComments,
  orderEvents,
  orderItems,
  orders,
  quoteLines,
  quoteRevisions,
} from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { products } from '../../db/schema/products.ts';
import { isId } from '@catalogue/shared/schemas/common';
import { productColumns, type ProductRow } from '../products/index.ts';
import type { OrderStatus } from '@catalogue/shared/domain/quotation';
import { enqueueMail, type OutboxMail } from '../mail/index.ts';
import { quotePricingStore } from './quote-pricing.repository.ts';
import type {
  LockedOrder,
  RevisionLineRow,
  RevisionRow,
  NewRevision,
  EventRow,
  NewEvent,
  CommentRow,
} from './quotation-rows.ts';

/**
 * Orders in any of `statuses` as every reader sees them at `now` (a lapsed `quoted` is `expired`),
 * as disjoint conditions each of which one index range answers (the admin list merges them).
 */
export function statusBranches(statuses: readonly OrderStatus[], now: Date): SQL[] {
  return [...new Set(statuses)].flatMap((status) => {
    if (status === 'quoted')
      return [
        sql`(${orders.status} = 'quoted' AND (${orders.validUntil} IS NULL OR ${orders.validUntil} > ${now}))`,
      ];
    if (status === 'expired')
      return [
        sql`${orders.status} = 'expired'`,
        sql`(${orders.status} = 'quoted' AND ${orders.validUntil} <= ${now})`,
      ];
    return [sql`${orders.status} = ${status}`];
  });
}

/** Orders in any of `statuses` as every reader sees them at `now` (a lapsed `quoted` is `expired`). */
export function statusFilter(statuses: readonly OrderStatus[], now: Date): SQL | undefined {
  const parts = statusBranches(statuses, now);
  if (!parts.length) return undefined;
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function repositoryOf(db: Db | Tx) {
  async function linesOf(revisionIds: string[]): Promise<Map<string, RevisionLineRow[]>> {
    const byRevision = new Map<string, RevisionLineRow[]>();
    if (!revisionIds.length) return byRevision;
    const rows = await db
      .select({
        revisionId: quoteLines.revisionId,
        position: quoteLines.position,
        productId: quoteLines.productId,
        sku: quoteLines.sku,
        name: quoteLines.name,
        imageUrl: quoteLines.imageUrl,
        mediaId: quoteLines.mediaId,
        quantity: quoteLines.quantity,
        unitPrice: quoteLines.unitPrice,
        moq: quoteLines.moq,
        note: quoteLines.note,
        lineTotal: quoteLines.lineTotal,
      })
      .from(quoteLines)
      .where(inArray(quoteLines.revisionId, revisionIds))
      .orderBy(asc(quoteLines.revisionId), asc(quoteLines.position));
    for (const { revisionId, ...line } of rows) {
      const list = byRevision.get(revisionId) ?? [];
      list.push({ ...line, unitPrice: Number(line.unitPrice), lineTotal: Number(line.lineTotal) });
      byRevision.set(revisionId, list);
    }
    return byRevision;
  }

  const revisionColumns = {
    id: quoteRevisions.id,
    revision: quoteRevisions.revision,
    currency: quoteRevisions.currency,
    total: quoteRevisions.total,
    leadTimeDays: quoteRevisions.leadTimeDays,
    validUntil: quoteRevisions.validUntil,
    noteToBuyer: quoteRevisions.noteToBuyer,
    internalNote: quoteRevisions.internalNote,
    sentAt: quoteRevisions.sentAt,
  };

  return {
    /** The connection or transaction this store works in (for another module's rows in it). */
    handle: db,

    ...quotePricingStore(db),
    /** The buyer of a request, to decide who may see it; null when there is no such request. */
    async findOwner(id: string): Promise<{ userId: string | null } | null> {
      const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)).limit(1);
      return row ?? null;
    },

    async findVersion(id: string): Promise<{ version: number } | null> {
      const [row] = await db
        .select({ version: orders.version })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Revisions oldest first, each with its lines; `sentOnly` leaves a draft out. */
    async listRevisions(orderId: string, sentOnly: boolean): Promise<RevisionRow[]> {
      const rows = await db
        .select(revisionColumns)
        .from(quoteRevisions)
        .where(
          and(eq(quoteRevisions.orderId, orderId), sentOnly ? isNotNull(quoteRevisions.sentAt) : undefined),
        )
        .orderBy(asc(quoteRevisions.revision));
      const lines = await linesOf(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, total: Number(r.total), lines: lines.get(r.id) ?? [] }));
    },

    /** The latest sent revision of each of these orders (for workbooks), keyed by order id. */
    async findSentQuotes(orderIds: readonly string[]): Promise<Map<string, RevisionRow>> {
      const found = new Map<string, RevisionRow>();
      if (!orderIds.length) return found;
      const rows = await db
        .selectDistinctOn([quoteRevisions.orderId], { orderId: quoteRevisions.orderId, ...revisionColumns })
        .from(quoteRevisions)
        .where(and(inArray(quoteRevisions.orderId, [...orderIds]), isNotNull(quoteRevisions.sentAt)))
        .orderBy(quoteRevisions.orderId, desc(quoteRevisions.revision));
      const lines = await linesOf(rows.map((r) => r.id));
      for (const { orderId, ...r } of rows)
        found.set(orderId, { ...r, total: Number(r.total), lines: lines.get(r.id) ?? [] });
      return found;
    },

    /** The designs still in the catalogue among `ids`, as whole product rows (a quote's line sheet). */
    async listProductRows(ids: readonly string[]): Promise<ProductRow[]> {
      const known = ids.filter(isId);
      if (!known.length) return [];
      return db.select(productColumns).from(products).where(inArray(products.id, known)) as Promise<
        ProductRow[]
      >;
    },

    async listEvents(orderId: string): Promise<EventRow[]> {
      return db
        .select({
          fromStatus: orderEvents.fromStatus,
          toStatus: orderEvents.toStatus,
          byUserId: orderEvents.byUserId,
          byName: orderEvents.byName,
          byRole: orderEvents.byRole,
          note: orderEvents.note,
          revision: orderEvents.revision,
          at: orderEvents.at,
        })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id));
    },

    async listComments(orderId: string): Promise<CommentRow[]> {
      return db
        .select({
          id: orderComments.id,
          authorName: orderComments.authorName,
          authorRole: orderComments.authorRole,
          text: orderComments.text,
          createdAt: orderComments.createdAt,
        })
        .from(orderComments)
        .where(eq(orderComments.orderId, orderId))
        .orderBy(asc(orderComments.createdAt), asc(orderComments.id));
    },

    /** Quotes whose valid-until has passed and whose expiry is not recorded yet. */
    async listLapsed(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'quoted'), lte(orders.validUntil, now)))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    // ---- writes: used inside `transaction`, on a request locked by `lockOrder` ----

    async lockOrder(id: string): Promise<LockedOrder | null> {
      const [row] = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          userId: orders.userId,
          status: orders.status,
          version: orders.version,
          validUntil: orders.validUntil,
          firstQuotedAt: orders.firstQuotedAt,
          firstName: orders.firstName,
          buyerEmail: sql<string>`coalesce(${users.email}, ${orders.email})`,
        })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, id))
        .for('update', { of: orders })
        .limit(1);
      return row ?? null;
    },

    /** The request's lines as asked for, in order. */
    async listRequestLines(orderId: string) {
      return db
        .select({
          position: orderItems.position,
          productId: orderItems.productId,
          sku: orderItems.sku,
          name: orderItems.name,
          imageUrl: orderItems.imageUrl,
          mediaId: orderItems.mediaId,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
    },

    /** The draft (a revision never sent) of a request, if any. */
    async findDraft(orderId: string): Promise<RevisionRow | null> {
      const [row] = await db
        .select(revisionColumns)
        .from(quoteRevisions)
        .where(and(eq(quoteRevisions.orderId, orderId), sql`${quoteRevisions.sentAt} IS NULL`))
        .limit(1);
      if (!row) return null;
      const lines = await linesOf([row.id]);
      return { ...row, total: Number(row.total), lines: lines.get(row.id) ?? [] };
    },

    async latestRevisionNumber(orderId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${quoteRevisions.revision}), 0)::int` })
        .from(quoteRevisions)
        .where(eq(quoteRevisions.orderId, orderId));
      return Number(row?.n ?? 0);
    },

    async latestSentRevisionNumber(orderId: string): Promise<number | null> {
      const [row] = await db
        .select({ n: sql<number | null>`max(${quoteRevisions.revision})::int` })
        .from(quoteRevisions)
        .where(and(eq(quoteRevisions.orderId, orderId), isNotNull(quoteRevisions.sentAt)));
      return row?.n == null ? null : Number(row.n);
    },

    /** Replaces the draft of `orderId` (its number kept) or writes a new one; answers its id. */
    async saveDraft(orderId: string, draft: NewRevision): Promise<string> {
      await db
        .delete(quoteRevisions)
        .where(and(eq(quoteRevisions.orderId, orderId), sql`${quoteRevisions.sentAt} IS NULL`));
      const [row] = await db
        .insert(quoteRevisions)
        .values({
          orderId,
          revision: draft.revision,
          currency: draft.currency,
          total: draft.total,
          leadTimeDays: draft.leadTimeDays,
          validUntil: draft.validUntil,
          noteToBuyer: draft.noteToBuyer,
          internalNote: draft.internalNote,
          createdBy: draft.createdBy,
        })
        .returning({ id: quoteRevisions.id });
      await db.insert(quoteLines).values(draft.lines.map((line) => ({ ...line, revisionId: row!.id })));
      return row!.id;
    },

    async markSent(revisionId: string, sentAt: Date, validUntil: Date): Promise<void> {
      await db
        .update(quoteRevisions)
        .set({ sentAt, validUntil, updatedAt: sentAt })
        .where(eq(quoteRevisions.id, revisionId));
    },

    /** Sets what changed and adds 1 to the version (`bumpVersion` false: a recorded expiry). */
    async updateOrder(
      id: string,
      fields: Partial<{
        status: OrderStatus;
        validUntil: Date;
        quoteTotal: number;
        quoteCurrency: string;
        quotedAt: Date;
        firstQuotedAt: Date;
        decidedAt: Date;
      }>,
      bumpVersion = true,
    ): Promise<void> {
      await db
        .update(orders)
        .set({ ...fields, ...(bumpVersion ? { version: sql`${orders.version} + 1` } : {}) })
        .where(eq(orders.id, id));
    },

    async addEvent(orderId: string, event: NewEvent, at: Date): Promise<void> {
      await db.insert(orderEvents).values({ orderId, ...event, at });
    },

    async addComment(
      orderId: string,
      comment: { authorId: string; authorName: string; authorRole: string; text: string },
    ): Promise<CommentRow> {
      const [row] = await db
        .insert(orderComments)
        .values({ orderId, ...comment })
        .returning({
          id: orderComments.id,
          authorName: orderComments.authorName,
          authorRole: orderComments.authorRole,
          text: orderComments.text,
          createdAt: orderComments.createdAt,
        });
      return row!;
    },

    async enqueue(messages: readonly { kind: string; mail: OutboxMail }[]): Promise<void> {
      await enqueueMail(
        db,
        messages.map((m) => ({ kind: m.kind, payload: { mail: m.mail } })),
      );
    },
  };
}

export type QuotationsStore = ReturnType<typeof repositoryOf>;

export function createQuotationsRepository(db: Db) {
  return {
    ...repositoryOf(db),
    /** Runs `work` in one transaction with the same repository bound to it. */
    transaction<T>(work: (store: QuotationsStore) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(repositoryOf(tx)));
    },
  };
}

export type QuotationsRepository = ReturnType<typeof createQuotationsRepository>;
