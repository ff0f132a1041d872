import { countryLabel } from '@catalogue/shared/domain/countries';
import { minorToMajor } from '@catalogue/shared/domain/quotation';
import type { OrderRow } from './order-rows.ts';
import type { RevisionRow } from './quotation-rows.ts';
import { quoteTermFacts, type TermsPricing } from './quote-terms.ts';
import {
  columnName,
  xlsxWorkbook,
  type Cell,
  type CellStyle,
  type Picture,
  type Row,
} from '../../lib/xlsx.ts';

export const QUOTATION_SHEET = 'Price Quotation';
/** The contract's seven columns, then the quote's minimum order and note of each line. */
export const QUOTATION_HEADER = [
  'Model No.',
  'Image',
  'Item',
  'Metal',
  'Price',
  'Qty',
  'Amount',
  'Min. order',
  'Note',
] as const;

/** Who the quotation is from: the letterhead lines. */
export type Letterhead = { name: string; addressLines: string[]; contactLines: string[]; currency: string };

/** Pixels of the embedded product pictures: big enough to recognise a design, small enough for mail. */
export const PICTURE_PX = 90;
const LINE_ROW_HEIGHT_PT = 72;
/** The picture's inset from its cell's top left corner, in pixels. */
const PICTURE_INSET_PX = { dx: 9, dy: 4 };
const COLUMN_WIDTHS = [16, 16, 36, 22, 12, 9, 14, 11, 30];
const LAST_COLUMN = COLUMN_WIDTHS.length - 1;

const BRAND = 'FF7A4B12';
const WHITE = 'FFFFFFFF';
const BORDER = 'FFBFBFBF';
const bannerStyle = (style: CellStyle): CellStyle => ({
  ...style,
  horizontal: 'center',
  vertical: 'middle',
  wrap: true,
});
const headerStyle: CellStyle = {
  bold: true,
  color: WHITE,
  fill: BRAND,
  horizontal: 'center',
  vertical: 'middle',
  border: BORDER,
};
const lineStyle = (column: number, isMoney = false): CellStyle => ({
  border: BORDER,
  vertical: 'middle',
  wrap: true,
  horizontal: column >= 4 && column <= 7 ? 'right' : 'left',
  ...(isMoney ? { isMoney } : {}),
});
const totalStyle = (isMoney = false): CellStyle => ({
  bold: true,
  border: BORDER,
  horizontal: 'right',
  vertical: 'middle',
  ...(isMoney ? { isMoney } : {}),
});

/**
 * Who a workbook is for. The business's own copy (mailed to the business, or downloaded by an
 * administrator) shows the catalogue prices of a request not yet quoted; a buyer's copy (any signed
 * link) shows only the prices of a sent quote, and before one is sent no price at all: the
 * catalogue's wholesale prices are the business's, and a link can be forwarded.
 */
export type WorkbookReader = 'business' | 'buyer';

/**
 * The quotation workbook of a stored price request. It depends only on the stored order and
 * the pictures, so it can be rebuilt, identically, whenever it is asked for. Built directly as
 * Office Open XML (lib/xlsx.ts): a few milliseconds on the main thread even for a long order.
 */
