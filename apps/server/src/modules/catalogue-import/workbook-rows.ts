import {
  checkFieldValues,
  PRODUCT_FIELD_NAMES,
  productField,
  type ProductFieldName,
  type ProductInput,
} from '@catalogue/shared/schemas/product-fields';
import {
  ATTRIBUTE_KINDS,
  CATALOGUE_COLUMNS,
  CATALOGUE_IMPORT_LIMITS,
  CATALOGUE_REQUIRED_COLUMNS,
  type AttributeKind,
  type CatalogueColumn,
} from '@catalogue/shared/schemas/catalogue-import';
import {
  COSTING_COLUMN_NAMES,
  readCostingCells,
  type CostingCells,
} from '@catalogue/shared/schemas/costing-workbook';
import type { CostingValue } from '@catalogue/shared/schemas/pricing';
import type { SheetRow } from '../../lib/spreadsheet.ts';
import {
  aliasesOf,
  cellText,
  mapSheetColumns,
  parsePicture,
  type PictureRef,
} from '../../lib/sheet-columns.ts';
import { GALLERY_ALT_MAX } from '@catalogue/shared/schemas/product-gallery';

/**
 * Reads the catalogue workbook's rows (the export's columns, or the older template's) into checked
 * values. A blank cell, or a column the sheet does not have, keeps an existing product's value.
 */

export type Columns = Map<CatalogueColumn, number>;

export const mapCatalogueColumns = (header: SheetRow): Columns =>
  mapSheetColumns(header, CATALOGUE_COLUMNS, CATALOGUE_REQUIRED_COLUMNS, aliasesOf);

export type ParsedRow = {
  row: number;
  code: string;
  /**
   * The row's product fields checked by the same rules as the admin's form (`checkFieldValues`):
   * the required ones, and those whose cell is not blank (a blank cell keeps the product's value).
   */
  input: ProductInput;
  attributes: Partial<Record<AttributeKind, string[]>>;
  images?: PictureRef[];
  altEn?: string[];
  altHi?: string[];
  /**
   * The design's costing from the costing columns, checked by the costing's own schema: absent
   * when they are all blank (the costing stays), null when `pricing_mode` is "none" (removed).
   */
  costing?: CostingValue | null;
};

export type RowProblem = { column: string; message: string };

const MAX_ALT = GALLERY_ALT_MAX;
const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim());

/**
 * Checks one data row. `slugs` holds each kind's known slugs; `mediaBase` is the public address
 * our own `/media/{id}` pictures are exported under, read back as the same media item.
 */
export function parseRow(
  r: SheetRow,
  columns: Columns,
  slugs: Map<AttributeKind, Set<string>>,
  mediaBase: string | null,
): { value: ParsedRow | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const cell = (column: CatalogueColumn) => {
    const index = columns.get(column);
    return index === undefined ? '' : cellText(r.cells[index]);
  };
  // The row as the admin's form would send it: each field's cell under its API name; a blank cell
  // is left out (the product keeps its value), but a required column is always read.
  const form: Record<string, string> = {};
  const given: ProductFieldName[] = [];
  const original = new Map<ProductFieldName, string>();
  for (const name of PRODUCT_FIELD_NAMES) {
    const workbook = productField(name).workbook;
    if (!workbook) continue;
    const text = cell(workbook.column as CatalogueColumn);
    if (!text && !workbook.isRequired) continue;
    original.set(name, text);
    form[name] = workbook.fromCell ? workbook.fromCell(text) : text;
    given.push(name);
  }
  const checked = checkFieldValues(form, given);
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(checked.value)) {
    // A cell that reads as nothing (a weight of "g") keeps the product's value too.
    if (value !== null) values[name] = value;
  }
  // Each problem named by the workbook's column; a number's own text is quoted.
  const got = (text: string) => ` (got "${text.slice(0, 40)}")`;
  const at = (issue: { path: string }) =>
    CATALOGUE_COLUMNS.indexOf(
      productField(issue.path as ProductFieldName).workbook!.column as CatalogueColumn,
    );
  for (const issue of [...checked.issues].sort((a, b) => at(a) - at(b))) {
    const name = issue.path as ProductFieldName;
    const field = productField(name);
    const column = field.workbook!.column;
    const quoted = field.kind === 'decimal' || field.kind === 'count' ? got(original.get(name) ?? '') : '';
    problems.push({ column, message: issue.message.replace(new RegExp(`^${name}\\b`), column) + quoted });
  }
  const input = values as ProductInput;
  const value: ParsedRow = { row: r.row, code: input.code ?? '', input, attributes: {} };

  for (const kind of ATTRIBUTE_KINDS) {
    const text = cell(kind);
    if (!text) continue;
    const list = [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const unknown = list.filter((s) => !slugs.get(kind)?.has(s));
    if (unknown.length) {
      problems.push({
        column: kind,
        message: `unknown ${kind} ${unknown.map((s) => `"${s.slice(0, 40)}"`).join(', ')} (known: ${[...(slugs.get(kind) ?? [])].join(', ')})`,
      });
    } else {
      value.attributes[kind] = list;
    }
  }
  const images = cell('images');
  if (images) {
    const refs: PictureRef[] = [];
    for (const text of lines(images).filter(Boolean)) {
      const parsed = parsePicture(text, mediaBase);
      if (typeof parsed === 'string') problems.push({ column: 'images', message: parsed });
      else refs.push(parsed);
    }
    if (refs.length > CATALOGUE_IMPORT_LIMITS.picturesPerProduct) {
      problems.push({
        column: 'images',
        message: `at most ${CATALOGUE_IMPORT_LIMITS.picturesPerProduct} pictures per product`,
      });
    }
    value.images = refs;
  }
  for (const [column, key] of [
    ['alt_en', 'altEn'],
    ['alt_hi', 'altHi'],
  ] as const) {
    const text = cell(column);
    if (!text) continue;
    const list = lines(text);
    if (list.some((l) => l.length > MAX_ALT))
      problems.push({ column, message: `each alt text is at most ${MAX_ALT} characters` });
    else value[key] = list;
  }
  const costingCells: CostingCells = {};
  for (const column of COSTING_COLUMN_NAMES) costingCells[column] = cell(column);
  const costing = readCostingCells(costingCells);
  if (costing.kind === 'problems') problems.push(...costing.problems);
  else if (costing.kind === 'clear') value.costing = null;
  else if (costing.kind === 'set') value.costing = costing.costing;
  return { value: problems.length ? null : value, problems };
}
