import { AppError } from '@catalogue/shared/errors';
import {
  QUICK_ORDER_LIMITS,
  QUICK_ORDER_MESSAGES,
  readOrderLine,
  type ReadLine,
} from '@catalogue/shared/schemas/quick-order';
import { readFirstSheet } from '../../lib/spreadsheet.ts';

/** A quick-order upload: an .xlsx (or .xls) workbook or a .csv file, at most this many bytes. */
export const QUICK_ORDER_FILE_MAX_BYTES = 1024 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (data: Buffer, bytes: number[]) => bytes.every((b, i) => data[i] === b);

/** Text a person could have saved as CSV: valid UTF-8 without control characters other than line ends and tabs. */
function csvText(data: Buffer): string | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data).replace(/^\uFEFF/, '');
  // eslint-disable-next-line no-control-regex -- a NUL or other control byte means it is not text
  if (text.includes('\uFFFD') || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return null;
  return text;
}

/** CSV rows as cells (RFC 4180 quotes; the delimiter is the first of `,` `;` or tab the first line uses). */
export function csvRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r|\n/) >>> 0 || text.length);
  const delimiter = [',', ';', '\t'].find((d) => firstLine.includes(d)) ?? ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const cellText = (cell: unknown) => (cell === null || cell === undefined ? '' : String(cell));

/**
 * Reads an uploaded list by its bytes (never its name): a workbook's first sheet, or CSV text.
 * Each row is read as a line of its cells joined by tabs, `row` being the row Excel shows.
 */
export async function readOrderFile(data: Buffer): Promise<ReadLine[]> {
  if (startsWith(data, ZIP) || startsWith(data, CFB)) {
    const { header, rows } = await readFirstSheet(data, QUICK_ORDER_LIMITS.maxLines);
    return [...(header ? [header] : []), ...rows].flatMap((r) =>
      readOrderLine(r.cells.map(cellText).join('\t'), r.row),
    );
  }
  const text = csvText(data);
  if (text === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', QUICK_ORDER_MESSAGES.notASpreadsheet);
  const rows = csvRows(text);
  if (rows.length > QUICK_ORDER_LIMITS.maxLines)
    throw new AppError('PAYLOAD_TOO_LARGE', QUICK_ORDER_MESSAGES.tooManyLines);
  return rows.flatMap((cells, i) => readOrderLine(cells.join('\t'), i + 1));
}
