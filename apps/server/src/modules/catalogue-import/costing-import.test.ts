import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostingAnswer } from '@catalogue/shared/schemas/pricing';
import {
  catalogueImportCalls,
  sheetRows,
  workbook,
  type Cell,
} from '../../../test/catalogue-import-fixtures.ts';
import { EXAMPLE_A_COSTING, EXAMPLE_B_COSTING } from '../../../test/pricing-fixtures.ts';
import { bearer, buildTestApp, createUser, type TestApp, type TestUser } from '../../../test/helpers.ts';

const HEADER = [
  'code',
  'name',
  'category',
  'subcategory',
  'pricing_mode',
  'costing_metal',
  'fineness',
  'net_weight_g',
  'wastage_pct',
  'making_basis',
  'making_value',
  'stone_costs',
  'setting_per_stone',
  'plating_per_piece',
  'extras',
  'hsn',
  'gst_pct',
  'moq',
  'case_pack',
  'price_breaks',
];
/** A row of HEADER: the product's four cells, then the costing's (blank where not given). */
const row = (code: string, costing: Partial<Record<(typeof HEADER)[number], Cell>> = {}): Cell[] => [
  code,
  `Design ${code}`,
  'Rings',
  'withgemstone',
  ...HEADER.slice(4).map((c) => costing[c] ?? null),
];
/** Worked example A (docs/pricing.md) as an admin types it. */
const RING_A = {
  pricing_mode: 'metal_linked',
  costing_metal: 'silver',
  fineness: 925,
  net_weight_g: 4.25,
  wastage_pct: 8,
  making_basis: 'per_gram',
  making_value: 12,
  stone_costs: 'CZ 3 @ 4.50/pc',
  setting_per_stone: 2,
  plating_per_piece: 18,
  extras: 'hallmarking 35.00',
  hsn: '71131100',
  gst_pct: 3,
};

