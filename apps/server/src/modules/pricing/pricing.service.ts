import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import {
  costingSchema,
  fxInputSchema,
  PricingError,
  priceUnit,
  RATE_HISTORY_MAX,
  rateInputSchema,
  rateRefusal,
  rateUnitOf,
  type CostingAnswer,
  type CostingValue,
  type Fx,
  type Metal,
  type Rate,
  type RatesAnswer,
  type RateUsed,
  type Suggested,
} from '@catalogue/shared/schemas/pricing';
import { FX_CURRENCIES, METALS } from '@catalogue/shared/schemas/pricing';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  currentFxRates,
  currentMetalRates,
  fxHistory,
  insertFxRate,
  insertMetalRate,
  metalHistory,
  productExists,
  readCosting,
  readCostings,
  storedCosting,
  writeCostings,
  type FxRateRow,
  type MetalRateRow,
} from './pricing.repository.ts';

export type Setter = { id: string; name: string };

/** The body checked by `schema`, or a 400 naming the first problem's field. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => {
    const path = i.path.join('.');
    const named = !path || i.message.startsWith(String(i.path[0])) || i.message.startsWith(path);
    return { path, message: named ? i.message : `${path}: ${i.message}` };
  });
  throw new AppError('BAD_REQUEST', issues[0]?.message ?? 'Invalid input', issues);
}

export const toRate = (row: MetalRateRow): Rate => ({
  metal: row.metal as Metal,
  fineness: row.fineness,
  perKgFine: Number(row.perKgFine),
  unitShown: rateUnitOf(row.metal as Metal) === 'per_10g' ? 'INR/10g' : 'INR/kg',
  source: row.source,
  effectiveAt: row.effectiveAt.toISOString(),
  setBy: row.setByName ? { _id: row.setById, name: row.setByName } : null,
});

export const toFx = (row: FxRateRow): Fx => ({
  currency: row.currency as Fx['currency'],
  inrPerUnit: Number(row.inrPerUnit),
  source: row.source,
  effectiveAt: row.effectiveAt.toISOString(),
  setBy: row.setByName ? { _id: row.setById, name: row.setByName } : null,
});

/** What a price is computed from: the current rates, by metal and by currency. */
export type RateBook = { rates: Map<Metal, Rate>; fx: Map<string, Fx> };

/** The suggested price of a costing at the book's rates (domestic), or why there is none. */
export function suggest(
  costing: CostingValue,
  book: RateBook,
  exported = false,
): { suggested: Suggested | null; unpricedReason: string | null } {
  const rates: Partial<Record<Metal, number>> = {};
  for (const [metal, rate] of book.rates) rates[metal] = rate.perKgFine;
  try {
    const unit = priceUnit(costing, { rates, exported });
    const used =
      costing.pricingMode === 'metal_linked' && costing.metal ? book.rates.get(costing.metal) : undefined;
    const rateUsed: RateUsed | null = used
      ? { metal: used.metal, perKgFine: used.perKgFine, source: used.source, effectiveAt: used.effectiveAt }
      : null;
    return {
      suggested: {
        unitPrice: unit.unitPrice,
        breakdown: unit.breakdown,
        chargeableWeightMg: unit.chargeableWeightMg,
        rateUsed,
      },
      unpricedReason: null,
    };
  } catch (error) {
    if (error instanceof PricingError) return { suggested: null, unpricedReason: error.message };
    throw error;
  }
}

