import { z } from 'zod';
import {
  CHARGE_KINDS,
  EXTRA_KINDS,
  MAKING_BASES,
  METALS,
  PRICING_MODES,
  STONE_BASES,
  TAX_REGIMES,
} from '../domain/pricing.ts';
import { formatCount } from '../format-number.ts';

export * from '../domain/pricing.ts';

/** Metal and exchange rates, costing per design (`/api/rates`, `/api/products/admin/{id}/costing`). */

const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${formatCount(min)}`)
    .max(max, `${field} must be at most ${formatCount(max)}`);

/** A percentage 0…max with at most two decimals (8, 8.5, 12.25). */
const percent = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be at least 0`)
    .max(max, `${field} must be at most ${max}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${field} may have at most two decimals`);

const pastInstant = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` })
    .refine((v) => Date.parse(v) <= Date.now() + 60_000, `${field} must not be in the future`)
    .optional();

export const metalField = z.enum(METALS, { error: `metal must be one of ${METALS.join(', ')}` });

/** The foreign currencies a quote may be in; INR needs no rate. */
export const FX_CURRENCIES = ['USD', 'EUR', 'GBP', 'AED'] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];
export const fxCurrencyField = z.enum(FX_CURRENCIES, {
  error: `currency must be one of ${FX_CURRENCIES.join(', ')}`,
});

/** Rates far beyond any metal's price: ₹10 crore per kg of fine metal, ₹10,000 per unit of currency. */
export const RATE_LIMITS = { perKgFineMax: 10_000_000_000, inrPerUnitMax: 1_000_000 } as const;

// The ≤ 0 check is the service's (one message for 0 and below: "must be more than 0").
export const rateInputSchema = z.object({
  metal: metalField,
  perKgFine: z
    .number({ error: 'perKgFine must be a whole number of paise' })
    .int('perKgFine must be a whole number of paise')
    .max(RATE_LIMITS.perKgFineMax, `perKgFine must be at most ${formatCount(RATE_LIMITS.perKgFineMax)}`),
  fineness: whole('fineness', 1, 1000).optional(),
  source: z
    .string({ error: 'source must be text' })
    .trim()
    .max(200, 'source must be at most 200 characters')
    .optional(),
  effectiveAt: pastInstant('effectiveAt'),
});
export type RateInput = z.input<typeof rateInputSchema>;

export const fxInputSchema = z.object({
  currency: fxCurrencyField,
  inrPerUnit: z
    .number({ error: 'inrPerUnit must be a whole number of paise' })
    .int('inrPerUnit must be a whole number of paise')
    .max(RATE_LIMITS.inrPerUnitMax, `inrPerUnit must be at most ${formatCount(RATE_LIMITS.inrPerUnitMax)}`),
  source: z
    .string({ error: 'source must be text' })
    .trim()
    .max(200, 'source must be at most 200 characters')
    .optional(),
  effectiveAt: pastInstant('effectiveAt'),
});
export type FxInput = z.input<typeof fxInputSchema>;

const setBySchema = z.object({ _id: z.string().nullable(), name: z.string() }).nullable();

export const rateSchema = z.object({
  metal: metalField,
  fineness: z.number().int(),
  /** Paise per kilogram of fine metal. */
  perKgFine: z.number().int(),
  /** The unit the trade reads it in: `INR/kg` (silver, brass, copper) or `INR/10g` (gold, platinum). */
  unitShown: z.enum(['INR/kg', 'INR/10g']),
  source: z.string(),
  effectiveAt: z.string(),
  setBy: setBySchema,
});
export type Rate = z.infer<typeof rateSchema>;

export const fxSchema = z.object({
  currency: fxCurrencyField,
  /** Paise per one unit of the currency (8450 = ₹84.50 per US$1). */
  inrPerUnit: z.number().int(),
  source: z.string(),
  effectiveAt: z.string(),
  setBy: setBySchema,
});
export type Fx = z.infer<typeof fxSchema>;

export const ratesAnswerSchema = z.object({ rates: z.array(rateSchema), fx: z.array(fxSchema) });
export type RatesAnswer = z.infer<typeof ratesAnswerSchema>;
export const rateAnswerSchema = z.object({ rate: rateSchema });
export const fxAnswerSchema = z.object({ fx: fxSchema });
export const rateHistoryQuerySchema = z.object({
  metal: z.string().optional(),
  currency: z.string().optional(),
});
/** `GET /api/rates/history?metal=silver` (or `?currency=USD`): newest first, at most 90 entries. */
export const rateHistorySchema = z.object({ rates: z.array(rateSchema), fx: z.array(fxSchema) });
export type RateHistory = z.infer<typeof rateHistorySchema>;
export const RATE_HISTORY_MAX = 90;

const money = (field: string) => whole(field, 0, 1_000_000_000);

export const stoneSchema = z.object({
  kind: z
    .string({ error: 'kind must be text' })
    .trim()
    .min(1, 'kind is required')
    .max(60, 'kind must be at most 60 characters'),
  count: whole('count', 0, 10_000).optional(),
  caratsMilli: whole('caratsMilli', 0, 10_000_000).optional(),
  rate: money('rate'),
  basis: z.enum(STONE_BASES, { error: `basis must be one of ${STONE_BASES.join(', ')}` }),
  suppliedByBuyer: z.boolean({ error: 'suppliedByBuyer must be true or false' }).optional(),
  handlingPct: percent('handlingPct', 100).optional(),
});

export const makingSchema = z
  .object({
    basis: z.enum(MAKING_BASES, { error: `making.basis must be one of ${MAKING_BASES.join(', ')}` }),
    value: z
      .number({ error: 'making.value must be a number' })
      .min(0, 'making.value must be at least 0')
      .max(1_000_000_000, 'making.value is too large'),
    thresholdMg: whole('making.thresholdMg', 1, 10_000_000).optional(),
    perPieceBelowThreshold: money('making.perPieceBelowThreshold').optional(),
  })
  .superRefine((m, ctx) => {
    if (m.basis === 'pct_of_metal') {
      if (m.value > 1000 || Math.abs(Math.round(m.value * 100) - m.value * 100) > 1e-6)
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'making.value must be a percentage up to 1000 with at most two decimals',
        });
    } else if (!Number.isInteger(m.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'making.value must be a whole number of paise',
      });
    }
    if (m.thresholdMg != null && (m.basis !== 'per_gram' || m.perPieceBelowThreshold == null))
      ctx.addIssue({
        code: 'custom',
        path: ['thresholdMg'],
        message: 'making.thresholdMg needs the per_gram basis and perPieceBelowThreshold',
      });
  });

export const costingSchema = z
  .object({
    pricingMode: z.enum(PRICING_MODES, { error: `pricingMode must be one of ${PRICING_MODES.join(', ')}` }),
    metal: metalField.optional(),
    fineness: whole('fineness', 1, 1000).optional(),
    netWeightMg: whole('netWeightMg', 1, 10_000_000).optional(),
    wastagePct: percent('wastagePct', 100).optional(),
    making: makingSchema,
    stones: z
      .array(stoneSchema, { error: 'stones must be a list' })
      .max(50, 'stones: at most 50 kinds')
      .default([]),
    settingPerStone: money('settingPerStone').optional(),
    platingPerPiece: money('platingPerPiece').optional(),
    extrasPerPiece: z
      .array(
        z.object({
          kind: z.enum(EXTRA_KINDS, {
            error: `extrasPerPiece kind must be one of ${EXTRA_KINDS.join(', ')}`,
          }),
          amount: money('amount'),
        }),
        { error: 'extrasPerPiece must be a list' },
      )
      .max(20, 'extrasPerPiece: at most 20')
      .default([]),
    hsn: z
      .string({ error: 'hsn must be text' })
      .regex(/^(\d{4}|\d{6}|\d{8})$/, 'hsn must be 4, 6 or 8 digits')
      .optional(),
    gstPct: percent('gstPct', 28).optional(),
    moq: whole('moq', 1, 10_000).optional(),
    casePack: whole('casePack', 1, 10_000).optional(),
    priceBreaks: z
      .array(z.object({ minQty: whole('minQty', 2, 1_000_000), unitPrice: money('unitPrice') }), {
        error: 'priceBreaks must be a list',
      })
      .max(20, 'priceBreaks: at most 20')
      .default([]),
  })
  .superRefine((c, ctx) => {
    if (c.pricingMode === 'metal_linked') {
      for (const key of ['metal', 'fineness', 'netWeightMg'] as const)
        if (c[key] == null)
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required for a metal-linked design`,
          });
    }
    if (c.making.basis === 'per_gram' && c.netWeightMg == null)
      ctx.addIssue({
        code: 'custom',
        path: ['netWeightMg'],
        message: 'netWeightMg is required for making per gram',
      });
    const mins = c.priceBreaks.map((b) => b.minQty);
    if (new Set(mins).size !== mins.length)
      ctx.addIssue({
        code: 'custom',
        path: ['priceBreaks'],
        message: 'priceBreaks: each minQty at most once',
      });
  });
