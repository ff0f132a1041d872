import { z } from 'zod';
import { CURRENCIES, ORDER_STATUSES, QUOTE_LIMITS } from '../domain/quotation.ts';
import { formatCount } from '../format-number.ts';
import { fulfilmentSchema, poNumberField } from './fulfilment.ts';
import { orderLineSchema, orderSchema } from './order.ts';
import {
  breakdownSchema,
  chargeSchema,
  fxSchema,
  INCOTERMS,
  BALANCE_TERMS,
  rateUsedSchema,
  taxRegimeField,
} from './pricing.ts';

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
  /** Left out: the suggested price from the design's costing at today's rates. */
  unitPrice: wholeNumber('unitPrice', 0, QUOTE_LIMITS.unitPriceMax).optional(),
  moq: wholeNumber('moq', QUOTE_LIMITS.moqMin, QUOTE_LIMITS.moqMax).optional(),
  note: note('note'),
  /** Why the price differs from the suggested one (required when it does); admins only. */
  overrideReason: note('overrideReason', 500).optional(),
  /** One-off charges of the line (sample, mould, CAD), in the quote's currency. */
  charges: z
    .array(chargeSchema, { error: 'charges must be a list' })
    .max(10, 'charges: at most 10')
    .optional(),
});

/** Payment terms: a deposit and when the balance is due. */
export const paymentTermsSchema = z.object({
  depositPct: wholeNumber('paymentTerms.depositPct', 0, 100),
  balance: z.enum(BALANCE_TERMS, {
    error: `paymentTerms.balance must be one of ${BALANCE_TERMS.join(', ')}`,
  }),
  note: note('paymentTerms.note', 500),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

const futureInstant = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` })
    .nullish()
    .refine((v) => v == null || Date.parse(v) > Date.now(), `${field} must be in the future`);

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
  /** Until when the metal rates hold (default 48 hours after sending, never after validUntil). */
  rateValidUntil: futureInstant('rateValidUntil'),
  /** Whether the buyer sees each line's breakdown (metal, making, stones…). */
  showBreakdown: z.boolean({ error: 'showBreakdown must be true or false' }).optional(),
  /** Left out: decided from the buyer's country. */
  taxRegime: taxRegimeField.optional(),
  incoterm: z.enum(INCOTERMS, { error: `incoterm must be one of ${INCOTERMS.join(', ')}` }).nullish(),
  namedPlace: note('namedPlace', 200).optional(),
  paymentTerms: paymentTermsSchema.nullish(),
  sampleTerms: note('sampleTerms', 500).optional(),
});
export type SaveQuoteBody = z.infer<typeof saveQuoteBodySchema>;
export type SaveQuoteInput = z.input<typeof saveQuoteBodySchema>;

export const versionBodySchema = z.object({ version: versionField });
export const decideBodySchema = z.object({
  version: versionField,
  revision: wholeNumber('revision', 1, 10_000),
});
/** Accepting may name the buyer's purchase-order number; the order then starts at `confirmed`. */
export const acceptBodySchema = decideBodySchema.extend({ poNumber: poNumberField });
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
  /** The price from the design's costing (quote currency), null without costing. */
  suggestedUnitPrice: z.number().int().nullable().optional(),
  /** INR paise per piece; to a buyer only when the quote shows its breakdown. */
  breakdown: breakdownSchema.nullable().optional(),
  /** Admins only. */
  overrideReason: z.string().optional(),
  hsn: z.string().nullable().optional(),
  priceBreaks: z.array(z.object({ minQty: z.number().int(), unitPrice: z.number().int() })).optional(),
  charges: z.array(chargeSchema).optional(),
  /** Net metal weight with wastage per piece (mg) of a metal-linked line, else null. */
  chargeableWeightMg: z.number().int().nullable().optional(),
  /** In a re-quote, the unit price of the revision it re-priced (admins only). */
  previousUnitPrice: z.number().int().nullable().optional(),
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
  // Pricing (every answer of this server carries them; optional for answers made before).
  rateSnapshots: z.array(rateUsedSchema).optional(),
  fx: fxSchema
    .pick({ currency: true, inrPerUnit: true, effectiveAt: true, setBy: true })
    .nullable()
    .optional(),
  rateValidUntil: z.string().nullable().optional(),
  showBreakdown: z.boolean().optional(),
  taxRegime: taxRegimeField.nullable().optional(),
  tax: z.object({ cgst: z.number().int(), sgst: z.number().int(), igst: z.number().int() }).optional(),
  grandTotal: z.number().int().optional(),
  incoterm: z.enum(INCOTERMS).nullable().optional(),
  namedPlace: z.string().optional(),
  paymentTerms: z
    .object({ depositPct: z.number().int(), balance: z.enum(BALANCE_TERMS), note: z.string() })
    .nullable()
    .optional(),
  sampleTerms: z.string().optional(),
});
export type QuoteRevision = z.infer<typeof quoteRevisionSchema>;

export const orderEventSchema = z.object({
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  by: z.object({ _id: z.string().nullable(), name: z.string(), role: z.enum(['user', 'admin', 'system']) }),
  note: z.string().nullable(),
  /** The quote revision the step concerns (a sent, accepted or declined revision), else null. */
  revision: z.number().int().nullable().optional(),
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
  /** The lines; each carries its design's minimum order in pieces when the design has one (the quote form starts there). */
  orderDetails: z.array(orderLineSchema.extend({ minOrderQuantity: z.number().int().optional() })),
  status: orderStatusSchema,
  version: z.number().int(),
  quote: quoteRevisionSchema.nullable(),
  revisions: z.array(revisionSummarySchema),
  history: z.array(orderEventSchema),
  /** The order in production once accepted (see schemas/fulfilment.ts); null before. */
  fulfilment: fulfilmentSchema.nullable(),
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
