import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import {
  ADMIN,
  ENOUGH_PIECES,
  expect,
  expectAccessible,
  logInBrowser,
  PNG,
  registerBuyer,
  someProducts,
  submitPriceRequest,
  test,
} from './fixtures';

const ADMIN_PATHS = [
  '/dashboard',
  '/addproduct',
  '/orderlist',
  '/product-list',
  '/userview',
  '/uploadblog',
  '/blog-list',
  '/admin/edit-blog/00000000-0000-4000-8000-000000000000',
  '/admin/edit-product/00000000-0000-4000-8000-000000000000',
  '/excelfile',
];

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** Logs in before the test navigates; the session stays for every page it opens. */
async function logIn(page: Page, email: string, password: string) {
  return (await logInBrowser(page, { email, password }, { everyPage: true })).token;
}

async function searchProducts(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

test.describe('admin area: access', () => {
  test('an anonymous visitor and a buyer end on /login for every admin address', async ({ page }) => {
    for (const path of ADMIN_PATHS) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(`/login?from=${encodeURIComponent(path)}`);
    }

    const buyer = await registerBuyer(page.request, { name: 'Meera Buyer' });
    const token = await logIn(page, buyer.email, buyer.password);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/login?from=${encodeURIComponent(path)}`);
    }
    // The server refuses the calls the screens make, whatever a page shows.
    const refused = await page.request.get('/api/admin/dashboard', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);
  });

  test('a stored session that is not an admin is sent to /login by the browser too', async ({ page }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.addInitScript(() => localStorage.setItem('role', 'user'));
    await page.goto('/product-list');
    await expect(page).toHaveURL(`/login?from=${encodeURIComponent('/product-list')}`);
  });
});

test.describe('admin area: catalogue', () => {
  test.beforeEach(async ({ page }) => {
    await logIn(page, ADMIN.email, ADMIN.password);
  });

  test('dashboard: welcome, counts, weekly chart, navigation; not indexed; accessible', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // A price request of this test's own, so the latest requests and top products have something to show.
    const token = await logIn(page, ADMIN.email, ADMIN.password);
    const [first] = await someProducts(page.request, 1);
    const orderId = await submitPriceRequest(page.request, token, {
      firstName: 'Dashboard Check',
      email: 'dashboard-check@example.com',
      contactNumber: '+91 98765 43210',
      country: 'IN',
      companyName: 'Check Traders',
      orderDetails: [{ productId: first!._id, quantity: ENOUGH_PIECES }],
    });
    const response = await page.goto('/dashboard');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome to the Admin Dashboard' }),
    ).toBeVisible();
    await expect(page.getByText('Products', { exact: true })).toBeVisible();
    await expect(page.getByText('Buyers', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Price requests per week' })).toBeVisible();
    const latest = page.getByRole('region', { name: 'Latest price requests' });
    await expect(latest.getByRole('row').filter({ hasText: `#${orderId}` })).toContainText('Check Traders');
    await expect(
      page.getByRole('region', { name: 'Most requested products' }).getByRole('link', { name: first!.name }),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"][content^="noindex"]').first()).toBeAttached();

    const nav = page.getByRole('navigation', { name: 'Administration', exact: true });
    for (const name of [
      'Add Product',
      'View Order',
      'View User',
      'Excel File Upload',
      'Upload Blog',
      'Blog List',
      'Product List',
    ]) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    const mobile = page.getByRole('navigation', { name: 'Administration menu' });
    await mobile.getByRole('button', { name: 'Admin menu' }).click();
    await expect(mobile.getByRole('link', { name: 'Product List' })).toBeVisible();
    // The phone menu reaches the price requests too.
    await expect(mobile.getByRole('link', { name: 'View Order' })).toBeVisible();
    await mobile.getByRole('link', { name: 'Excel File Upload' }).click();
    await expect(page).toHaveURL('/excelfile');
    await expect(page.getByRole('heading', { level: 1, name: 'Excel File Upload' })).toBeVisible();
  });

  test('add a product with an image, see it on the storefront, edit it, delete it', async ({ page }) => {
    const code = `E2E-${unique()}`;
    const name = `E2E Kundan Ring ${code}`;
    await page.goto('/addproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
    // The costing is kept apart from the product's fields: the page says where it is set.
    await expect(
      page.getByText(/costing .* is set on the product's edit page once it is added/),
    ).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('alert').first()).toHaveText('All fields are required');

    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Description').fill('Brass ring with kundan stones');
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('Rings');
    await page.getByRole('combobox', { name: 'Subcategory' }).selectOption('withgemstone');
    await page.getByLabel('Product Code').fill(code);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByRole('alert').first()).toHaveText('Please select a product image');

    await page
      .getByLabel('Product Image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Only image files are allowed (JPEG, PNG, etc.)')).toBeVisible();

    await page
      .getByLabel('Product Image')
      .setInputFiles({ name: 'ring.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'Product added successfully!' })).toBeVisible();

    // The storefront lists newest first: the new design is on the first page of shop-all.
    await page.goto('/shopall');
    const card = page.locator('article[aria-labelledby]').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.locator('img').first()).toHaveAttribute('src', /\/media\//);

    await page.goto('/product-list');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
    await searchProducts(page, code);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('link', { name: `Edit ${name}` }).click();

    await expect(page).toHaveURL(/\/admin\/edit-product\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Product Name')).toHaveValue(name);
    await expect(page.getByRole('img', { name: 'Current image' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Product Name').fill(`${name} Gold`);
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page).toHaveURL(/\/product-list/);
    await expect(page.getByRole('status').filter({ hasText: 'Product updated.' })).toBeVisible();

    await searchProducts(page, code);
    await expect(page.getByRole('cell', { name: `${name} Gold`, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${name} Gold` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete product' });
    await expect(dialog.getByText('Are you sure to delete this product?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Product deleted.' })).toBeVisible();
    await expect(page.getByText('No products found')).toBeVisible();
    const gone = await page.request.get(`/api/products/product?search=${encodeURIComponent(code)}`);
    expect(await gone.json()).toEqual([]);
  });

  test('Excel upload: template, a dry run that rejects one row, then the import', async ({ page }) => {
    await page.goto('/excelfile');
    await expect(page.getByRole('heading', { level: 1, name: 'Excel File Upload' })).toBeVisible();

    await page.getByRole('button', { name: 'Upload File' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please select a file before uploading.');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    expect((await download).suggestedFilename()).toBe('product-import-template.xlsx');

    const prefix = `XL-${unique()}`;
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['name', 'code', 'description', 'category', 'subcategory', 'image'],
        ['Sheet Pendant', `${prefix}-1`, 'From a workbook', 'Pendants', 'withgemstone', ''],
        ['Sheet Bangle', `${prefix}-2`, 'From a workbook', 'Bangles', 'withoutgemstone', ''],
        ['Sheet Necklace', `${prefix}-3`, 'From a workbook', 'Necklaces', 'withoutgemstone', ''],
      ]),
      'Products',
    );
    const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    await page.getByLabel('Excel file (.xlsx or .xls)').setInputFiles({
      name: 'designs.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: data,
    });
    await expect(page.getByText('Selected file: designs.xlsx')).toBeVisible();
    await page.getByRole('button', { name: 'Upload File' }).click();

    await expect(page.getByText('2 new products will be created')).toBeVisible();
    await expect(page.getByText('0 existing products will be updated')).toBeVisible();
    await expect(page.getByText('1 row will be rejected')).toBeVisible();
    const rejected = page.getByRole('row').filter({ hasText: 'category' });
    await expect(rejected.getByRole('cell').first()).toHaveText('3');
    await expectAccessible(page);
    // Nothing is written by the check.
    const before = await page.request.get(`/api/products/product?search=${prefix}`);
    expect(await before.json()).toEqual([]);

    await page.getByRole('button', { name: 'Import 2 products' }).click();
    await expect(page.getByText('Success! 2 products uploaded.')).toBeVisible();
    const after = (await (await page.request.get(`/api/products/product?search=${prefix}`)).json()) as {
      code: string;
    }[];
    expect(after.map((p) => p.code).sort()).toEqual([`${prefix}-1`, `${prefix}-3`]);
  });
});
