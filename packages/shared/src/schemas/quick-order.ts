import { z } from 'zod';
import { MAX_ORDER_LINES, MAX_QUANTITY, MIN_QUANTITY } from '../domain/limits.ts';
import { formatCount } from '../format-number.ts';
import { QUICK_ORDER_LIMITS } from '../domain/quick-order.ts';
import { currencyField } from './quotation.ts';

export * from '../domain/quick-order.ts';

/** Lines confirmed at once (as many as one paste may hold). */
export const QUICK_ORDER_MAX_CONFIRMED = QUICK_ORDER_LIMITS.maxLines;
/** An admin's note on an order entered for a buyer. */
export const ON_BEHALF_NOTE_MAX = 2000;

export const QUICK_ORDER_MESSAGES = {
  tooManyLines: `A quick order can hold at most ${formatCount(QUICK_ORDER_LIMITS.maxLines)} lines; split the list and paste it in parts`,
  tooLarge: `A quick order can be at most ${QUICK_ORDER_LIMITS.maxBytes / 1024} KB of text; split the list and paste it in parts`,
  fileTooLarge: 'The file is too large: a quick-order file can be at most 1 MB',
  noFile: 'Please choose a .xlsx or .csv file, or paste the list',
  notASpreadsheet: 'Only .xlsx or .csv files can be read',
  empty: 'Paste a list of design codes and quantities',
  notABuyer: 'Choose a buyer: this account is not one',
  buyerNotFound: 'Buyer not found',
  buyerNotActive: 'This buyer’s account is not active, so no request can be sent for it',
} as const;

const pieces = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(MIN_QUANTITY, `${field} must be at least ${MIN_QUANTITY}`)
    .max(MAX_QUANTITY, `${field} must be at most ${MAX_QUANTITY}`);

const productId = z.string({ error: 'productId is required' }).min(1, 'productId is required').max(100);

/** `POST /api/quick-order/parse` as JSON (a file comes as multipart `file`). */
export const quickOrderParseBodySchema = z.object({
  text: z.string({ error: 'text is required' }),
});

export const quickOrderSuggestionSchema = z.object({
  productId: z.string(),
  code: z.string(),
  name: z.string(),
});
export type QuickOrderSuggestion = z.infer<typeof quickOrderSuggestionSchema>;

export const quickOrderLineSchema = z.object({
  row: z.number().int(),
  input: z.string(),
  status: z.enum(['matched', 'suggested', 'unreadable']),
  productId: z.string().optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  quantity: z.number().optional(),
  unit: z.enum(['pcs', 'pairs', 'sets', 'dozen', 'gross']).optional(),
  pieces: z.number().int().optional(),
  adjustedTo: z.number().int().optional(),
  adjustReason: z.string().optional(),
  /** Present when the design is sold only in whole packs of this many pieces (and so adjusted). */
  packSize: z.number().int().optional(),
  suggestions: z.array(quickOrderSuggestionSchema).optional(),
});
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;

export const quickOrderParseSchema = z.object({ lines: z.array(quickOrderLineSchema) });
export type QuickOrderParse = z.infer<typeof quickOrderParseSchema>;

/** `POST /api/quick-order/add`: the lines the buyer confirmed; pieces of one design add up. */
export const quickOrderAddBodySchema = z.object({
  lines: z
    .array(z.object({ productId, pieces: pieces('pieces') }))
    .min(1, 'lines must hold at least one line')
    .max(QUICK_ORDER_MAX_CONFIRMED, `lines can hold at most ${QUICK_ORDER_MAX_CONFIRMED} lines`),
});
export type QuickOrderAddBody = z.infer<typeof quickOrderAddBodySchema>;

/** `POST /api/orders/{id}/again`: the request's lines rebuilt, with the last quoted prices. */
export const orderAgainLineSchema = z.object({
  /** null when the design was deleted since. */
  productId: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  /** What was asked for last time (a starting point; the buyer edits it). */
  quantity: z.number().int(),
  /** Minor units, from the latest quote sent for this request; null when it was never quoted. */
  lastQuotedUnitPrice: z.number().int().nullable(),
  currency: currencyField.nullable(),
  /** false when the design is no longer in the catalogue. */
  available: z.boolean(),
});
export const orderAgainSchema = z.object({ lines: z.array(orderAgainLineSchema) });
export type OrderAgain = z.infer<typeof orderAgainSchema>;

/** `POST /api/admin/orders/on-behalf`. */
export const onBehalfBodySchema = z.object({
  userId: z.string({ error: 'userId is required' }).min(1, 'userId is required').max(100),
  lines: z
    .array(z.object({ productId, quantity: pieces('quantity') }))
    .min(1, 'lines must hold at least one line')
    .max(MAX_ORDER_LINES, `lines can hold at most ${MAX_ORDER_LINES} lines`),
  note: z
    .string()
    .max(ON_BEHALF_NOTE_MAX, `note must be at most ${ON_BEHALF_NOTE_MAX} characters`)
    .optional(),
});
export type OnBehalfBody = z.infer<typeof onBehalfBodySchema>;

/** The buyers an admin picks from (`GET /api/admin/orders/on-behalf/buyers?q=`). */
export const buyerChoiceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  companyName: z.string(),
  country: z.string(),
});
export type BuyerChoice = z.infer<typeof buyerChoiceSchema>;
export const buyerChoicesSchema = z.object({ buyers: z.array(buyerChoiceSchema) });
export const buyerSearchQuerySchema = z.object({
  q: z.string().max(100, 'q must be at most 100 characters').optional(),
});
