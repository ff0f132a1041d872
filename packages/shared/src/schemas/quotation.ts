import { z } from 'zod';
import { CURRENCIES, ORDER_STATUSES, QUOTE_LIMITS } from '../domain/quotation.ts';
import { formatCount } from '../format-number.ts';
import { orderSchema } from './order.ts';

/** Quotations: a price request's quotes, history and comments (`/api/orders/...`). */

const wholeNumber = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${formatCount(max)}`);

const note = (field: string, max: number = QUOTE_LIMITS.noteMax) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${formatCount(max)} characters`)
    .nullish()
    .transform((v) => v?.trim() ?? '');

export const versionField = wholeNumber('version', 1, 2_147_483_647);

export const currencyField = z.enum(CURRENCIES, {
  error: `currency must be one of ${CURRENCIES.join(', ')}`,
});

/** A priced line of a quote: the request's product and what the admin asks for it (minor units). */
export const quoteLineInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).max(100, 'productId is too long'),
  unitPrice: wholeNumber('unitPrice', 0, QUOTE_LIMITS.unitPriceMax),
  moq: wholeNumber('moq', QUOTE_LIMITS.moqMin, QUOTE_LIMITS.moqMax).optional(),
  note: note('note'),
});

/** `PUT /api/orders/{id}/quote`: the draft of the next revision. Totals are never taken from here. */
export const saveQuoteBodySchema = z.object({
  version: versionField,
  currency: currencyField,
  lines: z
    .array(quoteLineInputSchema, { error: 'lines must be a list' })
    .min(1, 'lines must price every line of the request')
    .max(500, 'lines must price every line of the request'),
  leadTimeDays: wholeNumber('leadTimeDays', 0, QUOTE_LIMITS.leadTimeDaysMax),
  validUntil: z.iso
    .datetime({ offset: true, error: 'validUntil must be a date and time (ISO 8601)' })
    .nullish()
    .refine((v) => v == null || Date.parse(v) > Date.now(), 'validUntil must be in the future'),
  noteToBuyer: note('noteToBuyer'),
  internalNote: note('internalNote'),
});
export type SaveQuoteBody = z.infer<typeof saveQuoteBodySchema>;
export type SaveQuoteInput = z.input<typeof saveQuoteBodySchema>;

export const versionBodySchema = z.object({ version: versionField });
export const decideBodySchema = z.object({
  version: versionField,
  revision: wholeNumber('revision', 1, 10_000),
});
export const declineBodySchema = decideBodySchema.extend({ reason: note('reason') });
export const withdrawBodySchema = z.object({ version: versionField, note: note('note') });

export const commentBodySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, 'text is required')
    .max(QUOTE_LIMITS.commentMax, `text must be at most ${formatCount(QUOTE_LIMITS.commentMax)} characters`),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const quoteLineSchema = z.object({
  productId: z.string().nullable(),
  sku: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  moq: z.number().int(),
  note: z.string(),
  lineTotal: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteRevisionSchema = z.object({
  revision: z.number().int(),
  state: z.enum(['draft', 'sent']),
  currency: currencyField,
  lines: z.array(quoteLineSchema),
  total: z.number().int(),
  leadTimeDays: z.number().int(),
  validUntil: z.string().nullable(),
  noteToBuyer: z.string(),
  /** Present for admins only. */
  internalNote: z.string().optional(),
  sentAt: z.string().nullable(),
});
export type QuoteRevision = z.infer<typeof quoteRevisionSchema>;

export const orderEventSchema = z.object({
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  by: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(['user', 'admin', 'system']) }),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const revisionSummarySchema = z.object({
  revision: z.number().int(),
  sentAt: z.string().nullable(),
  total: z.number().int(),
  currency: currencyField,
});

/** A request with its quote, revisions and history: `GET /api/orders/{id}` and every write's answer. */
export const orderDetailSchema = orderSchema.extend({
  status: orderStatusSchema,
  version: z.number().int(),
  quote: quoteRevisionSchema.nullable(),
  revisions: z.array(revisionSummarySchema),
  history: z.array(orderEventSchema),
  /** The administrator who entered the request for its buyer (by phone, WhatsApp); null when the buyer sent it. */
  enteredBy: z.object({ _id: z.string().nullable(), name: z.string() }).nullable().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderDetailResponseSchema = z.object({ order: orderDetailSchema });

export const myOrderSchema = z.object({
  _id: z.string(),
  orderId: z.number().int(),
  status: orderStatusSchema,
  createdAt: z.string(),
  lineCount: z.number().int(),
  total: z.number().int().nullable(),
  currency: currencyField.nullable(),
  validUntil: z.string().nullable(),
});
export type MyOrder = z.infer<typeof myOrderSchema>;

export const myOrdersSchema = z.object({
  orders: z.array(myOrderSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
});
export type MyOrders = z.infer<typeof myOrdersSchema>;

export const commentSchema = z.object({
  _id: z.string(),
  author: z.object({ name: z.string(), role: z.enum(['user', 'admin']) }),
  text: z.string(),
  createdAt: z.string(),
});
export type OrderComment = z.infer<typeof commentSchema>;
export const commentListSchema = z.object({ comments: z.array(commentSchema) });
export const commentResponseSchema = z.object({ comment: commentSchema });

/** `GET /api/admin/dashboard/quotes?weeks=12`. */
export const QUOTE_FIGURES_WEEKS = { default: 12, max: 104 } as const;
export const quoteFiguresQuerySchema = z.object({ weeks: z.string().optional() });

const namedCount = z.object({ productId: z.string(), name: z.string(), count: z.number().int() });
export const quoteFiguresSchema = z.object({
  byStatus: z.object(
    Object.fromEntries(ORDER_STATUSES.map((s) => [s, z.number().int()])) as {
      [K in (typeof ORDER_STATUSES)[number]]: z.ZodNumber;
    },
  ),
  funnel: z.array(
    z.object({
      /** Monday (UTC) of the week the requests came in, YYYY-MM-DD. */
      week: z.string(),
      requested: z.number().int(),
      quoted: z.number().int(),
      accepted: z.number().int(),
    }),
  ),
  medianHoursToFirstQuote: z.number().nullable(),
  /** Accepted ÷ quoted, of the requests in the window; null before any quote. */
  acceptanceRate: z.number().nullable(),
  valueByMonth: z.array(
    z.object({
      month: z.string(),
      currency: currencyField,
      quoted: z.number().int(),
      accepted: z.number().int(),
    }),
  ),
  topRequested: z.array(namedCount),
  topAccepted: z.array(namedCount),
  byCountry: z.array(z.object({ country: z.string(), count: z.number().int() })),
  /** When these figures were computed (ISO 8601): they may be a few seconds behind the requests. */
  computedAt: z.string(),
});
export type QuoteFigures = z.infer<typeof quoteFiguresSchema>;