describe('a design’s costing through the catalogue workbook', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createUser(t.database, { role: 'admin' });
  });
  afterAll(() => t.close());
  const { check, apply, exportBook, undo } = catalogueImportCalls(
    () => t,
    () => admin.token,
  );
  const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
  const idOf = async (code: string) =>
    (await q<{ id: string }>(sql`SELECT id::text AS id FROM products WHERE code = ${code}`))[0]!.id;
  const costingOf = async (code: string) =>
    (
      await t.app.inject({
        url: `/api/products/admin/${await idOf(code)}/costing`,
        headers: bearer(admin.token),
      })
    ).json<CostingAnswer>().costing;
  const putCosting = async (code: string, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/products/admin/${await idOf(code)}/costing`,
      payload: body as object,
      headers: bearer(admin.token),
    });
  /** Every costing row as PostgreSQL prints it: the byte-identical check of undo. */
  const costingRows = () => q(sql`SELECT c::text AS row FROM product_costings c ORDER BY product_id`);

  it('loads costings with new designs, counted in the dry run, as the costing PUT stores them', async () => {
    const job = await check(
      workbook([
        HEADER,
        row('CW-A', RING_A),
        row('CW-B', {
          pricing_mode: 'per_piece',
          making_basis: 'per_piece',
          making_value: 38,
          stone_costs: 'CZ 12 @ 1.25/pc',
          plating_per_piece: 22,
          extras: 'packaging 5',
          hsn: '71179010',
          gst_pct: 3,
          price_breaks: '288+ @ 76.00',
        }),
        row('CW-C'),
      ]),
    );
    expect(job.phase, job.message ?? '').toBe('checked');
    expect(job.counts).toMatchObject({ created: 3, errors: 0, costings: 2 });
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('applied');
    // Worked example A, typed in grams and rupees, is the costing the PUT stores for it.
    expect(await costingOf('CW-A')).toEqual(EXAMPLE_A_COSTING);
    expect(await costingOf('CW-B')).toEqual(EXAMPLE_B_COSTING);
    expect(await costingOf('CW-C')).toBeNull();
  });

  it('reports each bad costing cell with its column in the dry run, and writes nothing', async () => {
    const before = await costingRows();
    const job = await check(
      workbook([
        HEADER,
        row('CW-A', { ...RING_A, wastage_pct: 8.5 }),
        row('CW-D', { ...RING_A, costing_metal: null, gst_pct: 40 }),
        row('CW-E', { ...RING_A, net_weight_g: '4.2505', stone_costs: 'CZ three' }),
        row('CW-F', { pricing_mode: 'none', hsn: '7113' }),
      ]),
    );
    expect(job.counts).toMatchObject({ errors: 3, costings: 1 });
    expect(job.rows.map((r) => [r.code, r.outcome, r.errors])).toEqual([
      ['CW-A', 'updated', []],
      [
        'CW-D',
        'error',
        [
          { column: 'gst_pct', message: 'gstPct must be at most 28' },
          { column: 'costing_metal', message: 'metal is required for a metal-linked design' },
        ],
      ],
      [
        'CW-E',
        'error',
        [
          {
            column: 'net_weight_g',
            message: 'net_weight_g must be grams with at most 3 decimals (got "4.2505")',
          },
          {
            column: 'stone_costs',
            message: 'stone 1 "CZ three" is not like "CZ 12 @ 5.00/pc" or "ruby 0.250ct @ 4000/ct"',
          },
        ],
      ],
      [
        'CW-F',
        'error',
        [{ column: 'hsn', message: 'hsn must be blank when pricing_mode is none (the costing is removed)' }],
      ],
    ]);
    expect((await apply(job)).res.statusCode).toBe(409);
    expect(await costingRows()).toEqual(before);
  });

  it('exports the costing in the same columns, and importing that export changes nothing', async () => {
    const rows = sheetRows(await exportBook('?search=CW-'));
    expect(rows.map((r) => r.code)).toEqual(['CW-A', 'CW-B', 'CW-C']);
    // The cells as the admin typed them come back.
    expect(rows[0]).toMatchObject({ ...RING_A, price_breaks: null });
    expect(rows[1]).toMatchObject({
      making_value: 38,
      price_breaks: '288+ @ 76.00',
      extras: 'packaging 5.00',
    });
    expect(rows[2]).toMatchObject({ pricing_mode: null, stone_costs: null });

    const before = await costingRows();
    const again = await check(await exportBook('?search=CW-'));
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 3, errors: 0, costings: 0 });
    expect(again.message).toBe('Nothing to import: every row is unchanged');
    expect(await costingRows()).toEqual(before);
  });

  it('a blank costing block keeps the costing; "none" removes it; undo puts the previous costing back', async () => {
    const before = await costingRows();
    const job = await check(
      workbook([
        HEADER,
        ['CW-A', 'Renamed ring', 'Rings', 'withgemstone'],
        row('CW-B', { pricing_mode: 'none' }),
        row('CW-C', { ...RING_A, wastage_pct: 10, stone_costs: 'ruby 0.250ct @ 4000/ct buyer handling 10%' }),
      ]),
    );
    expect(job.counts).toMatchObject({ updated: 3, costings: 2 });
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('applied');
    expect(await costingOf('CW-A')).toMatchObject({ wastagePct: 8, netWeightMg: 4250 });
    expect(await costingOf('CW-B')).toBeNull();
    expect(await costingOf('CW-C')).toMatchObject({
      wastagePct: 10,
      stones: [
        {
          kind: 'ruby',
          caratsMilli: 250,
          rate: 400000,
          basis: 'per_carat',
          suppliedByBuyer: true,
          handlingPct: 10,
        },
      ],
    });

    const res = await undo(applied.job!.importId!);
    expect(res.statusCode, res.body).toBe(200);
    expect(await costingRows()).toEqual(before);
    expect(await costingOf('CW-B')).toEqual(EXAMPLE_B_COSTING);
    expect(await costingOf('CW-C')).toBeNull();
  });

  it('refuses to undo an import whose costing was saved again since, and keeps that costing', async () => {
    const job = await check(workbook([HEADER, row('CW-C', { ...RING_A, wastage_pct: 9 })]));
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('applied');
    expect((await putCosting('CW-C', { ...EXAMPLE_A_COSTING, wastagePct: 7 })).statusCode).toBe(200);
    const res = await undo(applied.job!.importId!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('CW-C');
    expect(await costingOf('CW-C')).toMatchObject({ wastagePct: 7 });
  });

  it('refuses to apply when a costing was saved between the check and the apply', async () => {
    const job = await check(workbook([HEADER, row('CW-A', { ...RING_A, wastage_pct: 11 })]));
    expect(job.counts).toMatchObject({ updated: 1, costings: 1 });
    expect((await putCosting('CW-A', { ...EXAMPLE_A_COSTING, wastagePct: 6 })).statusCode).toBe(200);
    const applied = await apply(job);
    expect(applied.job!.phase).toBe('failed');
    expect(applied.job!.message).toContain('CW-A');
    expect(await costingOf('CW-A')).toMatchObject({ wastagePct: 6 });
  });
});
