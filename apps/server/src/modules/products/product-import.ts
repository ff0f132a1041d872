import type { z } from 'zod';
import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { productFieldSchemas } from '@catalogue/shared/schemas/product';
import {
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportError,
} from '@catalogue/shared/schemas/product-import';
import type { SheetRow } from '../../lib/spreadsheet.ts';

/** Header spellings people use for each column, compared without case, spaces or punctuation. */
const HEADER_ALIASES: Record<ImportColumn, string[]> = {
  name: ['name', 'productname', 'itemname', 'title', 'item'],
  code: ['code', 'productcode', 'designcode', 'sku', 'itemcode', 'modelno', 'modelnumber', 'designno'],
  description: ['description', 'productdescription', 'desc', 'details'],
  category: ['category', 'productcategory', 'categoryname'],
  subcategory: ['subcategory', 'subcategoryname', 'subcat'],
  image: ['image', 'imageurl', 'imagelink', 'img', 'picture', 'photo', 'imagepath'],
};

const normaliseHeader = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const MAX_IMAGE_URL = 2000;
const LEGACY_UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MEDIA_PATH = /^\/media\/([0-9a-f-]{36})$/i;

export type ImportImage = { kind: 'url'; url: string } | { kind: 'media'; id: string };

export type ImportRow = {
  row: number;
  name: string;
  code: string;
  /** null when the cell is blank: a new product gets '', an existing one keeps its text. */
  description: string | null;
  category: Category;
  subcategory: Subcategory;
  /** null when the cell is blank: an existing product keeps its image. */
  image: ImportImage | null;
};

/** Which column index holds each known field; unknown headers are ignored. */
export function mapColumns(header: SheetRow): Map<ImportColumn, number> {
  const columns = new Map<ImportColumn, number>();
  header.cells.forEach((cell, index) => {
    const key = normaliseHeader(cell);
    const column = IMPORT_COLUMNS.find((c) => HEADER_ALIASES[c].includes(key));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The sheet needs the columns ${IMPORT_REQUIRED_COLUMNS.join(', ')} in its first row (missing: ${missing.join(', ')})`,
    );
  }
  return columns;
}

/** A cell as text: numbers as written (1001, not 1001.0), everything trimmed. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value).trim();
}

function parseImage(value: string): ImportImage | string {
  if (value.length > MAX_IMAGE_URL) return `image must be at most ${MAX_IMAGE_URL} characters`;
  const media = MEDIA_PATH.exec(value);
  if (media && isId(media[1])) return { kind: 'media', id: media[1].toLowerCase() };
  if (LEGACY_UPLOAD.test(value)) return { kind: 'url', url: value };
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname)
      return { kind: 'url', url: url.href };
  } catch {
    // not a URL: reported below
  }
  return 'image must be an http(s) URL or an uploaded image path (/media/... or /uploads/...)';
}

/**
 * Validates every data row before anything is written. Answers the rows that can be written and a
 * problem per bad field; a code repeated in the sheet is a problem on its later rows.
 */
export function validateRows(
  rows: SheetRow[],
  columns: Map<ImportColumn, number>,
): { valid: ImportRow[]; errors: ImportError[] } {
  const valid: ImportRow[] = [];
  const errors: ImportError[] = [];
  const firstRowOfCode = new Map<string, number>();
  const cell = (r: SheetRow, column: ImportColumn) => {
    const index = columns.get(column);
    return index === undefined ? '' : cellText(r.cells[index]);
  };

  for (const r of rows) {
    const rowErrors: ImportError[] = [];
    const check = <T>(field: ImportColumn, schema: z.ZodType<T, string>): T | null => {
      const parsed = schema.safeParse(cell(r, field));
      if (parsed.success) return parsed.data;
      rowErrors.push({
        row: r.row,
        field,
        message: parsed.error.issues[0]?.message ?? `${field} is invalid`,
      });
      return null;
    };
    const name = check('name', productFieldSchemas.name);
    const code = check('code', productFieldSchemas.code);
    const category = check('category', productFieldSchemas.category);
    const subcategory = check('subcategory', productFieldSchemas.subcategory);
    const description = cell(r, 'description') ? check('description', productFieldSchemas.description) : null;
    const imageText = cell(r, 'image');
    let image: ImportImage | null = null;
    if (imageText) {
      const parsed = parseImage(imageText);
      if (typeof parsed === 'string') rowErrors.push({ row: r.row, field: 'image', message: parsed });
      else image = parsed;
    }
    if (code) {
      const earlier = firstRowOfCode.get(code.toLowerCase());
      if (earlier !== undefined) {
        rowErrors.push({
          row: r.row,
          field: 'code',
          message: `code ${code} is already used in row ${earlier}`,
        });
      } else {
        firstRowOfCode.set(code.toLowerCase(), r.row);
      }
    }
    if (rowErrors.length || !name || !code || !category || !subcategory) {
      errors.push(...rowErrors);
      continue;
    }
    valid.push({ row: r.row, name, code, description, category, subcategory, image });
  }
  return { valid, errors };
}
