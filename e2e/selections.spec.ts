import {
  ADMIN,
  apiLogin,
  ENOUGH_PIECES,
  expect,
  registerBuyer,
  skipLocaleRedirect,
  submitPriceRequest,
  test,
} from './fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

test('a selection sent by link: made from a filtered listing, opened on a phone, added, asked for, attributed', async ({
  browser,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const auth = { authorization: `Bearer ${admin.token}` };
  const buyer = await registerBuyer(request, { name: 'Meera Traders' });
  const buyerSession = await apiLogin(request, buyer);

  // The admin takes every design of a filtered listing ("add all N results").
  const listing = await request.get('/api/products/category/Rings/paginated?filter=with&page=1&limit=6');
  expect(listing.status()).toBe(200);
  const rings = ((await listing.json()) as { products: Json[] }).products;
  expect(rings.length).toBeGreaterThan(1);
  const made = await request.post('/api/selections', {
    headers: auth,
    data: {
      title: 'Rings for Meera',
      note: 'Our newest rings',
      internalNote: 'INTERNAL-ONLY negotiate hard',
      productIds: rings.map((r) => r._id),
    },
  });
  expect(made.status()).toBe(201);
  const selection = (await made.json()).selection as Json;
  const linked = await request.post(`/api/selections/${selection._id}/links`, {
    headers: auth,
    data: { recipient: { name: 'Meera', email: buyer.email, userId: buyerSession.userId } },
  });
  expect(linked.status()).toBe(201);
  const link = (await linked.json()).link as Json;

  // Neither the HTML nor the page data carries a price, the internal note or the recipient.
  for (const path of [`/s/${link.token}`, `/s/${link.token}.data`]) {
    const raw = await request.get(path);
    expect(raw.status(), path).toBe(200);
    const body = await raw.text();
    expect(body, path).toContain(rings[0]!.code);
    expect(body, path).not.toMatch(/"price"|\bprice\b":/);
    expect(body, path).not.toContain('INTERNAL-ONLY');
    expect(body, path).not.toContain(buyer.email);
  }
  const html = await (await request.get(`/s/${link.token}`)).text();
  expect(html).toContain('name="robots" content="noindex"');
  expect(html).toContain(`/s/${link.token}/preview.jpg`);

  // An anonymous visitor on a phone opens it and adds every design.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await skipLocaleRedirect(phone);
  const page = await phone.newPage();
  await page.goto(`/s/${link.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rings for Meera' })).toBeVisible();
  await expect(page.getByTestId('shared-design')).toHaveCount(rings.length);
  await expect(page.getByRole('link', { name: `Ask about ${rings[0]!.code} on WhatsApp` })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+\?text=.*Rings%20for%20Meera/,
  );
  await page.getByRole('button', { name: 'Add all to my enquiry list' }).click();
  await expect(page.getByText(`All ${rings.length} designs are on your enquiry list`)).toBeVisible();

  // They log in and send the price request for what they added.
  // The login page merges the list kept in the browser into the account's.
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(buyer.email);
  await page.getByLabel(/^Password/).fill(buyer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/cart');
  for (const ring of rings) await expect(page.getByText(ring.code, { exact: false }).first()).toBeVisible();
  const orderId = await submitPriceRequest(page.request, buyerSession.token, {
    firstName: 'Meera',
    email: buyer.email,
    contactNumber: '+91 98765 43210',
    country: 'IN',
    orderDetails: rings.map((r) => ({ productId: r._id, quantity: ENOUGH_PIECES })),
  });

  // The admin sees the open, the designs added and the request, attributed to the link.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/selections/${selection._id}/activity`, { headers: auth });
      const [row] = (await res.json()).links as Json[];
      return { opens: row!.opens, added: row!.designsAdded, orders: row!.orders };
    })
    .toEqual({ opens: 1, added: rings.length, orders: [orderId] });

  // Revoked, the page answers 410 with the business's contact.
  await request.post(`/api/selections/${selection._id}/links/${link._id}/revoke`, { headers: auth });
  const gone = await page.goto(`/s/${link.token}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: 'This link is no longer active' })).toBeVisible();
  await phone.close();
});
