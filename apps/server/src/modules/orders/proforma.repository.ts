import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { BusinessSettings } from '@catalogue/shared/schemas/business-settings';
import type { Db, Tx } from '../../db/client.ts';
import { orders, proformaInvoices, quoteRevisions } from '../../db/schema/orders.ts';

/** The `counters` row of the proforma invoices' series (order numbers have their own). */
export const PROFORMA_COUNTER = 'proforma';

export type ProformaRow = {
  number: number;
  orderNumber: number;
  revision: number;
  seller: BusinessSettings;
  issuedAt: Date;
};

function storeOf(db: Db | Tx) {
  return {
    /** The request's state and number under a row lock (held to the end of the transaction), or null. */
    async lockOrder(
      orderId: string,
    ): Promise<{ status: string; orderNumber: number; validUntil: Date | null } | null> {
      const [row] = await db
        .select({ status: orders.status, orderNumber: orders.orderNumber, validUntil: orders.validUntil })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      return row ?? null;
    },

    async findByOrder(orderId: string): Promise<ProformaRow | null> {
      const [row] = await db
        .select({
          number: proformaInvoices.number,
          orderNumber: proformaInvoices.orderNumber,
          revision: proformaInvoices.revision,
          seller: proformaInvoices.seller,
          issuedAt: proformaInvoices.issuedAt,
        })
        .from(proformaInvoices)
        .where(eq(proformaInvoices.orderId, orderId))
        .limit(1);
      return row ? { ...row, seller: row.seller as BusinessSettings } : null;
    },

    /** The number of the request's latest sent revision (the one its buyer accepted), or null. */
    async latestSentRevision(orderId: string): Promise<number | null> {
      const [row] = await db
        .select({ revision: quoteRevisions.revision })
        .from(quoteRevisions)
        .where(and(eq(quoteRevisions.orderId, orderId), isNotNull(quoteRevisions.sentAt)))
        .orderBy(desc(quoteRevisions.revision))
        .limit(1);
      return row?.revision ?? null;
    },

    /**
     * The next number of the series and the invoice, in the caller's transaction: a rollback
     * returns the number (no gap), and the counter's row lock makes two issues take two numbers.
     */
    async insert(
      input: Omit<ProformaRow, 'number' | 'issuedAt'> & { orderId: string },
    ): Promise<ProformaRow> {
      const { rows } = await db.execute<{ value: number }>(sql`
        INSERT INTO counters (name, value) VALUES (${PROFORMA_COUNTER}, 1)
        ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
        RETURNING value`);
      const number = Number(rows[0]!.value);
      const [row] = await db
        .insert(proformaInvoices)
        .values({ number, ...input })
        .returning({ issuedAt: proformaInvoices.issuedAt });
      return {
        number,
        orderNumber: input.orderNumber,
        revision: input.revision,
        seller: input.seller,
        issuedAt: row!.issuedAt,
      };
    },
  };
}

export type ProformaStore = ReturnType<typeof storeOf>;

export function createProformaRepository(db: Db) {
  return {
    ...storeOf(db),
    transaction<T>(work: (store: ProformaStore, handle: Tx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(storeOf(tx), tx));
    },
  };
}
