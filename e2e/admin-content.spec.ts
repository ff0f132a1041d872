import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN,
  apiLogin,
  ENOUGH_PIECES,
  expect,
  expectAccessible,
  logInBrowser,
  PNG,
  registerBuyer,
  skipLocaleRedirect,
  someProducts,
  submitPriceRequest,
  test,
} from './fixtures';

/** Logs in as the seeded admin for every page the test opens, in English whatever the browser says. */
async function loginAsAdmin(page: Page) {
  await logInBrowser(page, ADMIN, { everyPage: true });
  await skipLocaleRedirect(page);
}

type Buyer = { name: string; email: string; token: string };

/** A fresh buyer account, in its own request context so the admin's cookie is untouched. */
async function createBuyer(request: APIRequestContext): Promise<Buyer> {
  const suffix = randomBytes(4).toString('hex');
  const buyer = await registerBuyer(request, {
    name: `Meera ${suffix}`,
    email: `meera-${suffix}@example.com`,
    contactNumber: '+91 98290 12345',
    companyName: `Gem House ${suffix}`,
    companyWebsite: 'https://www.gemhouse.example',
  });
  const { token } = await apiLogin(request, buyer);
  return { name: buyer.name, email: buyer.email, token };
}

test.describe('admin content screens', () => {
  test.beforeEach(async ({ page }) => {
    await loginAsAdmin(page);
  });

  test("opens a buyer's price request, downloads its workbook and deletes it", async ({ page, request }) => {
    const buyer = await createBuyer(request);
    const [product] = await someProducts(request, 1);
    const orderId = await submitPriceRequest(request, buyer.token, {
      firstName: buyer.name,
      email: buyer.email,
      contactNumber: '+91 98290 12345',
      country: 'IN',
      companyName: 'Gem House',
      message: 'Fifty pieces for the spring show',
      orderDetails: [{ productId: product!._id, quantity: ENOUGH_PIECES }],
    });

    await page.goto('/orderlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Recent Orders' })).toBeVisible();
    await expect(page.getByText(/^Showing 1-\d+ of \d+ orders$/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search orders' }).fill(buyer.name);
    await expect(page.getByText('Showing 1-1 of 1 orders')).toBeVisible();
    // The search is in the address, so a reload shows the same rows.
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(buyer.name);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(buyer.name);
    await expect(page.getByText('Showing 1-1 of 1 orders')).toBeVisible();
    // A compact row that fits a 1366-pixel screen: nothing cut off or scrolled sideways.
    await page.setViewportSize({ width: 1366, height: 768 });
    const row = page.getByRole('row').filter({ hasText: buyer.email });
    await expect(row).toContainText('Gem House');
    await expect(row.getByRole('cell', { name: '1 design', exact: true })).toBeVisible();
    const table = page.getByRole('table');
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(
      true,
    );
    await expect(row.getByRole('button', { name: `Delete order ${orderId}` })).toBeInViewport();

    await row.getByRole('button', { name: `View order ${orderId}` }).click();
    const details = page.getByRole('dialog', { name: `Order ${orderId}` });
    await expect(details).toContainText('Fifty pieces for the spring show');
    await expect(details).toContainText('+91 98290 12345');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    const downloading = page.waitForEvent('download');
    await row.getByRole('link', { name: `Download the quotation workbook of order ${orderId}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Quotation_${orderId}.xlsx`);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe('PK');

    await row.getByRole('button', { name: `Delete order ${orderId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure to delete this order?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No orders found')).toBeVisible();
    const after = await page.request.get(`/api/orders/orders?search=${encodeURIComponent(buyer.email)}`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` },
    });
    expect(((await after.json()) as { orders: unknown[] }).orders).toEqual([]);
  });

  test('lists users and searches them by e-mail', async ({ page, request }) => {
    const buyer = await createBuyer(request);
    await page.goto('/userview');
    await expect(page.getByRole('heading', { level: 1, name: 'User List' })).toBeVisible();
    await expect(page.getByRole('cell', { name: ADMIN.email })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search by email' }).fill(buyer.email.toUpperCase());
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: buyer.email });
    await expect(row.getByRole('cell', { name: buyer.name })).toBeVisible();
    await expect(row.getByRole('link', { name: 'https://www.gemhouse.example' })).toHaveAttribute(
      'href',
      'https://www.gemhouse.example/',
    );
    await page.getByRole('searchbox', { name: 'Search by email' }).fill('nobody-here@');
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('creates, edits and deletes a blog post', async ({ page }) => {
    // A long journey (two 1.5 s redirects, five axe scans) on a shared machine.
    test.slow();
    const title = `Kundan craft ${randomBytes(3).toString('hex')}`;
    await page.goto('/uploadblog');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Blog' })).toBeVisible();

    await page.getByLabel('Image').setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await expect(page.getByText('Image must be less than 2MB')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Blog' })).toBeDisabled();
    await page.getByLabel('Image').setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Image must be less than 2MB')).toBeHidden();

    await page.getByLabel(/^Title/).fill(title);
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Why Jaipur');
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await expect(editor.locator('h2')).toHaveText('Why Jaipur');
    await editor.press('End');
    await editor.press('Enter');
    await page.keyboard.type('Stones set by hand in ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('gold foil');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Why Jaipur' })).toBeVisible();
    await expect(preview.locator('b, strong')).toHaveText('gold foil');

    await page.getByLabel('Excerpt').fill('How kundan is set');
    await expect(page.getByText('17/160')).toBeVisible();
    await page.getByLabel('Meta Title').fill('x'.repeat(61));
    await expect(page.getByText('At most 60 characters')).toBeVisible();
    await page.getByLabel('Meta Title').fill('Kundan craft');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Upload Blog' }).click();
    await expect(page.getByText('Blog uploaded successfully ✅')).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveValue('');
    await page.waitForURL(/\/blogs\/kundan-craft-/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.blog-content h2')).toHaveText('Why Jaipur');

    await page.goto('/blog-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog List' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Why Jaipur Stones set by hand in gold foil.');
    await expectAccessible(page);
    await row.getByRole('link', { name: `Edit ${title}` }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Edit Blog' })).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveValue(title);
    await expect(page.getByLabel('Excerpt')).toHaveValue('How kundan is set');
    await expectAccessible(page);
    await page.getByLabel(/^Title/).fill(`${title} revised`);
    await page.getByRole('button', { name: 'Update Blog' }).click();
    await expect(page.getByText('Blog updated successfully ✅')).toBeVisible();
    await page.waitForURL(/\/dashboard$/);

    await page.goto('/blog-list');
    const revised = page.getByRole('row').filter({ hasText: `${title} revised` });
    await revised.getByRole('button', { name: `Delete ${title} revised` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure to delete this blog?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(revised).toBeVisible();
    await revised.getByRole('button', { name: `Delete ${title} revised` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(revised).toHaveCount(0);
  });
});
