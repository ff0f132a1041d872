import type { z } from 'zod';
import type { Category, Subcategory } from '@catalogue/shared/domain/categories';
import { productFieldSchemas } from '@catalogue/shared/schemas/product';
import {
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportError,
} from '@catalogue/shared/schemas/product-import';
import { aliasesOf, cellText, mapSheetColumns, parsePicture } from '../../lib/sheet-columns.ts';
import type { SheetRow } from '../../lib/spreadsheet.ts';

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

/**
 * Which column index holds each known field; unknown headers are ignored. The headers are read as
 * the catalogue workbook reads them (`workbook-rows.ts`): each field's spellings from the list of
 * the product's fields, `image` by the spellings of the workbook's `images` column.
 */
export const mapColumns = (header: SheetRow): Map<ImportColumn, number> =>
  mapSheetColumns(header, IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, (c) =>
    aliasesOf(c === 'image' ? 'images' : c),
  );

const MAX_IMAGE_URL = 2000;

/** The picture as the catalogue workbook reads one (without its media address), in this answer's words. */
function parseImage(value: string): ImportImage | string {
  if (value.length > MAX_IMAGE_URL) return `image must be at most ${MAX_IMAGE_URL} characters`;
  const picture = parsePicture(value, null);
  if (typeof picture === 'string')
    return 'image must be an http(s) URL or an uploaded image path (/media/... or /uploads/...)';
  return picture.mediaId ? { kind: 'media', id: picture.mediaId } : { kind: 'url', url: picture.url! };
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
