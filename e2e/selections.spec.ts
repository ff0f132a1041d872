import { rawKeysOf, watchRawKeys } from './raw-keys';
import {
  ADMIN,
  apiLogin,
  ENOUGH_PIECES,
  expect,
  expectAccessible,
  logInBrowser,
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

test('the admin makes a selection from a filtered listing on its screens; a phone visitor who opened the link is attributed', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const buyer = await registerBuyer(request, { name: 'Farah Imports' });
  const listingPath = '/category/Rings?filter=with';
  const counted = await request.get('/api/products/category/Rings/paginated?filter=with&page=1&limit=100');
  const { totalItems, products } = (await counted.json()) as { totalItems: number; products: Json[] };
  expect(totalItems).toBeGreaterThan(1);

  // The admin opens the filtered listing and makes a selection of it from there: the editor
  // opens with the listing's address, and every design of it is taken.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await skipLocaleRedirect(page);
  await page.goto('/');
  await logInBrowser(page, ADMIN);
  await page.goto(listingPath);
  await page.getByRole('link', { name: `Make a selection of these ${totalItems} designs` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New selection' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Rings for the fair');
  await page.getByLabel(/^Note for the buyers/).fill('Our gemstone rings');
  await expect(page.getByLabel('Address of the listing or search (its filters are kept)')).toHaveValue(
    listingPath,
  );
  await page.getByRole('button', { name: 'Count its designs' }).click();
  await expect(page.getByText(`${totalItems} designs in this listing.`)).toBeVisible();
  await page.getByRole('button', { name: `Add all ${totalItems} results` }).click();
  await expect(page.getByText(`${totalItems} of 500 designs`)).toBeVisible();
  // The first design of the listing goes last, moved by keyboard.
  await page.getByRole('listitem', { name: new RegExp(`^1\\. ${products[0]!.code} `) }).focus();
  for (let i = 1; i < Math.min(totalItems, 3); i++) await page.keyboard.press('Alt+ArrowDown');
  await page.getByRole('button', { name: 'Make the selection' }).click();
  await expect(page.getByText('Selection made. Now make a link for each buyer.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Selection: Rings for the fair' })).toBeVisible();
  await expectAccessible(page);

  // A link for a name and a phone (no account): Copy, and WhatsApp with the edited message.
  await page.getByLabel('A name with phone or e-mail').check();
  await page.getByRole('textbox', { name: 'Name', exact: true }).last().fill('Farah at the fair');
  await page.getByLabel('Phone, with country code (for WhatsApp)').fill('+91 98290 55555');
  await page.getByRole('button', { name: 'Make a link', exact: true }).click();
  await expect(page.getByText('Link made for Farah at the fair.')).toBeVisible();
  const url = await page.getByLabel('Address of the link for Farah at the fair').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('button', { name: 'Copy the link for Farah at the fair' }).click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const message = page.getByLabel('Message sent with the link to Farah at the fair (edit it before sending)');
  await message.fill(`Farah, the rings we spoke of: ${url}`);
  await expect(
    page.getByRole('link', { name: 'Send the link to Farah at the fair on WhatsApp' }),
  ).toHaveAttribute(
    'href',
    `https://wa.me/919829055555?text=${encodeURIComponent(`Farah, the rings we spoke of: ${url}`)}`,
  );

  // An anonymous visitor on a phone opens it (the browser now remembers the link), adds all.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await skipLocaleRedirect(phone);
  await watchRawKeys(phone);
  const visitor = await phone.newPage();
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Rings for the fair' })).toBeVisible();
  // A tap on a design's picture opens its gallery, in words, not text keys; Escape closes it.
  const firstDesign = products[1]!;
  await visitor.getByRole('button', { name: `See the pictures of ${firstDesign.code}` }).tap();
  const gallery = visitor.getByRole('dialog', { name: `${firstDesign.code} · ${firstDesign.name}` });
  await expect(gallery.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  expect(await rawKeysOf(visitor)).toEqual([]);
  await visitor.keyboard.press('Escape');
  await expect(gallery).toBeHidden();
  const remembered = (await phone.cookies()).find((c) => c.name === 'selection_links');
  expect(remembered?.httpOnly).toBe(true);
  await visitor.getByRole('button', { name: 'Add all to my enquiry list' }).click();
  await expect(visitor.getByText(`All ${totalItems} designs are on your enquiry list`)).toBeVisible();

  // They log in and send the price request from the enquiry list.
  await visitor.goto('/login');
  await visitor.getByLabel(/^Email/).fill(buyer.email);
  await visitor.getByLabel(/^Password/).fill(buyer.password);
  await visitor.getByRole('button', { name: 'Login', exact: true }).click();
  await visitor.waitForURL((u) => !u.pathname.startsWith('/login'));
  await visitor.goto('/cart');
  await visitor.getByRole('button', { name: 'Submit Price Request' }).click();
  await expect(
    visitor.getByRole('dialog').getByText('Your price request form has been submitted successfully.!'),
  ).toBeVisible();
  await phone.close();
  const session = await apiLogin(request, buyer);
  const mine = await request.get('/api/orders/mine', {
    headers: { authorization: `Bearer ${session.token}` },
  });
  const [order] = ((await mine.json()) as { orders: { _id: string; orderId: number }[] }).orders;

  // The admin sees the open, the designs added and the request against the link.
  await expect(async () => {
    await page.reload();
    const row = page.getByTestId('link-activity').filter({ hasText: 'Farah at the fair' });
    await expect(row).toContainText('Yes, on 1 day', { timeout: 8_000 });
    await expect(row).toContainText(`Request #${order!.orderId}`, { timeout: 8_000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId('link-activity').getByRole('cell').nth(2)).toHaveText(String(totalItems));

  // The order view says where the request came from.
  await page.goto(`/orderlist/${order!._id}`);
  await expect(page.getByTestId('order-source')).toContainText(
    'from selection Rings for the fair (link for Farah at the fair)',
  );

  // Revoked after a confirmation, the link is listed as revoked.
  await page.goto('/selections');
  await expect(page.getByRole('row', { name: /Rings for the fair/ })).toContainText('1 link (1 active)');
  await page.getByRole('link', { name: 'Rings for the fair' }).click();
  await page.getByRole('button', { name: 'Revoke the link for Farah at the fair' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke the link' }).click();
  await expect(page.getByText('The link for Farah at the fair was revoked.')).toBeVisible();

  // The screens in Hindi, with no raw text key; the dashboard has its follow-up list.
  await watchRawKeys(page.context());
  await page.goto('/hi/selections');
  await expect(page.getByRole('heading', { level: 1, name: 'खरीदारों को भेजे गए चयन' })).toBeVisible();
  await page.getByRole('link', { name: 'Rings for the fair' }).click();
  await expect(page.getByRole('heading', { name: 'लिंक, हर खरीदार के लिए एक' })).toBeVisible();
  await expect(page.getByText('किसने खोला')).toBeVisible();
  expect(await rawKeysOf(page)).toEqual([]);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'To follow up' })).toBeVisible();
});
