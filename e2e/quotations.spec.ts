import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
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

/** The words the journey clicks and reads, in each language the site speaks. */
const LANGUAGES = [
  {
    name: 'English',
    prefix: '',
    unitPrice: (code: string) => `Unit price of ${code}`,
    save: 'Save draft',
    send: 'Send to the buyer',
    confirmSend: 'Yes, send it',
    sent: 'Quotation sent to the buyer.',
    quoted: 'Quoted',
    accept: 'Accept quotation',
    confirmAccept: 'Yes, accept',
    accepted: 'Thank you: you accepted the quotation. We will contact you about the order.',
    myRequests: 'My requests',
    openRequest: (n: number) => `View request ${n}`,
    figures: 'Quotations',
    acceptance: 'Acceptance rate',
    byStatus: 'Requests by state',
    acceptedWord: 'Accepted',
  },
  {
    name: 'Hindi',
    prefix: '/hi',
    unitPrice: (code: string) => `${code} का इकाई मूल्य`,
    save: 'मसौदा सहेजें',
    send: 'खरीदार को भेजें',
    confirmSend: 'हाँ, भेजें',
    sent: 'कोटेशन खरीदार को भेज दिया गया।',
    quoted: 'कोटेशन भेजा गया',
    accept: 'कोटेशन स्वीकार करें',
    confirmAccept: 'हाँ, स्वीकार करें',
    accepted: 'धन्यवाद: आपने कोटेशन स्वीकार किया। हम ऑर्डर के बारे में आपसे संपर्क करेंगे।',
    myRequests: 'मेरे अनुरोध',
    openRequest: (n: number) => `अनुरोध ${n} देखें`,
    figures: 'कोटेशन',
    acceptance: 'स्वीकृति दर',
    byStatus: 'स्थिति के अनुसार अनुरोध',
    acceptedWord: 'स्वीकृत',
  },
];

/** A page in its own browser context, so the buyer's and the admin's sessions never mix. */
async function pageFor(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
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

// Two sessions, five pages and five accessibility scans: longer than one page's journey.
test.describe.configure({ timeout: 120_000 });

for (const language of LANGUAGES) {
  test(`a buyer requests, an admin quotes, the buyer accepts and the dashboard shows it (${language.name})`, async ({
    browser,
    request,
  }) => {
    const suffix = randomBytes(4).toString('hex');
    const buyer = await registerBuyer(request, {
      name: `Asha ${suffix}`,
      email: `asha-${suffix}@example.com`,
    });
    const { token } = await apiLogin(request, buyer);
    const [ring, pendant] = await someProducts(request, 2);
    const orderNumber = await submitPriceRequest(request, token, {
      firstName: buyer.name,
      email: buyer.email,
      contactNumber: '+91 98290 12345',
      country: 'IN',
      orderDetails: [
        // Pieces at or above each design's minimum order: 50 × 1,250.50 + 250 × 999.99.
        { productId: ring!._id, quantity: ENOUGH_PIECES },
        { productId: pendant!._id, quantity: 250 },
      ],
    });
    const admin = await apiLogin(request, ADMIN);
    const listed = await request.get(`/api/orders/orders?search=${orderNumber}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const id = ((await listed.json()) as { orders: { _id: string; orderId: number }[] }).orders.find(
      (o) => o.orderId === orderNumber,
    )!._id;

    // The admin prices both lines, saves the draft and sends it.
    const adminPage = await pageFor(browser, ADMIN);
    await adminPage.goto(`${language.prefix}/orderlist/${id}`);
    await adminPage.getByLabel(language.unitPrice(ring!.code)).fill('1250.50');
    await adminPage.getByLabel(language.unitPrice(pendant!.code)).fill('999.99');
    await adminPage.getByRole('button', { name: language.save }).click();
    await expect(adminPage.getByRole('button', { name: language.send })).toBeEnabled();
    await adminPage.getByRole('button', { name: language.send }).click();
    // Sending asks first, naming the revision and its total with taxes: 50 rings at 1,250.50 and
    // 250 pendants at 999.99 are 62,525.00 + 2,49,997.50; GST of 3 % per line 1,875.75 + 7,499.93.
    const sending = adminPage.getByRole('dialog');
    await expect(sending).toContainText('INR 3,21,898.18');
    await expectAccessible(adminPage);
    await sending.getByRole('button', { name: language.confirmSend }).click();
    await expect(adminPage.getByText(language.sent)).toBeVisible();
    await expect(adminPage.getByText(language.quoted, { exact: true }).first()).toBeVisible();
    await expectAccessible(adminPage);

    // The buyer finds it under My requests, reads the prices and accepts.
    const buyerPage = await pageFor(browser, buyer);
    await buyerPage.goto(`${language.prefix}/myrequests`);
    await expect(buyerPage.getByRole('heading', { level: 1, name: language.myRequests })).toBeVisible();
    await expect(buyerPage.getByText('INR 3,12,522.50')).toBeVisible();
    await expectAccessible(buyerPage);
    await buyerPage.getByRole('link', { name: language.openRequest(orderNumber), exact: true }).click();
    await expect(buyerPage.getByText('INR 1,250.50')).toBeVisible();
    // The total shows in the lines' table and again in the quote's terms (before tax and in all).
    await expect(buyerPage.getByText('INR 3,12,522.50').first()).toBeVisible();
    await expectAccessible(buyerPage);
    await buyerPage.getByRole('button', { name: language.accept }).click();
    const accepting = buyerPage.getByRole('dialog');
    await expect(accepting).toContainText('INR 3,21,898.18');
    await accepting.getByRole('button', { name: language.confirmAccept }).click();
    await expect(buyerPage.getByText(language.accepted)).toBeVisible();

    // The dashboard counts it.
    await adminPage.goto(`${language.prefix}/dashboard`);
    await expect(
      adminPage.getByRole('heading', { level: 2, name: language.figures, exact: true }),
    ).toBeVisible();
    await expect(adminPage.getByText(language.acceptance)).toBeVisible();
    const states = adminPage.getByRole('img', { name: language.byStatus });
    await expect(states).toContainText(language.acceptedWord);
    const figures = await request.get('/api/admin/dashboard/quotes', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(((await figures.json()) as { byStatus: { accepted: number } }).byStatus.accepted).toBeGreaterThan(
      0,
    );
    await expectAccessible(adminPage);
    await adminPage.context().close();
    await buyerPage.context().close();
  });
}
