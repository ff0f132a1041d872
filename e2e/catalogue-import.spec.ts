import fs from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { zipArchive } from '../apps/server/src/lib/zip.ts';
import { ADMIN, expect, expectAccessible, logInBrowser, PNG, test } from './fixtures';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('catalogue import and export: export, upload a workbook and pictures, check, apply, see the product, undo', async ({
  page,
}) => {
  const session = await logInBrowser(page, ADMIN, { everyPage: true });
  const auth = { authorization: `Bearer ${session.token}` };
  const code = `IMP-${Date.now().toString(36).toUpperCase()}`;
  const name = `Imported Jhumka ${code}`;

  await page.goto('/catalogue-import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await expectAccessible(page);

  // Export: the seeded catalogue's rings, as a workbook with every column.
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('Rings');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download workbook' }).click();
  const exported = XLSX.read(await fs.readFile(await (await download).path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(exported.Sheets[exported.SheetNames[0]!]!);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.category === 'Rings')).toBe(true);
  expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['code', 'name', 'metal', 'images', 'tags']));

  // Upload: one new product with two pictures named by its code.
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['code', 'name', 'description', 'category', 'subcategory', 'price', 'metal', 'tags'],
      [code, name, 'Bell drops', 'Earrings', 'withgemstone', 450, 'brass', 'festive'],
    ]),
    'Catalogue',
  );
  const pictures = zipArchive(
    [
      { name: `${code}.png`, data: PNG },
      { name: `${code}-2.png`, data: PNG },
    ],
    new Date(),
  );
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose the catalogue workbook (.xlsx).');
  await page.getByLabel('Catalogue workbook (.xlsx)').setInputFiles({
    name: 'new-designs.xlsx',
    mimeType: XLSX_TYPE,
    buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  });
  await page
    .getByLabel('Pictures (.zip, optional)')
    .setInputFiles({ name: 'pictures.zip', mimeType: 'application/zip', buffer: pictures });
  await page.getByRole('button', { name: 'Upload and check' }).click();

  await expect(page.getByRole('heading', { name: 'Check result' })).toBeVisible();
  await expect(page.getByText('New products: 1')).toBeVisible();
  await expect(page.getByText('Pictures matched: 2')).toBeVisible();
  await expect(page.getByText('Rows with problems: 0')).toBeVisible();
  await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: test.info().outputPath('catalogue-import-check-desktop.png'),
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Apply the import' }).click();
  await expect(page.getByText('The import was applied: 1 new and 0 changed products.')).toBeVisible();

  // The product is in the catalogue with its first picture as its own.
  const listed = await page.request.get(`/api/products/admin/paginated?search=${encodeURIComponent(code)}`, {
    headers: auth,
  });
  const product = (await listed.json()).products.find((p: { code: string }) => p.code === code);
  expect(product.name).toBe(name);
  expect(product.imageUrl).toMatch(/\/media\/[0-9a-f-]{36}$/);
  await page.goto(`/singleproduct/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('main img[src*="/media/"]').first()).toBeVisible();

  // Undo, after a confirmation, from the history.
  await page.goto('/catalogue-import');
  const history = page.getByRole('region', { name: 'Import history' });
  const entry = history.getByRole('row').filter({ hasText: 'new-designs.xlsx' }).first();
  await expect(entry).toContainText('Applied');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('catalogue-import-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await entry.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByText('The import was undone.')).toBeVisible();
  await expect(entry).toContainText('Undone');
  const gone = await page.request.get(`/api/products/admin/paginated?search=${encodeURIComponent(code)}`, {
    headers: auth,
  });
  expect((await gone.json()).products).toEqual([]);
});
