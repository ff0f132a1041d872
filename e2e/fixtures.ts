import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { createMailbox, tokenOf } from '../scripts/mailbox.mjs';
import { e2eDataDir } from './data-dir.mjs';
import { BROWSER_ONLY, isDatabaseJourney, TEST_SCOPE } from './scope.ts';

/**
 * The tag of a journey whose outcome is the browser's alone (a layout, local storage, a refused
 * request answered by the test itself) in a file whose other journeys CI runs on PostgreSQL: it runs
 * in the first pass instead (e2e/scope.ts).
 */
export const BROWSER_ONLY_TEST = { tag: BROWSER_ONLY };

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

/**
 * The visitor's locale redirect counts as done this session (`lang_auto_set`, which the storefront's
 * script sets after its one redirect): every page of `target` stays at the address it was opened at.
 */
export async function skipLocaleRedirect(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => window.sessionStorage.setItem('lang_auto_set', 'true'));
}

/** A 64×64 PNG: a real picture the server's sniffing and pixel checks accept (products and blog posts). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDD+q/v0xR5K+IeYaAQAWlo+Hqa6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQvSK7UO8S3YANqF6RXah3iW7ABlSvyC7Uu0Q3YAOqV2QX6l2iG7AB1SuyC/Uu0Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr/iHBxOmkS288bJmAAAAAElFTkSuQmCC',
  'base64',
);

export type Credentials = { email: string; password: string };
export type Session = { token: string; userId: string; role: string };
export type RegisteredBuyer = Credentials & { name: string };

/** An address no other test (or earlier run) has used. */
export const uniqueEmail = (prefix = 'buyer') =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The mail the server writes (no SMTP in the journeys), read as a buyer reads it. */
export const mailbox = createMailbox(path.join(e2eDataDir(process.env.E2E_PORT ?? '3100'), 'mail'));

/** Follows the verification link the server mailed to `email`, through the API (200 expected). */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const link = await mailbox.link(email, 'verify-email');
  const response = await request.post('/api/users/verify-email', { data: { token: tokenOf(link) } });
  expect(response.status()).toBe(200);
}

/**
 * Registers a buyer through the API (201 expected) with a fresh e-mail unless `fields` names one,
 * and verifies the address from the mailed link as the buyer would (unless `verify: false`);
 * `fields` adds or replaces any sign-up field (company, website, a known password).
 */
export async function registerBuyer(
  request: APIRequestContext,
  fields: Partial<RegisteredBuyer> & Record<string, string> = {},
  { verify = true }: { verify?: boolean } = {},
): Promise<RegisteredBuyer> {
  const buyer = {
    name: 'E2E Buyer',
    email: uniqueEmail(),
    password: 'buyer-e2e-password',
    contactNumber: '+91 98765 43210',
    country: 'IN',
    ...fields,
  };
  const response = await request.post('/api/users/register', { data: buyer });
  expect(response.status()).toBe(201);
  if (verify) await verifyEmail(request, buyer.email);
  return { name: buyer.name, email: buyer.email, password: buyer.password };
}

/** Logs in through the API (200 expected); with a page's own `request` this also sets its `sid` cookie. */
export async function apiLogin(request: APIRequestContext, who: Credentials): Promise<Session> {
  const response = await request.post('/api/users/login', {
    data: { email: who.email, password: who.password },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { token: string; user: { _id: string; role: string } };
  return { token: body.token, userId: body.user._id, role: body.user.role };
}

export type ListedProduct = { _id: string; name: string; code: string; minOrderQuantity?: number | null };

/**
 * Pieces that meet any demo design's minimum order (6 to 50 pieces): a price request with fewer
 * than a line's minimum is refused, so journeys that are not about the minimum ask for this many.
 */
export const ENOUGH_PIECES = 50;

/** The quantity a design starts at in the enquiry list: its minimum order, or 1. */
export const startingPieces = (product: { minOrderQuantity?: number | null }) =>
  product.minOrderQuantity && product.minOrderQuantity > 1 ? product.minOrderQuantity : 1;

/** The product behind a product page's address or a card's link (`/singleproduct/{id}`). */
export async function productAt(request: APIRequestContext, href: string): Promise<ListedProduct> {
  const id = /\/singleproduct\/([^/?#]+)/.exec(href)?.[1];
  expect(id, href).toBeTruthy();
  const response = await request.get(`/api/products/single/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ListedProduct;
}

/** The first `count` products of the catalogue, as the API lists them (200 expected). */
export async function someProducts(request: APIRequestContext, count: number): Promise<ListedProduct[]> {
  const response = await request.get(`/api/products?limit=${count}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ListedProduct[];
}

/** Sends a price request through the API as the user of `token` (201 expected); its order number. */
export async function submitPriceRequest(
  request: APIRequestContext,
  token: string,
  body: { orderDetails: { productId: string; quantity: number }[] } & Record<string, unknown>,
): Promise<number> {
  const response = await request.post('/api/orders/submit-order', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { orderId: number }).orderId;
}

/**
 * Logs the browser in as the login page does, without it: the API login through the page's request
 * context (the `sid` cookie for server renders), then token, userId and role in local storage.
 * By default they are written into the page open now; `everyPage` writes them before each page
 * loads instead (for tests that start by navigating, and that never log out).
 */
export async function logInBrowser(
  page: Page,
  who: Credentials,
  { everyPage = false }: { everyPage?: boolean } = {},
): Promise<Session> {
  const session = await apiLogin(page.request, who);
  const store = ({ token, userId, role }: Session) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userId', userId);
    localStorage.setItem('role', role);
  };
  if (everyPage) await page.addInitScript(store, session);
  else await page.evaluate(store, session);
  return session;
}

/**
 * Accepts the next dialog the page opens, inside the listener, and answers the messages seen so
 * far: a dialog is modal, and one accepted later (after `waitForEvent`) hung a journey once in CI.
 */
export function acceptNextDialog(page: Page): string[] {
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/**
 * Fails on any serious or critical accessibility violation of the page as it settles: transitions
 * and finite animations running now are let finish first, so a colour is judged as a person sees
 * it and not halfway through a fade (a contrast failure seen once that way). Each failure names
 * the elements it found.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  // axe runs in the page itself (legacy mode): by default it opens a blank page for every check to
  // merge the frames' results there, which made a check 2-4 times as long on two cores. Legacy mode
  // finds the same violations, in same-origin frames too; it skips cross-origin frames, and the
  // only one the storefront has is the home video's third-party player, loaded on a tap. Only
  // violations are listed with their elements: listing every passing element took a third of it.
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * Resolves once React runs the page (`<html data-hydrated>`, root.tsx). The scripts download after
 * the page's `load` event, so a click on a control that only works through script (a menu button,
 * a client-side check) is lost before this.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
}

/**
 * The test's page waits for hydration after every `goto` that answers a document, as a visitor's
 * first tap would; every test fails if the page logs an uncaught error.
 */
export const test = base.extend<{ scope: void; pageErrors: string[] }>({
  // First, before any page is opened: CI's first pass leaves the PostgreSQL pass's journeys to it.
  scope: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      testInfo.skip(
        TEST_SCOPE === 'embedded' && isDatabaseJourney(testInfo.file, testInfo.tags),
        'runs in the PostgreSQL pass (TEST_SCOPE=embedded; e2e/scope.ts)',
      );
      await use();
    },
    { auto: true },
  ],
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.startsWith('text/html')) await hydrated(page);
      return response;
    };
    await provide(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
