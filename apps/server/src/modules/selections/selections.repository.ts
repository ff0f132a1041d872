import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cartItems, orderItems, orders } from '../../db/schema/orders.ts';
import { products } from '../../db/schema/products.ts';
import {
  selectionItems,
  selectionLinks,
  selectionLinkViewers,
  selectionOpens,
  selections,
} from '../../db/schema/selections.ts';
import { users } from '../../db/schema/users.ts';
import { galleryColumn, type GalleryRow, productColumns, type ProductRow } from '../products/index.ts';

/** A design of a selection: the product's row and its gallery (JSON text on some drivers). */
export type DesignRow = ProductRow & { gallery: GalleryRow[] | string };
export type SelectionRow = typeof selections.$inferSelect & { ownerName: string };
export type LinkRow = typeof selectionLinks.$inferSelect;
export type ItemRow = {
  selectionId: string;
  productId: string;
  code: string;
  name: string;
  imageUrl: string | null;
  mediaId: string | null;
};
/** A link found by its token, with what its page needs of the selection. */
export type LinkWithSelection = LinkRow & {
  title: string;
  note: string;
  version: number;
};
export type OpenCount = { linkId: string; day: string; at: Date; viewed: number; added: number };
export type ActivityRow = {
  linkId: string;
  opens: number;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  designsViewed: number;
  designsAdded: number;
};

const selectionColumns = {
  id: selections.id,
  title: selections.title,
  note: selections.note,
  internalNote: selections.internalNote,
  ownerId: selections.ownerId,
  version: selections.version,
  createdAt: selections.createdAt,
  updatedAt: selections.updatedAt,
  ownerName: users.name,
};

const toDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

