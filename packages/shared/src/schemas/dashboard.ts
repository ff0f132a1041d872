import { z } from 'zod';

/** Weeks the dashboard chart covers, the current (partial) week last. */
export const DASHBOARD_WEEKS = 12;
/** How many most-requested products and latest requests the dashboard lists. */
export const DASHBOARD_TOP = 5;

export const dashboardWeekSchema = z.object({
  /** Monday of the week (UTC), as YYYY-MM-DD. */
  weekStart: z.string(),
  count: z.number().int(),
});

export const dashboardTopProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  code: z.string(),
  /** Pieces asked for across all requests. */
  quantity: z.number().int(),
  /** Price requests that name the product. */
  requests: z.number().int(),
});

export const dashboardRequestSchema = z.object({
  _id: z.string(),
  orderId: z.number().int(),
  firstName: z.string(),
  companyName: z.string(),
  country: z.string(),
  createdAt: z.string(),
  /** Lines (designs) in the request. */
  items: z.number().int(),
});

/** `GET /api/admin/dashboard`: what an owner wants at a glance. */
export const dashboardSchema = z.object({
  counts: z.object({
    products: z.number().int(),
    buyers: z.number().int(),
    priceRequests: z.number().int(),
    /** Trade accounts awaiting an administrator's approval. */
    pendingAccounts: z.number().int(),
  }),
  weekly: z.array(dashboardWeekSchema),
  topProducts: z.array(dashboardTopProductSchema),
  latestRequests: z.array(dashboardRequestSchema),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
export type DashboardWeek = z.infer<typeof dashboardWeekSchema>;
export type DashboardTopProduct = z.infer<typeof dashboardTopProductSchema>;
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStartOf(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/**
 * The last `weeks` weeks up to the one holding `now`, oldest first, each with its count from
 * `counts` (keyed by YYYY-MM-DD Monday) or zero, so the chart never skips a quiet week.
 */
export function fillWeeks(
  counts: ReadonlyMap<string, number>,
  now: Date,
  weeks = DASHBOARD_WEEKS,
): DashboardWeek[] {
  const last = weekStartOf(now).getTime();
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = new Date(last - (weeks - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10);
    return { weekStart, count: counts.get(weekStart) ?? 0 };
  });
}
