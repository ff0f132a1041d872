/** How many days a product counts as new (its card's New badge) unless NEW_BADGE_DAYS says otherwise. */
export const NEW_BADGE_DAYS_DEFAULT = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment from which a product counts as new: `days` before `now`, as an ISO timestamp. */
export function newSince(now: Date, days: number): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/**
 * Whether a product added at `createdAt` carries the New badge: added at or after `since`. A
 * missing or unreadable date is not new; with 0 days (a `since` of now) no product is.
 */
export function isNewProduct(createdAt: string | null | undefined, since: string): boolean {
  if (!createdAt) return false;
  const added = Date.parse(createdAt);
  const from = Date.parse(since);
  return Number.isFinite(added) && Number.isFinite(from) && added >= from;
}