export function createSelectionsRepository(db: Db) {
  /** A selection's designs in its order, as `columns` of their product rows. */
  const designsOf = (selectionId: string, columns: typeof productColumns) =>
    db
      .select(columns)
      .from(products)
      .innerJoin(selectionItems, eq(selectionItems.productId, products.id))
      .where(eq(selectionItems.selectionId, selectionId))
      .orderBy(asc(selectionItems.position));

  async function writeItems(tx: Db, selectionId: string, productIds: readonly string[]) {
    await tx.delete(selectionItems).where(eq(selectionItems.selectionId, selectionId));
    if (!productIds.length) return;
    await tx
      .insert(selectionItems)
      .values(productIds.map((productId, position) => ({ selectionId, productId, position })));
  }

  return {
    /** Which of `ids` are products that exist now. */
    async existingProductIds(ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, [...ids]));
      return new Set(rows.map((r) => r.id));
    },

    /** The products on a user's enquiry list. */
    async cartProductIds(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: cartItems.productId })
        .from(cartItems)
        .where(eq(cartItems.userId, userId));
      return new Set(rows.map((r) => r.id));
    },

    async insertSelection(values: {
      title: string;
      note: string;
      internalNote: string;
      ownerId: string;
      productIds: readonly string[];
    }): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(selections)
          .values({
            title: values.title,
            note: values.note,
            internalNote: values.internalNote,
            ownerId: values.ownerId,
          })
          .returning({ id: selections.id });
        await writeItems(tx as unknown as Db, row!.id, values.productIds);
        return row!.id;
      });
    },

    async findSelection(id: string): Promise<SelectionRow | null> {
      const [row] = await db
        .select(selectionColumns)
        .from(selections)
        .innerJoin(users, eq(users.id, selections.ownerId))
        .where(eq(selections.id, id));
      return row ?? null;
    },

    /** Every selection (ownerId null) or one owner's, newest first. */
    async listSelections(ownerId: string | null): Promise<SelectionRow[]> {
      return db
        .select(selectionColumns)
        .from(selections)
        .innerJoin(users, eq(users.id, selections.ownerId))
        .where(ownerId ? eq(selections.ownerId, ownerId) : undefined)
        .orderBy(desc(selections.createdAt), desc(selections.id));
    },

    /** The designs of the selections, in each one's order; deleted products are gone with their rows. */
    async listItems(selectionIds: readonly string[]): Promise<ItemRow[]> {
      if (!selectionIds.length) return [];
      return db
        .select({
          selectionId: selectionItems.selectionId,
          productId: products.id,
          code: products.code,
          name: products.name,
          imageUrl: products.imageUrl,
          mediaId: products.mediaId,
        })
        .from(selectionItems)
        .innerJoin(products, eq(products.id, selectionItems.productId))
        .where(inArray(selectionItems.selectionId, [...selectionIds]))
        .orderBy(asc(selectionItems.selectionId), asc(selectionItems.position));
    },

    /**
     * Changes the fields given (and the designs when given) and adds 1 to the version, in one
     * transaction; false when the selection is gone or is no longer at `expectedVersion`.
     */
    async updateSelection(
      id: string,
      fields: { title?: string; note?: string; internalNote?: string },
      productIds: readonly string[] | undefined,
      expectedVersion: number | undefined,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(selections)
          .set({ ...fields, version: sql`${selections.version} + 1`, updatedAt: new Date() })
          .where(
            and(
              eq(selections.id, id),
              expectedVersion === undefined ? undefined : eq(selections.version, expectedVersion),
            ),
          )
          .returning({ id: selections.id });
        if (!row) return false;
        if (productIds) await writeItems(tx as unknown as Db, id, productIds);
        return true;
      });
    },

    async deleteSelection(id: string): Promise<void> {
      await db.delete(selections).where(eq(selections.id, id));
    },

    async insertLink(values: typeof selectionLinks.$inferInsert): Promise<LinkRow> {
      const [row] = await db.insert(selectionLinks).values(values).returning();
      return row!;
    },

    async listLinks(selectionIds: readonly string[]): Promise<LinkRow[]> {
      if (!selectionIds.length) return [];
      return db
        .select()
        .from(selectionLinks)
        .where(inArray(selectionLinks.selectionId, [...selectionIds]))
        .orderBy(asc(selectionLinks.createdAt), asc(selectionLinks.id));
    },

    /** Sets the revocation time once (a second revoke keeps the first); null when no such link. */
    async revokeLink(selectionId: string, linkId: string): Promise<LinkRow | null> {
      const [row] = await db
        .update(selectionLinks)
        .set({ revokedAt: sql`coalesce(${selectionLinks.revokedAt}, now())` })
        .where(and(eq(selectionLinks.id, linkId), eq(selectionLinks.selectionId, selectionId)))
        .returning();
      return row ?? null;
    },

    async findLinkByTokenHash(tokenHash: string): Promise<LinkWithSelection | null> {
      const [row] = await db
        .select({
          id: selectionLinks.id,
          selectionId: selectionLinks.selectionId,
          tokenHash: selectionLinks.tokenHash,
          recipientName: selectionLinks.recipientName,
          recipientEmail: selectionLinks.recipientEmail,
          recipientPhone: selectionLinks.recipientPhone,
          recipientUserId: selectionLinks.recipientUserId,
          expiresAt: selectionLinks.expiresAt,
          showPrices: selectionLinks.showPrices,
          revokedAt: selectionLinks.revokedAt,
          createdAt: selectionLinks.createdAt,
          title: selections.title,
          note: selections.note,
          version: selections.version,
        })
        .from(selectionLinks)
        .innerJoin(selections, eq(selections.id, selectionLinks.selectionId))
        .where(eq(selectionLinks.tokenHash, tokenHash));
      return row ?? null;
    },

    /** The selection's designs in its order, each with its gallery (the link page's pictures on tap). */
    async listDesigns(selectionId: string): Promise<DesignRow[]> {
      // The gallery column rides along in the same select (drizzle types it as the product columns).
      return designsOf(selectionId, {
        ...productColumns,
        gallery: galleryColumn,
      } as typeof productColumns) as unknown as Promise<DesignRow[]>;
    },

    /** The selection's designs as product rows in its order, without galleries (a line sheet, a preview). */
    async listDesignRows(selectionId: string): Promise<ProductRow[]> {
      return designsOf(selectionId, productColumns) as unknown as Promise<ProductRow[]>;
    },

    /**
     * Adds a batch of opens: one row per link and day, its counts growing. Links deleted meanwhile
     * are skipped by the join.
     */
    async recordOpens(counts: readonly OpenCount[]): Promise<void> {
      if (!counts.length) return;
      const values = sql.join(
        counts.map(
          (c) =>
            sql`(${c.linkId}::uuid, ${c.day}::date, ${c.at.toISOString()}::timestamptz, ${c.viewed}::int, ${c.added}::int)`,
        ),
        sql`, `,
      );
      await db.execute(sql`
        INSERT INTO selection_opens (link_id, day, first_opened_at, last_opened_at, designs_viewed, designs_added)
        SELECT v.link_id, v.day, v.at, v.at, v.viewed, v.added
        FROM (VALUES ${values}) AS v(link_id, day, at, viewed, added)
        JOIN selection_links l ON l.id = v.link_id
        ORDER BY v.link_id, v.day
        ON CONFLICT (link_id, day) DO UPDATE SET
          last_opened_at = greatest(selection_opens.last_opened_at, excluded.last_opened_at),
          designs_viewed = greatest(selection_opens.designs_viewed, excluded.designs_viewed),
          designs_added = selection_opens.designs_added + excluded.designs_added`);
    },

    async recordViewer(linkId: string, userId: string): Promise<void> {
      await db.insert(selectionLinkViewers).values({ linkId, userId }).onConflictDoNothing();
    },

    /**
     * Records the price request numbered `orderNumber` against each of the links (by their
     * tokens' hashes) whose selection holds at least one of the request's designs; a link seen
     * before is kept once. Returns the links recorded.
     */
    async recordOrderFromLinks(orderNumber: number, tokenHashes: readonly string[]): Promise<string[]> {
      if (!tokenHashes.length) return [];
      const hashes = sql.join(
        tokenHashes.map((h) => sql`${h}`),
        sql`, `,
      );
      const { rows } = await db.execute<{ link_id: string }>(sql`
        INSERT INTO selection_link_orders (link_id, order_id)
        SELECT l.id, o.id FROM selection_links l JOIN ${orders} o ON o.order_number = ${orderNumber}
        WHERE l.token_hash IN (${hashes})
          AND EXISTS (
            SELECT 1 FROM ${orderItems} oi JOIN ${selectionItems} si
              ON si.product_id = oi.product_id AND si.selection_id = l.selection_id
            WHERE oi.order_id = o.id)
        ON CONFLICT DO NOTHING
        RETURNING link_id`);
      return rows.map((r) => r.link_id);
    },

    /**
     * The selections and links a price request followed: those it was recorded against, and the
     * links its account received or viewed signed in, opened before the request was sent (the
     * same rule as a selection's activity).
     */
    async sourcesOfOrder(orderId: string) {
      const { rows } = await db.execute<{
        selection_id: string;
        title: string;
        link_id: string;
        recipient_name: string;
        recipient_email: string | null;
        recipient_phone: string | null;
        recipient_user_id: string | null;
        recorded: boolean;
      }>(sql`
        WITH o AS (SELECT id, user_id, created_at FROM ${orders} WHERE id = ${orderId}::uuid),
        candidates AS (
          SELECT r.link_id, true AS recorded FROM selection_link_orders r JOIN o ON o.id = r.order_id
          UNION ALL
          SELECT l.id, false FROM selection_links l JOIN o ON o.user_id = l.recipient_user_id
          UNION ALL
          SELECT v.link_id, false FROM selection_link_viewers v JOIN o ON o.user_id = v.user_id
        ), links AS (
          SELECT c.link_id, bool_or(c.recorded) AS recorded FROM candidates c GROUP BY c.link_id
        )
        SELECT s.id AS selection_id, s.title, l.id AS link_id, l.recipient_name, l.recipient_email,
          l.recipient_phone, l.recipient_user_id, k.recorded
        FROM links k JOIN selection_links l ON l.id = k.link_id
          JOIN selections s ON s.id = l.selection_id CROSS JOIN o
        WHERE k.recorded OR EXISTS (
          SELECT 1 FROM selection_opens so WHERE so.link_id = l.id AND so.first_opened_at <= o.created_at)
        ORDER BY k.recorded DESC, l.created_at DESC, l.id`);
      return rows.map((r) => ({
        selectionId: r.selection_id,
        title: r.title,
        linkId: r.link_id,
        recipient: {
          name: r.recipient_name,
          email: r.recipient_email,
          phone: r.recipient_phone,
          userId: r.recipient_user_id,
        },
        recorded: Boolean(r.recorded),
      }));
    },

    /** The last open of any link of each selection. */
    async lastOpened(selectionIds: readonly string[]): Promise<Map<string, Date>> {
      if (!selectionIds.length) return new Map();
      const rows = await db
        .select({
          selectionId: selectionLinks.selectionId,
          at: sql<Date | string>`max(${selectionOpens.lastOpenedAt})`,
        })
        .from(selectionOpens)
        .innerJoin(selectionLinks, eq(selectionLinks.id, selectionOpens.linkId))
        .where(inArray(selectionLinks.selectionId, [...selectionIds]))
        .groupBy(selectionLinks.selectionId);
      return new Map(rows.map((r) => [r.selectionId, toDate(r.at)!]));
    },

    /** The opens of each link of a selection. */
    async activity(selectionId: string): Promise<ActivityRow[]> {
      const { rows } = await db.execute<{
        link_id: string;
        opens: number | string;
        first_opened_at: Date | string | null;
        last_opened_at: Date | string | null;
        designs_viewed: number | string;
        designs_added: number | string;
      }>(sql`
        SELECT l.id AS link_id, count(o.day) AS opens, min(o.first_opened_at) AS first_opened_at,
          max(o.last_opened_at) AS last_opened_at, coalesce(max(o.designs_viewed), 0) AS designs_viewed,
          coalesce(sum(o.designs_added), 0) AS designs_added
        FROM selection_links l LEFT JOIN selection_opens o ON o.link_id = l.id
        WHERE l.selection_id = ${selectionId}::uuid
        GROUP BY l.id, l.created_at ORDER BY l.created_at, l.id`);
      return rows.map((r) => ({
        linkId: r.link_id,
        opens: Number(r.opens),
        firstOpenedAt: toDate(r.first_opened_at),
        lastOpenedAt: toDate(r.last_opened_at),
        designsViewed: Number(r.designs_viewed),
        designsAdded: Number(r.designs_added),
      }));
    },

    /**
     * The price requests that followed each link: those recorded with it, and those its recipient's
     * account, or an account that opened it signed in, sent after its first open. Order numbers.
     */
    async ordersFollowing(selectionId: string): Promise<Map<string, number[]>> {
      const { rows } = await db.execute<{ link_id: string; order_number: number | string }>(sql`
        WITH first_open AS (
          SELECT l.id AS link_id, l.recipient_user_id, min(o.first_opened_at) AS at
          FROM selection_links l JOIN selection_opens o ON o.link_id = l.id
          WHERE l.selection_id = ${selectionId}::uuid
          GROUP BY l.id, l.recipient_user_id
        ), accounts AS (
          SELECT link_id, recipient_user_id AS user_id, at FROM first_open WHERE recipient_user_id IS NOT NULL
          UNION
          SELECT f.link_id, v.user_id, f.at FROM first_open f JOIN selection_link_viewers v ON v.link_id = f.link_id
        )
        SELECT a.link_id, o.order_number FROM accounts a JOIN ${orders} o ON o.user_id = a.user_id AND o.created_at >= a.at
        UNION
        SELECT r.link_id, o.order_number FROM selection_link_orders r
          JOIN selection_links l ON l.id = r.link_id JOIN ${orders} o ON o.id = r.order_id
          WHERE l.selection_id = ${selectionId}::uuid
        ORDER BY 2`);
      const byLink = new Map<string, number[]>();
      for (const r of rows) {
        const list = byLink.get(r.link_id) ?? [];
        list.push(Number(r.order_number));
        byLink.set(r.link_id, list);
      }
      return byLink;
    },

    /**
     * Links opened since `since`, not revoked, with no price request following their last open
     * (by the recipient's account, a viewing account, or recorded with the link).
     */
    async followUps(since: Date, ownerId: string | null) {
      const { rows } = await db.execute<{
        selection_id: string;
        title: string;
        link_id: string;
        recipient_name: string;
        recipient_email: string | null;
        recipient_phone: string | null;
        recipient_user_id: string | null;
        last_opened_at: Date | string;
      }>(sql`
        WITH opened AS (
          SELECT o.link_id, max(o.last_opened_at) AS last_opened_at FROM selection_opens o
          WHERE o.last_opened_at >= ${since.toISOString()}::timestamptz GROUP BY o.link_id
        )
        SELECT s.id AS selection_id, s.title, l.id AS link_id, l.recipient_name, l.recipient_email,
          l.recipient_phone, l.recipient_user_id, op.last_opened_at
        FROM opened op JOIN selection_links l ON l.id = op.link_id JOIN selections s ON s.id = l.selection_id
        WHERE l.revoked_at IS NULL
          AND (${ownerId}::uuid IS NULL OR s.owner_id = ${ownerId}::uuid)
          AND NOT EXISTS (
            SELECT 1 FROM ${orders} o WHERE o.created_at >= op.last_opened_at AND (
              o.user_id = l.recipient_user_id
              OR o.user_id IN (SELECT v.user_id FROM selection_link_viewers v WHERE v.link_id = l.id)
              OR o.id IN (SELECT r.order_id FROM selection_link_orders r WHERE r.link_id = l.id)))
        ORDER BY op.last_opened_at DESC LIMIT 200`);
      return rows.map((r) => ({
        selectionId: r.selection_id,
        title: r.title,
        linkId: r.link_id,
        recipient: {
          name: r.recipient_name,
          email: r.recipient_email,
          phone: r.recipient_phone,
          userId: r.recipient_user_id,
        },
        lastOpenedAt: toDate(r.last_opened_at)!,
      }));
    },

    /** A user's enquiry list as whole product rows, oldest line first. */
    async listCartDesigns(userId: string): Promise<ProductRow[]> {
      return db
        .select(productColumns)
        .from(products)
        .innerJoin(cartItems, eq(cartItems.productId, products.id))
        .where(eq(cartItems.userId, userId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.productId)) as Promise<ProductRow[]>;
    },

    /** Whether the user exists (a link's recipient account). */
    async userExists(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      return Boolean(row);
    },
  };
}

export type SelectionsRepository = ReturnType<typeof createSelectionsRepository>;
