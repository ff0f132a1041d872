import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  ENOUGH_PIECES,
  expect,
  expectAccessible,
  logInBrowser,
  registerBuyer,
  skipLocaleRedirect,
  someProducts,
  submitPriceRequest,
  test,
} from './fixtures';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
];

/** A page in its own browser context at `viewport`, so the buyer's and the admin's sessions never mix. */
async function pageFor(
  browser: Browser,
  who: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
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

/** A request of ENOUGH_PIECES and 250 pieces, quoted through the API; answers its id, number and product codes. */
async function quotedRequest(
  request: APIRequestContext,
  buyer: { name: string; email: string; password: string },
) {
  const { token } = await apiLogin(request, buyer);
  const [ring, pendant] = await someProducts(request, 2);
  const orderNumber = await submitPriceRequest(request, token, {
    firstName: buyer.name,
    email: buyer.email,
    contactNumber: '+91 98290 12345',
    country: 'IN',
    orderDetails: [
      { productId: ring!._id, quantity: ENOUGH_PIECES },
      { productId: pendant!._id, quantity: 250 },
    ],
  });
  const admin = await apiLogin(request, ADMIN);
  const headers = { authorization: `Bearer ${admin.token}` };
  const listed = await request.get(`/api/orders/orders?search=${orderNumber}`, { headers });
  const id = ((await listed.json()) as { orders: { _id: string; orderId: number }[] }).orders.find(
    (o) => o.orderId === orderNumber,
  )!._id;
  const read = await request.get(`/api/orders/${id}`, { headers });
  const saved = await request.put(`/api/orders/${id}/quote`, {
    headers,
    data: {
      version: ((await read.json()) as { order: { version: number } }).order.version,
      currency: 'INR',
      lines: [
        { productId: ring!._id, unitPrice: 125_050 },
        { productId: pendant!._id, unitPrice: 99_999 },
      ],
      leadTimeDays: 21,
    },
  });
  expect(saved.status()).toBe(200);
  const sent = await request.post(`/api/orders/${id}/quote/send`, {
    headers,
    data: { version: ((await saved.json()) as { order: { version: number } }).order.version },
  });
  expect(sent.status()).toBe(200);
  return { id, orderNumber, ring: ring!, pendant: pendant! };
}

/**
 * The quote of `quotedRequest` reads on the screen as it is: each line's unit price and amount and
 * the total lie inside the window, and nothing scrolls sideways (on a phone each line is a card and
 * the total stands above the lines; a desktop keeps the table).
 */
async function expectQuoteReadable(page: Page, width: number) {
  const figures = ['INR 1,250.50', 'INR 999.99', 'INR 62,525.00', 'INR 2,49,997.50'];
  const lines = page.getByRole('region', { name: 'Quotation', exact: true });
  for (const text of [...figures, 'INR 3,12,522.50']) {
    const figure = lines.getByText(text, { exact: true }).first();
    await expect(figure).toBeVisible();
    const box = (await figure.boundingBox())!;
    expect(box.x, text).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, text).toBeLessThanOrEqual(width);
  }
  const sideways = {
    page: await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
    lines: await lines
      .locator('table')
      .first()
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
  };
  expect(sideways).toEqual({ page: 0, lines: 0 });
  const total = (await lines.getByText('INR 3,12,522.50', { exact: true }).first().boundingBox())!;
  const firstPrice = (await lines.getByText('INR 1,250.50', { exact: true }).first().boundingBox())!;
  if (width < 640) {
    // The total is read before the lines, and each line says which figure is which.
    expect(total.y).toBeLessThan(firstPrice.y);
    // (The first of each is the table's head, not shown on a phone; the next is the first line's.)
    await expect(lines.getByText('Unit price', { exact: true }).nth(1)).toBeVisible();
    await expect(lines.getByText('Amount', { exact: true }).nth(1)).toBeVisible();
  } else {
    await expect(lines.getByRole('columnheader', { name: 'Unit price' })).toBeVisible();
  }
}

// Two sessions, a dozen steps on each side and several accessibility scans.
test.describe.configure({ timeout: 180_000 });