export type CostingInput = z.input<typeof costingSchema>;
export type CostingValue = z.infer<typeof costingSchema>;

export const breakdownSchema = z.object({
  metal: z.number().int(),
  making: z.number().int(),
  stones: z.number().int(),
  setting: z.number().int(),
  plating: z.number().int(),
  extras: z.number().int(),
});

export const rateUsedSchema = z.object({
  metal: metalField,
  perKgFine: z.number().int(),
  source: z.string(),
  effectiveAt: z.string(),
});
export type RateUsed = z.infer<typeof rateUsedSchema>;

/** The price at today's rates (INR paise, domestic): null without costing or without a rate for its metal. */
export const suggestedSchema = z.object({
  unitPrice: z.number().int(),
  breakdown: breakdownSchema,
  chargeableWeightMg: z.number().int(),
  rateUsed: rateUsedSchema.nullable(),
});
export type Suggested = z.infer<typeof suggestedSchema>;

export const costingAnswerSchema = z.object({
  costing: costingSchema.nullable(),
  suggested: suggestedSchema.nullable(),
  /** Why there is no suggested price, when there is none (no costing, no rate for the metal). */
  unpricedReason: z.string().nullable(),
});
export type CostingAnswer = z.infer<typeof costingAnswerSchema>;

export const chargeSchema = z.object({
  kind: z.enum(CHARGE_KINDS, { error: `charges kind must be one of ${CHARGE_KINDS.join(', ')}` }),
  amount: money('amount'),
});

/** The Incoterms a quote may name (with a named place: EXW Jaipur, FOB Mumbai, CIF the port). */
export const INCOTERMS = ['EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DDP'] as const;
/** When the balance after the deposit is due. */
export const BALANCE_TERMS = [
  'before_dispatch',
  'against_documents',
  'on_delivery',
  'letter_of_credit',
] as const;

export const taxRegimeField = z.enum(TAX_REGIMES, {
  error: `taxRegime must be one of ${TAX_REGIMES.join(', ')}`,
});