export function createPricingService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function rateBook(at = now()): Promise<RateBook> {
    const [metals, fx] = await Promise.all([currentMetalRates(db, at), currentFxRates(db, at)]);
    return {
      rates: new Map(metals.map((r) => [r.metal as Metal, toRate(r)])),
      fx: new Map(fx.map((r) => [r.currency, toFx(r)])),
    };
  }

  async function costingAnswer(productId: string, costing: CostingValue | null): Promise<CostingAnswer> {
    if (!costing) return { costing: null, suggested: null, unpricedReason: `no costing for ${productId}` };
    return { costing, ...suggest(costing, await rateBook()) };
  }

  async function requireProduct(id: string) {
    if (!isId(id) || !(await productExists(db, id))) throw new AppError('NOT_FOUND', 'Product not found');
  }

  return {
    rateBook,

    async current(): Promise<RatesAnswer> {
      const book = await rateBook();
      const byMetal = (a: Rate, b: Rate) => METALS.indexOf(a.metal) - METALS.indexOf(b.metal);
      const byCurrency = (a: Fx, b: Fx) =>
        FX_CURRENCIES.indexOf(a.currency) - FX_CURRENCIES.indexOf(b.currency);
      return { rates: [...book.rates.values()].sort(byMetal), fx: [...book.fx.values()].sort(byCurrency) };
    },

    async setRate(body: unknown, by: Setter): Promise<Rate> {
      const input = parse(rateInputSchema, body);
      const result = await insertMetalRate(
        db,
        {
          metal: input.metal,
          fineness: input.fineness ?? 999,
          perKgFine: input.perKgFine,
          source: input.source ?? '',
          effectiveAt: input.effectiveAt ? new Date(input.effectiveAt) : now(),
          setById: by.id,
          setByName: by.name,
        },
        (last) => rateRefusal(input.perKgFine, last, 'perKgFine'),
      );
      if ('refused' in result)
        throw new AppError('BAD_REQUEST', result.refused, [{ path: 'perKgFine', message: result.refused }]);
      return toRate(result.row);
    },

    async setFx(body: unknown, by: Setter): Promise<Fx> {
      const input = parse(fxInputSchema, body);
      const result = await insertFxRate(
        db,
        {
          currency: input.currency,
          inrPerUnit: input.inrPerUnit,
          source: input.source ?? '',
          effectiveAt: input.effectiveAt ? new Date(input.effectiveAt) : now(),
          setById: by.id,
          setByName: by.name,
        },
        (last) => rateRefusal(input.inrPerUnit, last, 'inrPerUnit'),
      );
      if ('refused' in result)
        throw new AppError('BAD_REQUEST', result.refused, [{ path: 'inrPerUnit', message: result.refused }]);
      return toFx(result.row);
    },

    async history(query: { metal?: string | undefined; currency?: string | undefined }) {
      if (query.metal != null) {
        if (!(METALS as readonly string[]).includes(query.metal))
          throw new AppError('BAD_REQUEST', `metal must be one of ${METALS.join(', ')}`);
        return { rates: (await metalHistory(db, query.metal, RATE_HISTORY_MAX)).map(toRate), fx: [] };
      }
      if (query.currency != null) {
        if (!(FX_CURRENCIES as readonly string[]).includes(query.currency))
          throw new AppError('BAD_REQUEST', `currency must be one of ${FX_CURRENCIES.join(', ')}`);
        return { rates: [], fx: (await fxHistory(db, query.currency, RATE_HISTORY_MAX)).map(toFx) };
      }
      throw new AppError('BAD_REQUEST', 'metal or currency is required');
    },

    async costing(productId: string): Promise<CostingAnswer> {
      await requireProduct(productId);
      return costingAnswer(productId, storedCosting(await readCosting(db, productId)));
    },

    async saveCosting(productId: string, body: unknown, by: Setter): Promise<CostingAnswer> {
      await requireProduct(productId);
      const costing = parse(costingSchema, body);
      await writeCostings(db, [{ productId, costing }], by.id);
      return costingAnswer(productId, costing);
    },

    /** The costings of a quote's designs (checked), by product id; designs without one are absent. */
    async costingsOf(productIds: readonly string[]): Promise<Map<string, CostingValue>> {
      const raw = await readCostings(db, productIds.filter(isId));
      const out = new Map<string, CostingValue>();
      for (const [id, value] of raw) {
        const costing = storedCosting(value);
        if (costing) out.set(id, costing);
      }
      return out;
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