for (const size of SIZES) {
  test(`an accepted order is followed from confirmed to delivered by the buyer and the admin (${size.name})`, async ({
    browser,
    request,
  }) => {
    const suffix = randomBytes(4).toString('hex');
    const buyer = await registerBuyer(request, {
      name: `Meera ${suffix}`,
      email: `meera-${suffix}@example.com`,
    });
    const { id, orderNumber, ring, pendant } = await quotedRequest(request, buyer);
    const poNumber = `PO-${suffix}`;

    // The buyer accepts with a PO number; the order shows as confirmed.
    const buyerPage = await pageFor(browser, buyer, size.viewport);
    await buyerPage.goto(`/myrequests/${id}`);
    await expectQuoteReadable(buyerPage, size.viewport.width);
    await buyerPage.getByRole('button', { name: 'Accept quotation' }).click();
    const accepting = buyerPage.getByRole('dialog', { name: 'Accept this quotation?' });
    await accepting.getByLabel('Your purchase order (PO) number (optional)').fill(poNumber);
    await accepting.getByRole('button', { name: 'Yes, accept' }).click();
    await expect(
      buyerPage.getByText('Thank you: you accepted the quotation.', { exact: false }),
    ).toBeVisible();
    await expect(buyerPage.getByTestId('order-stage')).toHaveText('Confirmed');
    await expect(buyerPage.getByText(poNumber)).toBeVisible();
    await expect(buyerPage.getByText('We will let you know soon')).toBeVisible();
    await expectAccessible(buyerPage);

    // The admin sets the ship date and moves the order through production, confirming each step.
    const adminPage = await pageFor(browser, ADMIN, size.viewport);
    await adminPage.goto(`/orderlist/${id}`);
    await expect(adminPage.getByRole('heading', { level: 2, name: 'Production' })).toBeVisible();
    await adminPage.getByLabel('Expected ship date').fill('2099-12-20');
    await adminPage.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(adminPage.getByText('Saved', { exact: true })).toBeVisible();
    for (const stage of ['In production', 'Quality check', 'Packed']) {
      await adminPage.getByRole('button', { name: `Move to: ${stage}` }).click();
      const dialog = adminPage.getByRole('dialog');
      await expect(dialog).toContainText(`The order moves to “${stage}”`);
      if (stage === 'In production')
        await dialog.getByLabel('Note to the buyer (optional)').fill('Casting started');
      await dialog.getByRole('button', { name: 'Yes, do it' }).click();
      await expect(adminPage.getByText(`The order is now: ${stage}`)).toBeVisible();
    }
    await expectAccessible(adminPage);

    // Two shipments: part of the pendants first, then the rest.
    await adminPage.getByLabel(`${ring.code}: quantity (${ENOUGH_PIECES} left)`).fill(String(ENOUGH_PIECES));
    await adminPage.getByLabel(`${ring.code}: actual weight in grams (optional)`).fill('12.45');
    await adminPage.getByLabel(`${pendant.code}: quantity (250 left)`).fill('100');
    await adminPage.getByLabel('Courier').fill('BlueDart');
    await adminPage.getByLabel('Tracking number').fill(`BD${suffix}`);
    await adminPage.getByRole('button', { name: 'Record the shipment' }).click();
    await expect(adminPage.getByRole('dialog')).toContainText(
      `Record a shipment of ${ENOUGH_PIECES + 100} pieces with BlueDart?`,
    );
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes, do it' }).click();
    await expect(adminPage.getByText('The shipment is recorded')).toBeVisible();
    await expect(adminPage.getByTestId('order-stage')).toHaveText('Partly dispatched');

    await adminPage.getByLabel(`${pendant.code}: quantity (150 left)`).fill('150');
    await adminPage.getByLabel('Courier').fill('DTDC');
    await adminPage.getByLabel('Tracking number').fill(`DT${suffix}`);
    await adminPage.getByRole('button', { name: 'Record the shipment' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes, do it' }).click();
    await expect(adminPage.getByTestId('order-stage')).toHaveText('Dispatched');
    await adminPage.getByRole('button', { name: 'Move to: Delivered' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes, do it' }).click();
    await expect(adminPage.getByTestId('order-stage')).toHaveText('Delivered');
    await expect(adminPage.getByText('Nothing more can change on this order.')).toBeVisible();

    // The board lists it under Delivered (a column on a wide screen, the filtered list on a phone).
    await adminPage.goto('/production');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Production board' })).toBeVisible();
    await adminPage.getByLabel('Search orders').fill(`#${orderNumber}`);
    const where =
      size.name === 'phone' ? adminPage.getByTestId('board-list') : adminPage.getByTestId('column-delivered');
    await expect(where.getByRole('link', { name: `Open order #${orderNumber}` })).toBeVisible();
    await expectAccessible(adminPage);

    // The buyer reads the whole story on the request's page.
    await buyerPage.goto(`/myrequests/${id}`);
    await expect(buyerPage.getByTestId('order-stage')).toHaveText('Delivered');
    const timeline = buyerPage.getByRole('list', { name: 'Progress' });
    await expect(timeline.getByRole('listitem')).toHaveCount(7);
    await expect(timeline).toContainText('Casting started');
    await expect(buyerPage.getByTestId('tracking-number')).toHaveText([`BD${suffix}`, `DT${suffix}`]);
    await expect(buyerPage.getByText(`${pendant.code}: 250 of 250 shipped`)).toBeVisible();
    const share = buyerPage.getByRole('link', { name: 'Share status on WhatsApp' });
    const href = (await share.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toContain(`Order #${orderNumber}`);
    // Nothing on the phone is wider than the screen.
    const overflow = await buyerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(buyerPage);

    // Someone else's session sees nothing of it.
    const strangerName = `Other ${suffix}`;
    const stranger = await registerBuyer(request, {
      name: strangerName,
      email: `other-${suffix}@example.com`,
    });
    const strangerSession = await apiLogin(request, stranger);
    const peek = await request.get(`/api/orders/${id}/fulfilment`, {
      headers: { authorization: `Bearer ${strangerSession.token}` },
    });
    expect(peek.status()).toBe(404);

    await adminPage.context().close();
    await buyerPage.context().close();
  });
}
