import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createMailbox, tokenOf } from '../scripts/mailbox.mjs';
import { e2eDataDir } from './data-dir.mjs';
import {
  ADMIN,
  apiLogin,
  ENOUGH_PIECES,
  expect,
  expectAccessible,
  logInBrowser,
  skipLocaleRedirect,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * Trade approval on: a second production server of its own (the shared one runs without it),
 * started here through start-server.mjs with TRADE_APPROVAL=on on the next port but one, with its
 * own throwaway database, data directory and mail.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const ROOT = path.resolve(import.meta.dirname, '..');
const MAIL_DIR = path.join(e2eDataDir(String(PORT)), 'mail');
const mailbox = createMailbox(MAIL_DIR);

let server: ChildProcess | null = null;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE_URL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn(process.execPath, ['e2e/start-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(PORT), TRADE_APPROVAL: 'on' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 170_000;
  for (;;) {
    const ready = await fetch(`${BASE_URL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null) throw new Error(`the approval server exited (${server.exitCode})`);
    if (Date.now() > deadline) throw new Error('the approval server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test.beforeEach(async ({ context }) => {
  // No locale redirect in these journeys.
  await skipLocaleRedirect(context);
});

type Buyer = { name: string; email: string; password: string };

/** Signs up through the API and opens the mailed verification link, as a buyer does. */
async function signUp(request: APIRequestContext, name: string): Promise<Buyer> {
  const buyer = { name, email: uniqueEmail('trade'), password: 'trade-e2e-password' };
  const response = await request.post('/api/users/register', {
    data: { ...buyer, contactNumber: '+91 98765 43210', country: 'IN', companyName: `${name} Traders` },
  });
  expect(response.status()).toBe(201);
  const link = await mailbox.link(buyer.email, 'verify-email');
  const verified = await request.post('/api/users/verify-email', { data: { token: tokenOf(link) } });
  expect(verified.status()).toBe(200);
  return buyer;
}

/** The text of the newest mail to `to` whose body contains `text`, waiting for it to be sent. */
async function mailContaining(to: string, text: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = (await fs.readdir(MAIL_DIR).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const raw = (await fs.readFile(path.join(MAIL_DIR, name), 'utf8')).replace(/=\r?\n/g, '');
      if (new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw) && raw.includes(text))
        return raw;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} containing "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The buyer in a browser of their own, at the enquiry list with one design in it. */
async function buyerAtCart(browser: Browser, buyer: Buyer): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  await skipLocaleRedirect(context);
  const page = await context.newPage();
  await page.goto('/');
  const session = await logInBrowser(page, buyer);
  const products = (await (await page.request.get('/api/products?limit=1')).json()) as { _id: string }[];
  const added = await page.request.post('/api/cart/add', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { userId: session.userId, productId: products[0]!._id, quantity: ENOUGH_PIECES },
  });
  expect(added.ok()).toBe(true);
  await page.goto('/cart');
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
  return { page, token: session.token };
}

async function submitPriceRequest(page: Page) {
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Contact number').fill('+91 98765 43210');
  await page.getByLabel('Company name').fill('Meera Traders');
  await page.getByLabel('Country').selectOption('IN');
  await page.getByRole('button', { name: 'Submit Price Request' }).click();
}

/** The admin on the users screen, the buyer's row found by e-mail. */
async function buyerRow(page: Page, email: string) {
  await page.goto('/userview');
  await page.getByRole('searchbox', { name: 'Search by email' }).fill(email);
  return page.getByRole('row').filter({ hasText: email });
}

test('a new trade buyer waits for approval, the admin sees and approves them, then they can send a price request', async ({
  page,
  request,
  browser,
}) => {
  const buyer = await signUp(request, `Pending Buyer ${Date.now()}`);

  // The buyer is told their account awaits approval; the server refuses their request.
  const { page: buyerPage, token } = await buyerAtCart(browser, buyer);
  await submitPriceRequest(buyerPage);
  await expect(buyerPage.getByText('Your trade account is awaiting approval')).toBeVisible();
  await expect(buyerPage.getByText(/will e-mail you once you can send price requests/)).toBeVisible();
  await expectAccessible(buyerPage);
  const refused = await request.post('/api/orders/submit-order', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      firstName: 'Meera',
      email: buyer.email,
      contactNumber: '+91 98765 43210',
      country: 'IN',
      orderDetails: [
        {
          productId: ((await (await request.get('/api/products?limit=1')).json()) as { _id: string }[])[0]!
            ._id,
          quantity: 1,
        },
      ],
    },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_NOT_APPROVED' });

  // The dashboard shows the pending account and leads to the users screen.
  await logInBrowser(page, ADMIN, { everyPage: true });
  await page.goto('/dashboard');
  const pending = page.getByText('Accounts awaiting approval').locator('..');
  await expect(pending.getByRole('definition').first()).not.toHaveText('0');
  await pending.getByRole('link', { name: 'Review on the users screen' }).click();
  await expect(page).toHaveURL(/\/userview$/);

  const row = await buyerRow(page, buyer.email);
  await expect(row.getByText('Pending approval')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(/Approve the trade account of/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Pending approval')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row.getByText('Approved')).toBeVisible();
  await mailContaining(buyer.email, 'Your trade account is approved');

  // Now the same buyer's price request goes through.
  await buyerPage.reload();
  await buyerPage.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
  await submitPriceRequest(buyerPage);
  await expect(
    buyerPage.getByRole('dialog').getByText('Your price request form has been submitted successfully.!'),
  ).toBeVisible();
  await buyerPage.context().close();
});

test('a rejected trade buyer is mailed the reason and cannot send a price request', async ({
  page,
  request,
}) => {
  const buyer = await signUp(request, `Kiran Trader ${Date.now()}`);
  const session = await apiLogin(request, buyer);

  await logInBrowser(page, ADMIN, { everyPage: true });
  const row = await buyerRow(page, buyer.email);
  await expect(row.getByText('Pending approval')).toBeVisible();
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(/Reject the trade account of/);
  await dialog.getByLabel(/^Reason/).fill('No GST registration was given');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Rejected', { exact: true })).toBeVisible();

  const mail = await mailContaining(buyer.email, 'Reason: No GST registration was given');
  expect(mail).toContain('we cannot approve your trade account');

  const products = (await (await request.get('/api/products?limit=1')).json()) as { _id: string }[];
  const refused = await request.post('/api/orders/submit-order', {
    headers: { authorization: `Bearer ${session.token}` },
    data: {
      firstName: 'Ravi',
      email: buyer.email,
      contactNumber: '+91 98765 43210',
      country: 'IN',
      orderDetails: [{ productId: products[0]!._id, quantity: 1 }],
    },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_NOT_APPROVED' });
});