export function buildQuotationWorkbook(
  order: OrderRow,
  pictures: ReadonlyMap<string, Buffer>,
  letterhead: Letterhead,
  quote: Pick<
    RevisionRow,
    'revision' | 'currency' | 'lines' | 'total' | 'leadTimeDays' | 'validUntil' | 'noteToBuyer'
  > | null = null,
  reader: WorkbookReader = 'buyer',
  /** Each product's metal and finish as the Metal column writes them ("Brass, Gold plated"), by id. */
  metals: ReadonlyMap<string, string> = new Map(),
  /** The sent quote's taxes and terms; null for a revision priced by hand (no tax, no terms). */
  pricing: TermsPricing | null = null,
): Buffer {
  const showsCatalogue = reader === 'business';
  // A sent quote's prices, in major units: minor units written as exact decimals, then read as numbers.
  const major = (minor: number) => Number(minorToMajor(minor));
  const quoted = new Map(quote?.lines.map((l) => [l.position, l]) ?? []);
  const rows: Row[] = [];
  const merges: string[] = [];
  const placed: Picture[] = [];
  const add = (cells: Cell[], height?: number) => rows.push({ cells, ...(height ? { height } : {}) });
  const mergeRow = (from: number, to: number) =>
    merges.push(`${columnName(from)}${rows.length}:${columnName(to)}${rows.length}`);

  const banner = (text: string, style: CellStyle, height?: number) => {
    add([{ value: text, style: bannerStyle(style) }], height);
    mergeRow(0, LAST_COLUMN);
  };
  banner(letterhead.name, { bold: true, size: 16, color: BRAND }, 24);
  for (const line of letterhead.addressLines) banner(line, { size: 10 });
  for (const line of letterhead.contactLines) banner(line, { size: 10 });
  add([]);
  banner('PRICE QUOTATION', { bold: true, size: 14, color: WHITE, fill: BRAND }, 22);
  add([]);

  const termFacts = quote ? quoteTermFacts(quote, pricing) : null;
  const buyer: [string, string][] = [
    ['Name', order.firstName],
    ['Email', order.email],
    ['Mob.', order.contactNumber],
    ['Company', order.companyName],
    ['Company website', order.companyWebsite],
    ['Country', `${countryLabel(order.country) ?? order.country} (${order.country})`],
    ['Message', order.message],
    ['Ref. No', String(order.orderNumber)],
    ['Date', order.createdAt.toISOString().slice(0, 10)],
    ['Currency', quote ? quote.currency : letterhead.currency],
    ...(quote
      ? ([
          ['Quote revision', String(quote.revision)],
          ['Valid until', quote.validUntil ? quote.validUntil.toISOString().slice(0, 10) : ''],
          // The taxes' amounts are under the TOTAL; here the regime, then the terms.
          ...termFacts!.taxes.slice(0, 1),
          ...termFacts!.terms,
          ['Note', quote.noteToBuyer],
        ] as [string, string][])
      : []),
  ];
  for (const [label, value] of buyer) {
    const height =
      (label === 'Message' || label === 'Note') && value
        ? Math.min(120, 15 * Math.ceil(value.length / 90 + 1))
        : undefined;
    add(
      [
        { value: label, style: { bold: true } },
        { value, style: { wrap: true, vertical: 'top' } },
      ],
      height,
    );
    mergeRow(1, LAST_COLUMN);
  }
  add([]);

  add(
    QUOTATION_HEADER.map((value) => ({ value, style: headerStyle })),
    20,
  );
  const first = rows.length + 1;
  for (const line of order.lines) {
    const r = rows.length + 1;
    const priced = quoted.get(line.position);
    const price = priced ? major(priced.unitPrice) : showsCatalogue ? line.price : null;
    const charges = priced ? priced.lineTotal - priced.unitPrice * priced.quantity : 0;
    add(
      [
        { value: line.sku, style: lineStyle(0) },
        { value: null, style: lineStyle(1) },
        { value: line.name, style: lineStyle(2) },
        { value: (line.productId && metals.get(line.productId)) || null, style: lineStyle(3) },
        { value: price, style: lineStyle(4, true) },
        { value: line.quantity, style: lineStyle(5) },
        price === null
          ? { value: null, style: lineStyle(6, true) }
          : {
              value: {
                // A quoted line's one-off charges (sample, mould, CAD) are in its amount: the
                // formula adds them, so Excel's own sum is the quote's total to the paisa.
                formula: charges ? `E${r}*F${r}+${minorToMajor(charges)}` : `E${r}*F${r}`,
                result: priced ? major(priced.lineTotal) : line.price * line.quantity,
              },
              style: lineStyle(6, true),
            },
        { value: priced ? priced.moq : null, style: lineStyle(7) },
        { value: priced?.note || null, style: lineStyle(8) },
      ],
      LINE_ROW_HEIGHT_PT,
    );
    const picture = line.mediaId ? pictures.get(line.mediaId) : undefined;
    if (picture)
      placed.push({
        image: picture,
        col: 1,
        row: r - 1,
        ...PICTURE_INSET_PX,
        width: PICTURE_PX,
        height: PICTURE_PX,
      });
  }
  const last = rows.length;

  const hasLines = order.lines.length > 0;
  // A buyer's copy of a request never quoted has no amounts to add up.
  const hasAmounts = quote !== null || showsCatalogue;
  add([
    ...Array.from({ length: 5 }, (_, c): Cell => ({ value: c === 0 ? 'TOTAL' : null, style: totalStyle() })),
    {
      value: {
        formula: hasLines ? `SUM(F${first}:F${last})` : '0',
        result: order.lines.reduce((sum, l) => sum + l.quantity, 0),
      },
      style: totalStyle(),
    },
    hasAmounts
      ? {
          value: {
            formula: hasLines ? `SUM(G${first}:G${last})` : '0',
            result: quote
              ? major(quote.total)
              : order.lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
          },
          style: totalStyle(true),
        }
      : { value: null, style: totalStyle(true) },
    { value: null, style: totalStyle() },
    { value: null, style: totalStyle() },
  ]);
  mergeRow(0, 4);

  // A priced quote's taxes (each that applies) and its grand total, in the Amount column.
  if (quote && pricing) {
    const totalRow = rows.length;
    const amountRow = (label: string, minor: number, formula?: string) => {
      add([
        ...Array.from({ length: 6 }, (_, c): Cell => ({
          value: c === 0 ? label : null,
          style: totalStyle(),
        })),
        {
          value: formula ? { formula, result: major(minor) } : major(minor),
          style: totalStyle(true),
        },
        { value: null, style: totalStyle() },
        { value: null, style: totalStyle() },
      ]);
      mergeRow(0, 5);
    };
    const { tax, taxRegime } = pricing;
    if (taxRegime === 'intra_state') {
      amountRow('CGST', tax.cgst);
      amountRow('SGST', tax.sgst);
    }
    if (taxRegime === 'inter_state' || taxRegime === 'export_igst') amountRow('IGST', tax.igst);
    amountRow('GRAND TOTAL', pricing.grandTotal, `SUM(G${totalRow}:G${rows.length})`);
    if (taxRegime === 'export_lut') {
      add([{ value: 'Supply meant for export under LUT without payment of IGST', style: { bold: true } }]);
      mergeRow(0, LAST_COLUMN);
    }
  }

  return xlsxWorkbook(
    { name: QUOTATION_SHEET, columns: COLUMN_WIDTHS, rows, merges, pictures: placed, fitToPageWidth: true },
    { creator: letterhead.name, created: order.createdAt },
  );
}
