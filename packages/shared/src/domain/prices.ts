/**
 * The one rule of who may see the catalogue's prices. Every answer that carries products (the API's
 * listings, search, facets, single products, the enquiry list, and the storefront's page data)
 * asks it, through the catalogue service's `forViewer` or the enquiry list's owner.
 */

/** Who is asking, as far as prices go: a signed-in account's role, or null for anyone else. */
export type PriceViewer = { role: string } | null | undefined;

/**
 * Whether `viewer` sees prices: an administrator always; anyone (anonymous visitors and buyers
 * included) only when prices are public (the server's `PUBLIC_PRICES`). The role is the one the
 * database holds for a live session, never a client's word: a token that is no session is null.
 */
export function seesPrices(viewer: PriceViewer, publicPrices: boolean): boolean {
  return publicPrices || viewer?.role === 'admin';
}

/**
 * Whether an answer's prices depend on who asks: only while prices are private. When they do not,
 * a route answering products need not read the session at all, so its answer stays one answer for
 * everyone (no `Vary: Authorization`, and a shared cache may keep it).
 */
export function pricesDependOnViewer(publicPrices: boolean): boolean {
  return !publicPrices;
}
