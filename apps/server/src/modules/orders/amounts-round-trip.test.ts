import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from '@catalogue/shared/domain/quotation';
import { lineTax, TAX_REGIMES } from '@catalogue/shared/domain/pricing';
import { depositSplit, inrEquivalent } from '@catalogue/shared/domain/proforma';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { insertProduct, type TestProduct } from '../../../test/buyer-fixtures.ts';
import { buyerAndAdmin, caller, submitRequest, type Json } from '../../../test/quote-fixtures.ts';
import { HAS_PDFTOTEXT, pdfWords as pdfText } from '../../../test/pdf-text.ts';

const FX = { USD: 8450, EUR: 9_137, GBP: 10_689, AED: 2_301 } as const;
const CURRENCIES = ['INR', 'USD', 'EUR', 'GBP', 'AED'] as const;

/** An amount as a PDF writes it after a label (`Grand total INR 1,23,456.78`), read back in minor units. */
function amountAfter(text: string, label: string, currency: string): number | null {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}:? ${currency} ([\\d,]+\\.\\d{2})`).exec(text);
  return match ? minorOfText(match[1]!) : null;
}

/** `1,23,45,67,890.12` in minor units, from its digits (majorToMinor stops at ten whole digits). */
function minorOfText(text: string): number {
  const [whole, cents] = text.replace(/,/g, '').split('.');
  return Number(BigInt(whole!) * 100n + BigInt(cents!));
}

/** A workbook's money cell read back in minor units: the number as Excel holds it, times 100, exactly. */
const minorOf = (value: unknown) => {
  // ExcelJS reads a formula whose stored value is 0 (`<v>0</v>`) as `{formula}` without a result.
  const cell =
    value && typeof value === 'object' && 'formula' in value
      ? ((value as { result?: unknown }).result ?? 0)
      : value;
  if (typeof cell !== 'number') return null;
  const cents = Math.round(cell * 100);
  // No drift: the stored double is the nearest one to the decimal amount.
  return Number((cents / 100).toFixed(2)) === cell ? cents : null;
};

/**
 * No amount drifts on the way from the API to the files: for any prices, quantities, one-off
 * charges, currency and tax regime, every unit price, line total, total, tax and grand total the
 * API answers reads back to the same minor unit from the quotation workbook, the printed quote and
 * the proforma invoice (whose INR equivalent and deposit are those of the shared rules).
 */
describe('amounts across the API, the workbook and the PDFs', () => {
  let t: TestApp;
  let buyer: TestUser;
  let admin: TestUser;
  const products: TestProduct[] = [];

  const call = caller(() => t);

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_ORDER: '1000' });
    [buyer, admin] = await buyerAndAdmin(t, 'Round Trip Buyer', 'Round Trip Admin');
    for (let i = 0; i < 3; i++)
      products.push(await insertProduct(t.database, { name: `Design ${i}`, code: `RT-${i}` }));
    for (const [currency, inrPerUnit] of Object.entries(FX))
      expect((await call(admin, 'POST', '/api/rates/fx', { currency, inrPerUnit })).statusCode).toBe(201);
    const settings = await call(admin, 'PUT', '/api/admin/business-settings', {
      gstin: '08ABCDE1234F1Z5',
      iec: 'ABCDE1234F',
      bank: {
        name: 'State Bank of India',
        accountName: 'Jaipur Jewellery House',
        accountNumber: '301234567890',
        ifsc: 'SBIN0001234',
        swift: 'SBININBB',
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });
  afterAll(() => t?.close());

  const line = fc.record({
    quantity: fc.integer({ min: 1, max: 10_000 }),
    unitPrice: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1_000_000_000 })),
    charge: fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: undefined }),
  });
  const quote = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    currency: fc.constantFrom(...CURRENCIES),
    taxRegime: fc.constantFrom(...TAX_REGIMES),
    depositPct: fc.integer({ min: 0, max: 100 }),
  });

  it.skipIf(!HAS_PDFTOTEXT)(
    'every amount reads back to the same minor unit',
    async () => {
      await fc.assert(
        fc.asyncProperty(quote, async (q) => {
          const chosen = q.lines.map((l, i) => ({ ...l, product: products[i]! }));
          const { id } = await submitRequest(t, buyer, {
            country: 'IN',
            orderDetails: chosen.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
          });
          const saved = await call(admin, 'PUT', `/api/orders/${id}/quote`, {
            version: 1,
            currency: q.currency,
            leadTimeDays: 14,
            taxRegime: q.taxRegime,
            paymentTerms: { depositPct: q.depositPct, balance: 'before_dispatch', note: '' },
            lines: chosen.map((l) => ({
              productId: l.product.id,
              unitPrice: l.unitPrice,
              ...(l.charge ? { charges: [{ kind: 'sample', amount: l.charge }] } : {}),
            })),
          });
          expect(saved.statusCode, saved.body).toBe(200);
          expect((await call(admin, 'POST', `/api/orders/${id}/quote/send`, { version: 2 })).statusCode).toBe(
            200,
          );
          const accepted = await call(buyer, 'POST', `/api/orders/${id}/accept`, { version: 3, revision: 1 });
          expect(accepted.statusCode, accepted.body).toBe(200);

          // The API: exact sums of what it shows, taxes per line by the shared rule.
          const api: Json = (await call(buyer, 'GET', `/api/orders/${id}`)).json().order;
          const answered: Json = api.quote;
          const c = q.currency;
          answered.lines.forEach((l: Json, i: number) => {
            expect(l.unitPrice).toBe(chosen[i]!.unitPrice);
            expect(l.lineTotal).toBe(chosen[i]!.unitPrice * chosen[i]!.quantity + (chosen[i]!.charge ?? 0));
          });
          const total = answered.lines.reduce((s: number, l: Json) => s + l.lineTotal, 0);
          expect(answered.total).toBe(total);
          const tax = answered.lines
            .map((l: Json) => lineTax(l.lineTotal, 3, q.taxRegime))
            .reduce((a: Json, b: Json) => ({
              cgst: a.cgst + b.cgst,
              sgst: a.sgst + b.sgst,
              igst: a.igst + b.igst,
            }));
          expect(answered.tax).toEqual(tax);
          expect(answered.grandTotal).toBe(total + tax.cgst + tax.sgst + tax.igst);

          // The quotation workbook (the buyer's signed link).
          const link = String(api.excelFilePath).replace('/uploads/', '/api/orders/download/');
          const file = await t.app.inject({ method: 'GET', url: link });
          expect(file.statusCode).toBe(200);
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
          const sheet = workbook.getWorksheet('Price Quotation')!;
          const byLabel = new Map<string, ExcelJS.Row>();
          sheet.eachRow((r) => byLabel.set(String(r.getCell(1).value), r));
          answered.lines.forEach((l: Json) => {
            const r = byLabel.get(l.sku)!;
            expect(minorOf(r.getCell(5).value)).toBe(l.unitPrice);
            expect(minorOf(r.getCell(7).value)).toBe(l.lineTotal);
            const charge = l.lineTotal - l.unitPrice * l.quantity;
            expect((r.getCell(7).value as { formula: string }).formula).toBe(
              charge ? `E${r.number}*F${r.number}+${(charge / 100).toFixed(2)}` : `E${r.number}*F${r.number}`,
            );
          });
          const amountOf = (label: string) => minorOf(byLabel.get(label)?.getCell(7).value);
          expect(amountOf('GRAND TOTAL')).toBe(answered.grandTotal);
          if (q.taxRegime === 'intra_state') {
            expect(amountOf('CGST')).toBe(tax.cgst);
            expect(amountOf('SGST')).toBe(tax.sgst);
          } else expect(byLabel.has('CGST')).toBe(false);
          if (q.taxRegime === 'inter_state' || q.taxRegime === 'export_igst')
            expect(amountOf('IGST')).toBe(tax.igst);
          else expect(byLabel.has('IGST')).toBe(false);
          expect(amountOf('TOTAL')).toBe(answered.total);

          // The printed quote and the proforma invoice.
          const quoteText = pdfText((await call(buyer, 'GET', `/api/orders/${id}/quote.pdf`)).rawPayload);
          const proforma = await call(buyer, 'GET', `/api/orders/${id}/proforma.pdf`);
          expect(proforma.statusCode).toBe(200);
          const proformaText = pdfText(proforma.rawPayload);
          for (const text of [quoteText, proformaText]) {
            for (const l of answered.lines) {
              expect(text).toContain(formatAmount(l.unitPrice, c));
              expect(text).toContain(formatAmount(l.lineTotal, c));
            }
            expect(amountAfter(text, 'Total before tax', c)).toBe(answered.total);
            expect(amountAfter(text, 'Grand total', c)).toBe(answered.grandTotal);
          }
          const taxLabel = (name: string, pct: string) => `${name} @ ${pct}%`;
          if (q.taxRegime === 'intra_state') {
            // The printed quote leaves out a tax of nothing; the proforma writes each one.
            expect(amountAfter(quoteText, 'CGST', c)).toBe(tax.cgst || null);
            expect(amountAfter(quoteText, 'SGST', c)).toBe(tax.sgst || null);
            expect(amountAfter(proformaText, taxLabel('CGST', '1.5'), c)).toBe(tax.cgst);
            expect(amountAfter(proformaText, taxLabel('SGST', '1.5'), c)).toBe(tax.sgst);
          }
          if (q.taxRegime === 'inter_state' || q.taxRegime === 'export_igst') {
            expect(amountAfter(quoteText, 'IGST', c)).toBe(tax.igst || null);
            expect(amountAfter(proformaText, taxLabel('IGST', '3'), c)).toBe(tax.igst);
          }
          const split = depositSplit(answered.grandTotal, q.depositPct);
          if (q.depositPct > 0) {
            expect(amountAfter(proformaText, `Deposit due (${q.depositPct}%)`, c)).toBe(split.deposit);
            expect(amountAfter(proformaText, 'Balance', c)).toBe(split.balance);
          }
          if (c !== 'INR') {
            expect(answered.fx.inrPerUnit).toBe(FX[c]);
            expect(proformaText).toContain(formatMoney(inrEquivalent(answered.grandTotal, FX[c]), 'INR'));
          } else expect(proformaText).not.toContain('INR equivalent');
        }),
        {
          numRuns: 12,
          examples: [
            // Nothing to pay: every amount is 0.00 (Excel keeps a formula's 0 too).
            [
              {
                lines: [{ quantity: 1, unitPrice: 0, charge: undefined }],
                currency: 'INR',
                taxRegime: 'intra_state',
                depositPct: 0,
              },
            ],
            // The largest quote there can be, in the dearest currency: every total on one line of the PDFs.
            [
              {
                lines: [0, 1, 2].map(() => ({
                  quantity: 10_000,
                  unitPrice: 1_000_000_000,
                  charge: 5_000_000,
                })),
                currency: 'GBP',
                taxRegime: 'export_igst',
                depositPct: 33,
              },
            ],
          ],
        },
      );
    },
    240_000,
  );
});
