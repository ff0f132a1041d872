import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A design as the quick order matches it. */
export type CodeRow = {
  id: string;
  code: string;
  name: string;
  minOrderQuantity: number | null;
  /** Sold only in whole packs of this many pieces (the costing's case pack), when over 1. */
  packSize: number | null;
  key: string;
};

/** A past request's line rebuilt for "request again". */
export type AgainRow = {
  productId: string | null;
  code: string;
  name: string;
  quantity: number;
  unitPrice: number | null;
  currency: string | null;
};

export type BuyerRow = {
  id: string;
  name: string;
  email: string;
  contactNumber: string;
  companyName: string;
  companyWebsite: string;
  country: string;
  role: string;
  status: string;
};

/**
 * The key the products' code index holds (`products_code_key_idx`): lower case, letters and
 * digits only, as `codeKeyOf` computes it in JavaScript.
 */
const CODE_KEY = sql`regexp_replace(lower(p.code), '[^a-z0-9]', '', 'g')`;

const toCodeRow = (r: {
  id: string;
  code: string;
  name: string;
  min_order_quantity: number | null;
  pack_size: number | string | null;
  key: string;
}): CodeRow => ({
  id: r.id,
  code: r.code,
  name: r.name,
  minOrderQuantity: r.min_order_quantity === null ? null : Number(r.min_order_quantity),
  packSize: r.pack_size === null ? null : Number(r.pack_size),
  key: r.key,
});

/**
 * A design's columns as the quick order reads them: its case pack comes from its costing (the
 * one selling fact a buyer is told of it; nothing of the costing's prices is read).
 */
const CODE_ROW = sql`p.id::text AS id, p.code, p.name, p.min_order_quantity,
  (c.costing->>'casePack')::int AS pack_size, ${CODE_KEY} AS key
  FROM products p LEFT JOIN product_costings c ON c.product_id = p.id`;

const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

export function createQuickOrderRepository(db: Db) {
  return {
    /** Every design whose code has one of these keys: one statement on the code-key index. */
    async findByCodeKeys(keys: readonly string[]): Promise<CodeRow[]> {
      if (!keys.length) return [];
      const { rows } = await db.execute<Parameters<typeof toCodeRow>[0]>(sql`
        SELECT ${CODE_ROW} WHERE ${CODE_KEY} = ANY(${textArray(keys)}::text[])`);
      return rows.map(toCodeRow);
    },

    /** Designs by id (unknown ids are left out). */
    async findByIds(ids: readonly string[]): Promise<CodeRow[]> {
      if (!ids.length) return [];
      const { rows } = await db.execute<Parameters<typeof toCodeRow>[0]>(sql`
        SELECT ${CODE_ROW} WHERE p.id = ANY(${textArray(ids)}::uuid[])`);
      return rows.map(toCodeRow);
    },

    /**
     * Up to `limit` designs whose codes are spelled most like each of `codes` (trigram similarity
     * on the code's trigram index), in one statement: code → ids, the closest first.
     */
    async findSimilarCodes(codes: readonly string[], limit: number): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>();
      if (!codes.length) return found;
      const { rows } = await db.execute<{ asked: string; id: string }>(sql`
        SELECT q.asked, s.id::text AS id
        FROM unnest(${textArray(codes)}::text[]) WITH ORDINALITY AS q(asked, n)
        CROSS JOIN LATERAL (
          SELECT p.id, similarity(p.code, q.asked) AS score FROM products p
          WHERE p.code % q.asked ORDER BY score DESC, p.code LIMIT ${limit}
        ) s
        ORDER BY q.n, s.score DESC`);
      for (const row of rows) found.set(row.asked, [...(found.get(row.asked) ?? []), row.id]);
      return found;
    },

    /** The request's owner; undefined when there is no such request. */
    async findOrderOwner(orderId: string): Promise<string | null | undefined> {
      const { rows } = await db.execute<{ user_id: string | null }>(
        sql`SELECT user_id::text AS user_id FROM orders WHERE id = ${orderId}::uuid`,
      );
      return rows.length ? rows[0]!.user_id : undefined;
    },

    /**
     * The request's lines in order, each with the unit price and currency of the latest quote sent
     * for it (null when none was) and its design as it is now (null when deleted).
     */
    async listAgainLines(orderId: string): Promise<AgainRow[]> {
      const { rows } = await db.execute<{
        product_id: string | null;
        code: string;
        name: string;
        quantity: number;
        unit_price: number | string | null;
        currency: string | null;
      }>(sql`
        SELECT p.id::text AS product_id, coalesce(p.code, i.sku) AS code, coalesce(p.name, i.name) AS name,
          i.quantity, ql.unit_price, r.currency
        FROM order_items i
        LEFT JOIN products p ON p.id = i.product_id
        LEFT JOIN LATERAL (
          SELECT r.id, r.currency FROM quote_revisions r
          WHERE r.order_id = i.order_id AND r.sent_at IS NOT NULL ORDER BY r.revision DESC LIMIT 1
        ) r ON true
        LEFT JOIN quote_lines ql ON ql.revision_id = r.id AND ql.position = i.position
        WHERE i.order_id = ${orderId}::uuid
        ORDER BY i.position`);
      return rows.map((r) => ({
        productId: r.product_id,
        code: r.code,
        name: r.name,
        quantity: Number(r.quantity),
        unitPrice: r.unit_price === null ? null : Number(r.unit_price),
        currency: r.unit_price === null ? null : r.currency,
      }));
    },

    async findBuyer(id: string): Promise<BuyerRow | null> {
      const { rows } = await db.execute<BuyerRecord>(sql`${BUYER_SELECT} WHERE id = ${id}::uuid`);
      return rows[0] ? toBuyer(rows[0]) : null;
    },

    /**
     * Buyers (not administrators) whose name, company, e-mail or phone holds the text, taken
     * literally and without case; by name, at most `limit`.
     */
    async searchBuyers(text: string, limit: number): Promise<BuyerRow[]> {
      const q = text.toLowerCase();
      const digits = text.replace(/\D/g, '');
      const phone =
        digits.length >= 3
          ? sql` OR position(${digits} in regexp_replace(contact_number, '\\D', '', 'g')) > 0`
          : sql``;
      const { rows } = await db.execute<BuyerRecord>(sql`${BUYER_SELECT}
        WHERE role = 'user' AND (${q} = '' OR position(${q} in lower(name)) > 0
          OR position(${q} in lower(company_name)) > 0 OR position(${q} in lower(email)) > 0
          OR position(${q} in lower(contact_number)) > 0${phone})
        ORDER BY lower(name), id LIMIT ${limit}`);
      return rows.map(toBuyer);
    },
  };
}

type BuyerRecord = {
  id: string;
  name: string;
  email: string;
  contact_number: string;
  company_name: string;
  company_website: string;
  country: string;
  role: string;
  status: string;
};

const BUYER_SELECT = sql`SELECT id::text AS id, name, email, contact_number, company_name, company_website,
  country, role, status FROM users`;

const toBuyer = (r: BuyerRecord): BuyerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  contactNumber: r.contact_number,
  companyName: r.company_name,
  companyWebsite: r.company_website,
  country: r.country,
  role: r.role,
  status: r.status,
});

export type QuickOrderRepository = ReturnType<typeof createQuickOrderRepository>;
