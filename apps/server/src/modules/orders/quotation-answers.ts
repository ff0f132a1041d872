import type { OrderStatus } from '@catalogue/shared/domain/quotation';
import { effectiveStatus } from '@catalogue/shared/domain/quotation';
import type { MyOrders, OrderComment, OrderEvent, QuoteRevision } from '@catalogue/shared/schemas/quotation';
import type { CommentRow, EventRow, MyOrderRow, RevisionPricingRow, RevisionRow } from './quotation-rows.ts';
import { pricingJson } from './priced-quote.ts';

/**
 * A quote revision as the API answers it; the internal note, suggested prices and override
 * reasons only to admins, the breakdowns to a buyer only when the revision shows them.
 */
export function toRevisionJson(
  row: RevisionRow,
  isAdmin: boolean,
  pricing?: RevisionPricingRow,
): QuoteRevision {
  const priced = pricingJson(row, pricing, isAdmin);
  return {
    revision: row.revision,
    state: row.sentAt ? 'sent' : 'draft',
    currency: row.currency as QuoteRevision['currency'],
    lines: row.lines.map((l) => ({
      productId: l.productId,
      sku: l.sku,
      name: l.name,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      moq: l.moq,
      note: l.note,
      lineTotal: l.lineTotal,
      ...priced.line(l.position),
    })),
    total: row.total,
    leadTimeDays: row.leadTimeDays,
    validUntil: row.validUntil?.toISOString() ?? null,
    noteToBuyer: row.noteToBuyer,
    ...(isAdmin ? { internalNote: row.internalNote } : {}),
    sentAt: row.sentAt?.toISOString() ?? null,
    ...priced.head,
  };
}

const roleOf = (role: string): OrderEvent['by']['role'] =>
  role === 'admin' ? 'admin' : role === 'system' ? 'system' : 'user';

/** One step of a request's history as the API answers it. */
export function toEventJson(row: EventRow): OrderEvent {
  return {
    from: (row.fromStatus as OrderStatus | null) ?? null,
    to: row.toStatus as OrderStatus,
    by: { _id: row.byUserId, name: row.byName, role: roleOf(row.byRole) },
    note: row.note,
    revision: row.revision ?? null,
    at: row.at.toISOString(),
  };
}

/** A comment as the API answers it. */
export function toCommentJson(row: CommentRow): OrderComment {
  return {
    _id: row.id,
    author: { name: row.authorName, role: row.authorRole === 'admin' ? 'admin' : 'user' },
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A buyer's request as their list shows it at `now` (a lapsed quote reads as expired). */
export function toMyOrderJson(r: MyOrderRow, now: Date): MyOrders['orders'][number] {
  return {
    _id: r.id,
    orderId: r.orderNumber,
    status: effectiveStatus(r.status, r.validUntil, now),
    createdAt: r.createdAt.toISOString(),
    lineCount: r.lineCount,
    total: r.quoteTotal,
    currency: (r.quoteCurrency as MyOrders['orders'][number]['currency']) ?? null,
    validUntil: r.validUntil?.toISOString() ?? null,
  };
}
