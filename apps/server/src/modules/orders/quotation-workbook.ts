import type ExcelJS from 'exceljs';
import { countryLabel } from '@catalogue/shared/domain/countries';
import type { OrderRow } from './orders.repository.ts';
import { loadExcelJs } from '../../lib/on-first-use.ts';
import { deflateStoredZip } from './zip-deflate.ts';

export const QUOTATION_SHEET = 'Price Quotation';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const QUOTATION_HEADER = ['Model No.', 'Image', 'Item', 'Metal', 'Price', 'Qty', 'Amount'] as const;

/** Who the quotation is from: the letterhead lines. */
export type Letterhead = { name: string; addressLines: string[]; contactLines: string[]; currency: string };

/** Pixels of the embedded product pictures: big enough to recognise a design, small enough for mail. */
export const PICTURE_PX = 90;
const LINE_ROW_HEIGHT_PT = 72;

const BRAND = 'FF7A4B12';
const thin = { style: 'thin' as const, color: { argb: 'FFBFBFBF' } };
const border = { top: thin, left: thin, bottom: thin, right: thin };

/**
 * The quotation workbook of a stored price request. It depends only on the stored order and
 * the pictures, so it can be rebuilt, identically, whenever it is asked for.
 */
export async function buildQuotationWorkbook(
  order: OrderRow,
  pictures: ReadonlyMap<string, Buffer>,
  letterhead: Letterhead,
): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = letterhead.name;
  workbook.created = order.createdAt;
  const sheet = workbook.addWorksheet(QUOTATION_SHEET, {
    pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [
    { key: 'model', width: 16 },
    { key: 'image', width: 16 },
    { key: 'item', width: 36 },
    { key: 'metal', width: 12 },
    { key: 'price', width: 12 },
    { key: 'qty', width: 9 },
    { key: 'amount', width: 14 },
  ];

  const banner = (text: string, font: Partial<ExcelJS.Font>) => {
    const row = sheet.addRow([text]);
    sheet.mergeCells(row.number, 1, row.number, 7);
    row.getCell(1).font = font;
    row.getCell(1).alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
    return row;
  };

  banner(letterhead.name, { bold: true, size: 16, color: { argb: BRAND } }).height = 24;
  for (const line of letterhead.addressLines) banner(line, { size: 10 });
  for (const line of letterhead.contactLines) banner(line, { size: 10 });
  sheet.addRow([]);
  const title = banner('PRICE QUOTATION', { bold: true, size: 14, color: { argb: 'FFFFFFFF' } });
  title.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: BRAND } };
  title.height = 22;
  sheet.addRow([]);

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
    ['Currency', letterhead.currency],
  ];
  for (const [label, value] of buyer) {
    const row = sheet.addRow([label, value]);
    sheet.mergeCells(row.number, 2, row.number, 7);
    row.getCell(1).font = { bold: true };
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    if (label === 'Message' && value) row.height = Math.min(120, 15 * Math.ceil(value.length / 90 + 1));
  }
  sheet.addRow([]);

  const header = sheet.addRow([...QUOTATION_HEADER]);
  header.height = 20;
  header.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: BRAND } };
    cell.alignment = { horizontal: 'center', vertical: 'middle' };
    cell.border = border;
  });

  const imageIds = new Map<string, number>();
  const first = header.number + 1;
  for (const line of order.lines) {
    const row = sheet.addRow([line.sku, '', line.name, '', line.price, line.quantity]);
    const r = row.number;
    row.getCell(7).value = { formula: `E${r}*F${r}`, result: line.price * line.quantity };
    row.height = LINE_ROW_HEIGHT_PT;
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cell.border = border;
      cell.alignment = { vertical: 'middle', wrapText: true, horizontal: col >= 5 ? 'right' : 'left' };
    });
    row.getCell(5).numFmt = '#,##0.00';
    row.getCell(7).numFmt = '#,##0.00';

    const picture = line.mediaId ? pictures.get(line.mediaId) : undefined;
    if (line.mediaId && picture) {
      let imageId = imageIds.get(line.mediaId);
      if (imageId === undefined) {
        imageId = workbook.addImage({
          buffer: picture as unknown as ExcelJS.Image['buffer'],
          extension: 'png',
        });
        imageIds.set(line.mediaId, imageId);
      }
      // Anchors are zero-based and fractional: a small inset keeps the picture inside its cell.
      sheet.addImage(imageId, {
        tl: { col: 1.08, row: r - 1 + 0.04 },
        ext: { width: PICTURE_PX, height: PICTURE_PX },
        editAs: 'oneCell',
      });
    }
  }
  const last = sheet.lastRow!.number;

  const total = sheet.addRow(['TOTAL']);
  sheet.mergeCells(total.number, 1, total.number, 5);
  const hasLines = order.lines.length > 0;
  total.getCell(6).value = {
    formula: hasLines ? `SUM(F${first}:F${last})` : '0',
    result: order.lines.reduce((sum, l) => sum + l.quantity, 0),
  };
  total.getCell(7).value = {
    formula: hasLines ? `SUM(G${first}:G${last})` : '0',
    result: order.lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
  };
  total.getCell(7).numFmt = '#,##0.00';
  total.eachCell({ includeEmpty: true }, (cell) => {
    cell.font = { bold: true };
    cell.border = border;
    cell.alignment = { horizontal: 'right', vertical: 'middle' };
  });

  // Stored by ExcelJS, compressed by Node's zlib (see zip-deflate.ts).
  const stored = await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } });
  return deflateStoredZip(Buffer.from(stored));
}
