import type * as XLSX from '@e965/xlsx';
import { AppError } from '@catalogue/shared/errors';
import { formatCount } from '@catalogue/shared/format-number';
import { loadSheetJs } from './on-first-use.ts';

/** What the upload really is, by its bytes: a name or a declared content type proves nothing. */
export type SpreadsheetKind = 'xlsx' | 'xls';

export const NOT_A_SPREADSHEET_MESSAGE = 'Only Excel files (.xlsx or .xls) are allowed';
export const DAMAGED_SPREADSHEET_MESSAGE = 'The spreadsheet could not be read; it may be damaged';

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A workbook whose parts would inflate past this is refused before it is unpacked (zip bombs). */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;

const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

type ZipEntry = { name: string; unpackedBytes: number };

/**
 * Lists a ZIP archive's entries from its central directory (the sizes it declares), without
 * unpacking anything. null when the archive is damaged.
 */
export function listZipEntries(data: Buffer): ZipEntry[] | null {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const floor = Math.max(0, data.length - 65_557);
  let eocd = -1;
  for (let at = data.length - 22; at >= floor; at--) {
    if (data.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
    const unpackedBytes = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength > data.length) return null;
    entries.push({ name: data.toString('utf8', at + 46, at + 46 + nameLength), unpackedBytes });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Decides what the bytes are: an Excel workbook of either generation, or a 415. */
export async function detectSpreadsheet(data: Buffer): Promise<SpreadsheetKind> {
  if (startsWith(data, ZIP_LOCAL_HEADER)) {
    const entries = listZipEntries(data);
    if (!entries) throw new AppError('BAD_REQUEST', DAMAGED_SPREADSHEET_MESSAGE);
    // A .docx or a plain .zip is a ZIP too; only a workbook has this part.
    if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_SPREADSHEET_MESSAGE);
    }
    // 0xFFFFFFFF means "see the ZIP64 record": treat it as too big rather than trust it.
    const unpacked = entries.reduce((sum, e) => sum + e.unpackedBytes, 0);
    if (unpacked > MAX_UNPACKED_BYTES || entries.some((e) => e.unpackedBytes === 0xffffffff)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The spreadsheet is too large once unpacked');
    }
    return 'xlsx';
  }
  if (startsWith(data, CFB_SIGNATURE)) {
    let names: string[];
    try {
      names = (await loadSheetJs()).CFB.read(data, { type: 'buffer' }).FullPaths.map((p: string) =>
        p.replace(/\/$/, '').split('/').pop()!,
      );
    } catch {
      throw new AppError('BAD_REQUEST', DAMAGED_SPREADSHEET_MESSAGE);
    }
    // Old Word and PowerPoint files share the container; a workbook has a Workbook (or Book) stream.
    if (!names.some((n) => /^(workbook|book)$/i.test(n))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_SPREADSHEET_MESSAGE);
    }
    return 'xls';
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_A_SPREADSHEET_MESSAGE);
}

export type SheetRow = { row: number; cells: unknown[] };

/** The address of the first cell holding a formula, or null (the sheet is read dense). */
function findFormula(sheetJs: typeof XLSX, sheet: XLSX.WorkSheet): string | null {
  const rows = (sheet['!data'] ?? []) as Array<Array<XLSX.CellObject | undefined> | undefined>;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row) continue;
    for (let c = 0; c < row.length; c++) if (row[c]?.f) return sheetJs.utils.encode_cell({ r, c });
  }
  return null;
}

/**
 * The first sheet's rows as arrays of raw cell values, each with the row number Excel shows.
 * At most `maxRows` rows are parsed: a longer sheet is a 413, told apart without parsing it all.
 */
export async function readFirstSheet(
  data: Buffer,
  maxRows: number,
): Promise<{ header: SheetRow | null; rows: SheetRow[] }> {
  await detectSpreadsheet(data);
  const XLSX = await loadSheetJs();
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      // Header + maxRows data rows + one more, which is how an over-long sheet shows itself.
      sheetRows: maxRows + 2,
      // Read so they can be refused: a formula's value is whatever Excel last computed, and
      // formulas are how spreadsheet injection (DDE, HYPERLINK) travels.
      cellFormula: true,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellDates: false,
    });
  } catch {
    throw new AppError('BAD_REQUEST', DAMAGED_SPREADSHEET_MESSAGE);
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet?.['!ref']) return { header: null, rows: [] };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const formulaAt = findFormula(XLSX, sheet);
  if (formulaAt) {
    throw new AppError(
      'BAD_REQUEST',
      `The spreadsheet contains formulas (the first in cell ${formulaAt}); paste them as values and upload again`,
    );
  }
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : range;
  if (full.e.r - range.s.r > maxRows) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The sheet has more than ${formatCount(maxRows)} rows; split it into smaller files`,
    );
  }
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    blankrows: true,
    defval: null,
  });
  const rows = matrix.map((cells, i) => ({ row: range.s.r + i + 1, cells }));
  const isBlank = (r: SheetRow) => r.cells.every((c) => c === null || String(c).trim() === '');
  const [header, ...rest] = rows.filter((r) => !isBlank(r));
  return { header: header ?? null, rows: rest };
}
