import { minorToMajor } from '@catalogue/shared/domain/quotation';
import { stageWords, type Board } from '@catalogue/shared/schemas/fulfilment';
import { loadExcelJs } from '../../lib/on-first-use.ts';

const COLUMNS = [
  { header: 'Order', key: 'order', width: 9 },
  { header: 'Buyer', key: 'buyer', width: 22 },
  { header: 'Company', key: 'company', width: 24 },
  { header: 'Country', key: 'country', width: 9 },
  { header: 'PO number', key: 'po', width: 16 },
  { header: 'Stage', key: 'stage', width: 18 },
  { header: 'Since', key: 'since', width: 12 },
  { header: 'Expected ship date', key: 'due', width: 18 },
  { header: 'Overdue', key: 'overdue', width: 9 },
  { header: 'Pieces', key: 'pieces', width: 9 },
  { header: 'Shipped', key: 'shipped', width: 9 },
  { header: 'Accepted on', key: 'accepted', width: 12 },
  { header: 'Currency', key: 'currency', width: 9 },
  { header: 'Total', key: 'total', width: 14 },
] as const;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The production board as a workbook (sheet `Production`), one row per order as listed. */
export async function boardWorkbook(board: Board): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Production', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ ...c }));
  sheet.getRow(1).font = { bold: true };
  for (const o of board.orders) {
    const row = sheet.addRow({
      order: o.orderId,
      buyer: o.firstName,
      company: o.companyName,
      country: o.country,
      po: o.poNumber ?? '',
      stage: stageWords(o.stage),
      since: day(o.stageAt),
      due: o.expectedShipDate ?? '',
      overdue: o.overdue ? 'yes' : '',
      pieces: o.pieces,
      shipped: o.shippedPieces,
      accepted: day(o.acceptedAt),
      currency: o.currency ?? '',
      total: o.total == null ? '' : Number(minorToMajor(o.total)),
    });
    if (o.overdue) row.getCell('overdue').font = { bold: true, color: { argb: 'FFB00020' } };
    row.getCell('total').numFmt = '#,##0.00';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
