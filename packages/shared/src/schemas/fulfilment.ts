import { z } from 'zod';
import { FULFILMENT_LIMITS, FULFILMENT_STAGES, isCalendarDate } from '../domain/fulfilment.ts';
import { formatCount } from '../format-number.ts';

export * from '../domain/fulfilment.ts';

/** Orders after acceptance (`/api/orders/{id}/fulfilment`, `/api/admin/fulfilment`). */

const version = z
  .number({ error: 'version must be a whole number' })
  .int('version must be a whole number')
  .min(1, 'version must be at least 1')
  .max(2_147_483_647, 'version must be at most 2,147,483,647');

const limitedText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${formatCount(max)} characters`);

const requiredLine = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${formatCount(max)} characters`);

/** The buyer's purchase-order number: optional, trimmed, an empty one is none. */
export const poNumberField = limitedText('poNumber', FULFILMENT_LIMITS.poNumberMax)
  .nullish()
  .transform((v) => v?.trim() || null);

const note = limitedText('note', FULFILMENT_LIMITS.noteMax)
  .nullish()
  .transform((v) => v?.trim() || null);

export const stageSchema = z.enum(FULFILMENT_STAGES, {
  error: `stage must be one of ${FULFILMENT_STAGES.join(', ')}`,
});

/** `PUT /api/orders/{id}/fulfilment` (admin): a key left out keeps its value, null clears it. */
export const fulfilmentDetailsBodySchema = z.object({
  version,
  expectedShipDate: z
    .string({ error: 'expectedShipDate must be a date (YYYY-MM-DD)' })
    .refine(isCalendarDate, 'expectedShipDate must be a date (YYYY-MM-DD)')
    .nullable()
    .optional(),
  poNumber: limitedText('poNumber', FULFILMENT_LIMITS.poNumberMax)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() || null)),
});
export type FulfilmentDetailsBody = z.infer<typeof fulfilmentDetailsBodySchema>;

/** `POST /api/orders/{id}/fulfilment/stage` (admin). `photoId`: a picture uploaded for this order. */
export const stageBodySchema = z.object({
  version,
  stage: stageSchema,
  note,
  photoId: z.string({ error: 'photoId must be text' }).max(100, 'photoId is too long').nullish(),
});
export type StageBody = z.infer<typeof stageBodySchema>;

export const shipmentLineInputSchema = z.object({
  productId: z.string({ error: 'productId is required' }).max(100, 'productId is too long'),
  quantity: z
    .number({ error: 'quantity must be a whole number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(10_000, 'quantity must be at most 10,000'),
  actualWeightMg: z
    .number({ error: 'actualWeightMg must be a whole number of milligrams' })
    .int('actualWeightMg must be a whole number of milligrams')
    .min(1, 'actualWeightMg must be at least 1')
    .max(FULFILMENT_LIMITS.actualWeightMgMax, 'actualWeightMg must be at most 1,000,000,000')
    .nullish(),
});

/** `POST /api/orders/{id}/fulfilment/shipments` (admin). `shippedAt` defaults to now. */
export const shipmentBodySchema = z.object({
  version,
  lines: z
    .array(shipmentLineInputSchema, { error: 'lines must be a list' })
    .min(1, 'lines must name at least one line of the order')
    .max(500, 'lines must name at most 500 lines'),
  courier: requiredLine('courier', FULFILMENT_LIMITS.courierMax),
  trackingNumber: requiredLine('trackingNumber', FULFILMENT_LIMITS.trackingNumberMax),
  shippedAt: z.iso
    .datetime({ offset: true, error: 'shippedAt must be a date and time (ISO 8601)' })
    .refine((v) => Date.parse(v) <= Date.now() + 60_000, 'shippedAt must not be in the future')
    .nullish(),
});
export type ShipmentBody = z.infer<typeof shipmentBodySchema>;

const bySchema = z.object({
  _id: z.string().nullable(),
  name: z.string(),
  role: z.enum(['user', 'admin']),
});

export const fulfilmentStageEntrySchema = z.object({
  stage: stageSchema,
  at: z.string(),
  note: z.string().nullable(),
  by: bySchema,
  /** The picture recorded with the stage (a quality check), as a `/media/...` address. */
  photoUrl: z.string().nullable(),
});

export const shipmentSchema = z.object({
  _id: z.string(),
  lines: z.array(
    z.object({
      productId: z.string().nullable(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      actualWeightMg: z.number().int().nullable(),
    }),
  ),
  courier: z.string(),
  trackingNumber: z.string(),
  shippedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** The order in production, inside the order's answer (`order.fulfilment`, null before acceptance). */
export const fulfilmentSchema = z.object({
  stage: stageSchema,
  poNumber: z.string().nullable(),
  expectedShipDate: z.string().nullable(),
  /** Past the expected ship date (a day in India) and not dispatched. */
  overdue: z.boolean(),
  stages: z.array(fulfilmentStageEntrySchema),
  shipments: z.array(shipmentSchema),
  /** Each line: the accepted quantity and what the shipments so far carried. */
  lines: z.array(
    z.object({
      productId: z.string().nullable(),
      sku: z.string(),
      name: z.string(),
      accepted: z.number().int(),
      shipped: z.number().int(),
    }),
  ),
});
export type Fulfilment = z.infer<typeof fulfilmentSchema>;

/** `GET /api/admin/fulfilment?stage=&overdue=&search=`. */
export const boardQuerySchema = z.object({
  stage: z.string().optional(),
  overdue: z.string().optional(),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
});

export const boardOrderSchema = z.object({
  _id: z.string(),
  orderId: z.number().int(),
  firstName: z.string(),
  companyName: z.string(),
  country: z.string(),
  stage: stageSchema,
  poNumber: z.string().nullable(),
  expectedShipDate: z.string().nullable(),
  overdue: z.boolean(),
  acceptedAt: z.string().nullable(),
  /** Pieces accepted, and shipped so far. */
  pieces: z.number().int(),
  shippedPieces: z.number().int(),
  total: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** When the stage was last changed. */
  stageAt: z.string(),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

export const BOARD_LIMIT = 500;

export const boardSchema = z.object({
  orders: z.array(boardOrderSchema),
  /** Orders in each stage, of all the board's orders (before the stage, overdue and search filters). */
  counts: z.object(
    Object.fromEntries(FULFILMENT_STAGES.map((s) => [s, z.number().int()])) as {
      [K in (typeof FULFILMENT_STAGES)[number]]: z.ZodNumber;
    },
  ),
  overdueCount: z.number().int(),
  /** True when more than `BOARD_LIMIT` orders matched (the earliest due are listed). */
  truncated: z.boolean(),
});
export type Board = z.infer<typeof boardSchema>;

/** `GET /api/admin/fulfilment/figures`: dispatch figures of the dashboard. */
export const fulfilmentFiguresSchema = z.object({
  /** Orders fully dispatched with an expected ship date. */
  dispatched: z.number().int(),
  /** Of those, dispatched on or before the expected day (India); null when none. */
  onTimeRate: z.number().nullable(),
  /** Median days from acceptance to the last shipment, of every dispatched order; null when none. */
  medianDaysToDispatch: z.number().nullable(),
  inProduction: z.number().int(),
  overdue: z.number().int(),
});
export type FulfilmentFigures = z.infer<typeof fulfilmentFiguresSchema>;

export const photoResponseSchema = z.object({
  photo: z.object({ _id: z.string(), url: z.string() }),
});
