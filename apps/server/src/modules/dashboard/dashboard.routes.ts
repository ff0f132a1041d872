import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@catalogue/shared/schemas/common';
import {
  DASHBOARD_TOP,
  DASHBOARD_WEEKS,
  dashboardSchema,
  fillWeeks,
  weekStartOf,
  type Dashboard,
} from '@catalogue/shared/schemas/dashboard';
import {
  countRequestsByWeek,
  countTotals,
  listLatestRequests,
  listTopProducts,
} from './dashboard.repository.ts';
import {
  countByCountry,
  countByStatus,
  countFunnel,
  listTopProductsBoth,
  medianHoursToFirstQuote,
  sumValueByMonth,
} from './quote-figures.repository.ts';
import { ORDER_STATUSES } from '@catalogue/shared/domain/quotation';
import {
  QUOTE_FIGURES_WEEKS,
  quoteFiguresQuerySchema,
  quoteFiguresSchema,
  type QuoteFigures,
} from '@catalogue/shared/schemas/quotation';
import { AppError } from '@catalogue/shared/errors';
import { createFiguresCache } from './figures-cache.ts';

const FIGURES_TOP = 5;
const FIGURES_COUNTRIES = 10;
/** Figures this young are answered as they are, unless a request was written since. */
const FIGURES_FRESH_MS = 10_000;
/** Figures this young are answered while they are renewed; older ones wait for the renewal. */
const FIGURES_STALE_MS = 60_000;

const WEEK_MS = 7 * 86_400_000;

/** `/api/admin`: the owner's overview (counts, weekly requests, top products, latest requests). */
export async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.services.database;

  app.get(
    '/dashboard',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Admin dashboard: counts, requests per week (12 weeks), top 5 products, latest 5 requests',
        response: { 200: dashboardSchema, 401: errorBody, 403: errorBody },
      },
    },
    async (): Promise<Dashboard> => {
      const now = new Date();
      const since = new Date(weekStartOf(now).getTime() - (DASHBOARD_WEEKS - 1) * WEEK_MS);
      const [counts, byWeek, top, latest] = await Promise.all([
        countTotals(db),
        countRequestsByWeek(db, since),
        listTopProducts(db, DASHBOARD_TOP),
        listLatestRequests(db, DASHBOARD_TOP),
      ]);
      return {
        counts,
        weekly: fillWeeks(byWeek, now),
        topProducts: top,
        latestRequests: latest.map((r) => ({
          _id: r.id,
          orderId: r.orderNumber,
          firstName: r.firstName,
          companyName: r.companyName,
          country: r.country,
          createdAt: r.createdAt.toISOString(),
          items: r.items,
        })),
      };
    },
  );

  /** The figures over `weeks` weeks up to now (six aggregates, run side by side). */
  async function computeFigures(weeks: number): Promise<QuoteFigures> {
    const now = new Date();
    const computedAt = now.toISOString();
    const since = new Date(weekStartOf(now).getTime() - (weeks - 1) * WEEK_MS);
    const [byStatus, funnel, median, value, top, byCountry] = await Promise.all([
      countByStatus(db, now),
      countFunnel(db, since),
      medianHoursToFirstQuote(db, since),
      sumValueByMonth(db, since),
      listTopProductsBoth(db, since, FIGURES_TOP),
      countByCountry(db, since, FIGURES_COUNTRIES),
    ]);
    const { requested: topRequested, accepted: topAccepted } = top;
    const byWeek = new Map(funnel.map((f) => [f.week, f]));
    const weekly = Array.from({ length: weeks }, (_, i) => {
      const week = new Date(since.getTime() + i * WEEK_MS).toISOString().slice(0, 10);
      return byWeek.get(week) ?? { week, requested: 0, quoted: 0, accepted: 0 };
    });
    const quoted = weekly.reduce((sum, w) => sum + w.quoted, 0);
    const accepted = weekly.reduce((sum, w) => sum + w.accepted, 0);
    return {
      byStatus: Object.fromEntries(
        ORDER_STATUSES.map((s) => [s, byStatus.get(s) ?? 0]),
      ) as QuoteFigures['byStatus'],
      funnel: weekly,
      medianHoursToFirstQuote: median === null ? null : Math.round(median * 10) / 10,
      acceptanceRate: quoted ? accepted / quoted : null,
      valueByMonth: value as QuoteFigures['valueByMonth'],
      topRequested,
      topAccepted,
      byCountry,
      computedAt,
    };
  }

  /**
   * The figures read the whole request history, so the admins asking share one computation per
   * window; a write to any request makes them due for renewal (see `createFiguresCache`).
   */
  const figures = createFiguresCache(computeFigures, {
    freshMs: FIGURES_FRESH_MS,
    staleMs: FIGURES_STALE_MS,
  });
  const { events } = app.services;
  const forget = () => figures.invalidate();
  events.on('orders:changed', forget);
  app.addHook('onClose', async () => {
    events.off('orders:changed', forget);
  });

  app.get(
    '/dashboard/quotes',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary:
          'How requests turn into orders: by state, weekly funnel, time to quote, acceptance, value, products, countries',
        querystring: quoteFiguresQuerySchema,
        response: { 200: quoteFiguresSchema, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request): Promise<QuoteFigures> => {
      const raw = request.query.weeks;
      const weeks = raw === undefined ? QUOTE_FIGURES_WEEKS.default : Number(raw);
      if (!Number.isInteger(weeks) || weeks < 1 || weeks > QUOTE_FIGURES_WEEKS.max)
        throw new AppError(
          'BAD_REQUEST',
          `weeks must be a whole number from 1 to ${QUOTE_FIGURES_WEEKS.max}`,
          [{ path: 'querystring.weeks', message: 'out of range' }],
        );
      return figures.get(weeks);
    },
  );
}
