import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@catalogue/shared/schemas/product-import';
import { products } from '../../db/schema/products.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { multipart } from '../../../test/image-fixtures.ts';

describe('GET /api/products/admin/import-template', () => {
  let t: TestApp;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    [admin, buyer] = await Promise.all([createUser(t.database, { role: 'admin' }), createUser(t.database)]);
  });
  afterAll(() => t.close());

  const download = (user: TestUser | null) =>
    t.app.inject({
      method: 'GET',
      url: '/api/products/admin/import-template',
      headers: user ? bearer(user.token) : {},
    });

  it('is for admins only', async () => {
    expect((await download(null)).statusCode).toBe(401);
    expect((await download(buyer)).statusCode).toBe(403);
  });

  it('answers a workbook with the import headers and two example rows, which a dry run accepts', async () => {
    const response = await download(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...IMPORT_COLUMNS]);
    expect(sheet.actualRowCount).toBe(3);
    expect(
      values(2)
        .slice(0, 5)
        .every((v) => typeof v === 'string' && v.length > 0),
    ).toBe(true);

    const form = multipart({}, [
      {
        field: 'file',
        filename: 'template.xlsx',
        contentType: 'application/octet-stream',
        data: response.rawPayload,
      },
    ]);
    const dryRun = await t.app.inject({
      method: 'POST',
      url: '/api/products/admin/uploadexcel?dryRun=1',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(admin.token) },
    });
    expect(dryRun.statusCode).toBe(200);
    expect(dryRun.json()).toMatchObject({ count: 2, created: 2, updated: 0, errors: [] });
    // A dry run writes nothing.
    expect(await t.database.db.select({ id: products.id }).from(products)).toHaveLength(0);
  });
});
