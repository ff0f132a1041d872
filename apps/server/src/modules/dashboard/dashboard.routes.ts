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
}
