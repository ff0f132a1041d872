import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  expect,
  logInBrowser,
  registerBuyer,
  skipLocaleRedirect,
  test,
  type Credentials,
} from './fixtures';

type Listed = { _id: string; code: string; name: string };

/** A phone's screen: every step of both journeys at 390×844. */
const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, who: Credentials): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await skipLocaleRedirect(page);
  await logInBrowser(page, who, { everyPage: true });
  page.goto = ((goto) => async (url: string, options?: Parameters<Page['goto']>[1]) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
    return response;
  })(page.goto.bind(page));
  return page;
}

/** Two designs whose codes hold a 0 (so one can be mistyped with the letter O). */
async function twoDesigns(page: Page): Promise<[Listed, Listed]> {
  const response = await page.request.get('/api/products?limit=40');
  const listed = ((await response.json()) as Listed[]).filter((p) => /\d0/.test(p.code));
  expect(listed.length).toBeGreaterThanOrEqual(2);
  return [listed[0]!, listed[1]!];
}

const loose = (code: string) => code.toLowerCase().replace(/-/g, '');
const mistyped = (code: string) => code.replace(/(\d)0/, '$1O');

test.describe.configure({ timeout: 150_000 });

test('a buyer pastes a WhatsApp list, fixes a line from the suggestions and sends the price request', async ({
  browser,
  request,
}) => {
  const suffix = randomBytes(4).toString('hex');
  const buyer = await registerBuyer(request, {
    name: `Ramesh ${suffix}`,
    email: `ramesh-${suffix}@example.com`,
  });
  const page = await phonePage(browser, buyer);
  const [ring, other] = await twoDesigns(page);

  // From the enquiry list page, to the pad.
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Quick order', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
  const list = [
    `[03/12/26, 10:15] Ramesh: ${loose(ring.code)} x 2 dozen`,
    '',
    `${mistyped(other.code)} - 6 pcs`,
    'thank you',
  ].join('\n');
  await page.getByLabel('Your list').fill(list);
  await page.getByRole('button', { name: 'Read the list' }).click();
  const read = page.getByRole('list', { name: 'How each line of your list was read' });
  await expect(read.getByText('2 dozen = 24 pieces')).toBeVisible();
  await expect(read.getByText('No design has this code exactly. Choose one:')).toBeVisible();
  await expect(read.getByText('This line could not be read. Correct it:')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'lines ready' })).toHaveText(/1 of 3 lines ready/);

  // The mistyped code: the buyer picks the design, nothing was chosen for them.
  await read.getByRole('button', { name: `Choose ${other.code} ${other.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lines ready' })).toHaveText(/2 of 3 lines ready/);
  await page.getByRole('button', { name: 'Put 2 designs in the enquiry list' }).click();

  // The enquiry list holds both, and the price request goes as usual.
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('region', { name: /Designs in your list/ }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await page.getByRole('button', { name: 'Submit Price Request' }).click();
  await expect(
    page.getByRole('dialog').getByText('Your price request form has been submitted successfully.!'),
  ).toBeVisible();

  const session = await apiLogin(request, buyer);
  const mine = await request.get('/api/orders/mine', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const [latest] = ((await mine.json()) as { orders: { _id: string; lineCount: number }[] }).orders;
  expect(latest!.lineCount).toBe(2);
  const detail = await request.get(`/api/orders/${latest!._id}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const quantities = (
    (await detail.json()) as { order: { orderDetails: { sku: string; quantity: number }[] } }
  ).order.orderDetails
    .map((l) => [l.sku, l.quantity])
    .sort();
  // The demo's brass designs (the second, BR-…) are sold in packs of 12: the 6 pieces asked for went
  // up to a whole pack on the server, whatever the pad sent.
  expect(other.code).toMatch(/^BR-/);
  expect(quantities).toEqual(
    [
      [ring.code, 24],
      [other.code, 12],
    ].sort(),
  );
  await page.context().close();
});

test('an admin enters a phone order for a buyer, who then accepts its quote', async ({
  browser,
  request,
}) => {
  const suffix = randomBytes(4).toString('hex');
  const buyer = await registerBuyer(request, {
    name: `Sunita ${suffix}`,
    email: `sunita-${suffix}@example.com`,
    companyName: `Sunita Gems ${suffix}`,
  });
  const adminPage = await phonePage(browser, ADMIN);
  const [ring] = await twoDesigns(adminPage);

  await adminPage.goto('/enter-order');
  await expect(
    adminPage.getByRole('heading', { level: 1, name: 'Enter an order for a buyer' }),
  ).toBeVisible();
  await adminPage.getByLabel('Buyer (name, company, e-mail or phone)').fill(`Sunita Gems ${suffix}`);
  await adminPage.getByRole('button', { name: `Choose Sunita ${suffix}` }).click();
  await adminPage.getByLabel(/^Note/).fill('by phone, 3 Dec');
  await adminPage.getByLabel('Your list').fill(`${ring.code} x 12`);
  await adminPage.getByRole('button', { name: 'Read the list' }).click();
  await adminPage
    .getByRole('button', { name: `Send the price request for Sunita ${suffix} (1 designs)` })
    .click();
  const sent = adminPage.getByRole('status').filter({ hasText: 'Price request #' });
  await expect(sent).toContainText(`sent for Sunita ${suffix}`);
  const orderNumber = Number(/#(\d+)/.exec((await sent.textContent()) ?? '')![1]);

  // The request is the buyer's, says who entered it; the admin quotes it (through the API).
  const admin = await apiLogin(request, ADMIN);
  const auth = { authorization: `Bearer ${admin.token}` };
  const listed = await request.get(`/api/orders/orders?search=${orderNumber}`, { headers: auth });
  const id = ((await listed.json()) as { orders: { _id: string; orderId: number }[] }).orders.find(
    (o) => o.orderId === orderNumber,
  )!._id;
  const order = (await (await request.get(`/api/orders/${id}`, { headers: auth })).json()) as {
    order: { version: number; enteredBy: { name: string } | null; history: { note: string | null }[] };
  };
  expect(order.order.enteredBy).not.toBeNull();
  expect(order.order.history[0]!.note).toBe(`Entered for Sunita ${suffix}: by phone, 3 Dec`);
  const saved = await request.put(`/api/orders/${id}/quote`, {
    headers: auth,
    data: {
      version: order.order.version,
      currency: 'INR',
      lines: [{ productId: ring._id, unitPrice: 45_000 }],
      leadTimeDays: 14,
    },
  });
  expect(saved.status()).toBe(200);
  const quoted = await request.post(`/api/orders/${id}/quote/send`, {
    headers: auth,
    data: { version: ((await saved.json()) as { order: { version: number } }).order.version },
  });
  expect(quoted.status()).toBe(200);

  // The buyer finds it in My requests and accepts.
  const buyerPage = await phonePage(browser, buyer);
  await buyerPage.goto('/myrequests');
  await buyerPage.getByRole('link', { name: `View request ${orderNumber}`, exact: true }).click();
  await buyerPage.getByRole('button', { name: 'Accept quotation' }).click();
  await buyerPage.getByRole('dialog').getByRole('button', { name: 'Yes, accept' }).click();
  await expect(
    buyerPage.getByText('Thank you: you accepted the quotation. We will contact you about the order.'),
  ).toBeVisible();
  await adminPage.context().close();
  await buyerPage.context().close();
});
