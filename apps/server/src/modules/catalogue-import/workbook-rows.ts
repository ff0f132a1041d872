import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { productFieldSchemas } from '@catalogue/shared/schemas/product';
import {
  ATTRIBUTE_KINDS,
  CATALOGUE_COLUMNS,
  CATALOGUE_IMPORT_LIMITS,
  CATALOGUE_REQUIRED_COLUMNS,
  type AttributeKind,
  type CatalogueColumn,
} from '@catalogue/shared/schemas/catalogue-import';
import type { SheetRow } from '../products/spreadsheet.ts';
import { readMinOrder, readTags, readWeight } from '@catalogue/shared/schemas/attributes';
import { GALLERY_ALT_MAX } from '@catalogue/shared/schemas/product-gallery';

/**
 * Reads the catalogue workbook's rows (the export's columns, or the older template's) into checked
 * values. A blank cell, or a column the sheet does not have, keeps an existing product's value.
 */

/** Header spellings accepted for each column, compared without case, spaces or punctuation. */
const ALIASES: Record<CatalogueColumn, string[]> = {
  code: ['code', 'productcode', 'designcode', 'sku', 'itemcode', 'modelno', 'modelnumber', 'designno'],
  name: ['name', 'productname', 'itemname', 'title', 'item'],
  description: ['description', 'productdescription', 'desc', 'details'],
  category: ['category', 'productcategory', 'categoryname'],
  subcategory: ['subcategory', 'subcategoryname', 'subcat'],
  price: ['price', 'rate'],
  metal: ['metal', 'metals'],
  finish: ['finish', 'finishes', 'plating'],
  stone: ['stone', 'stones'],
  colour: ['colour', 'colours', 'color', 'colors'],
  weight_grams: ['weightgrams', 'weight', 'weightg', 'grams'],
  min_order_quantity: ['minorderquantity', 'moq', 'minimumorderquantity', 'minorder'],
  tags: ['tags', 'tag', 'keywords'],
  images: [
    'images',
    'image',
    'imageurl',
    'imagelink',
    'img',
    'picture',
    'pictures',
    'photo',
    'photos',
    'imagepath',
  ],
  alt_en: ['alten', 'alttext', 'alttexten', 'alt'],
  alt_hi: ['althi', 'alttexthi'],
};

const normalise = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export type Columns = Map<CatalogueColumn, number>;

export function mapCatalogueColumns(header: SheetRow): Columns {
  const columns: Columns = new Map();
  header.cells.forEach((cell, index) => {
    const key = normalise(cell);
    const column = CATALOGUE_COLUMNS.find((c) => ALIASES[c].includes(key));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = CATALOGUE_REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The sheet needs the columns ${CATALOGUE_REQUIRED_COLUMNS.join(', ')} in its first row (missing: ${missing.join(', ')})`,
    );
  }
  return columns;
}

export type PictureRef = { mediaId: string | null; url: string | null };

export type ParsedRow = {
  row: number;
  code: string;
  name: string;
  category: string;
  subcategory: string;
  /** undefined: keep (or the default for a new product). */
  description?: string;
  price?: number;
  weightGrams?: string;
  minOrderQuantity?: number;
  tags?: string[];
  attributes: Partial<Record<AttributeKind, string[]>>;
  images?: PictureRef[];
  altEn?: string[];
  altHi?: string[];
};

export type RowProblem = { column: string; message: string };

const MAX_ALT = GALLERY_ALT_MAX;
const MAX_URL = 2000;
const MEDIA_PATH = /^(?:https?:\/\/[^/]+)?\/media\/([0-9a-f-]{36})$/i;
const LEGACY_UPLOAD = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A cell as text: numbers as written (1001, not 1001.0), everything trimmed. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).trim();
}

const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim());

function parsePicture(text: string, mediaBase: string | null): PictureRef | string {
  if (text.length > MAX_URL) return `a picture address is longer than ${MAX_URL} characters`;
  const media = MEDIA_PATH.exec(text);
  if (media && isId(media[1]) && (!text.startsWith('http') || (mediaBase && text.startsWith(mediaBase)))) {
    return { mediaId: media[1]!.toLowerCase(), url: null };
  }
  if (LEGACY_UPLOAD.test(text)) return { mediaId: null, url: text };
  try {
    const url = new URL(text);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname)
      return { mediaId: null, url: url.href };
  } catch {
    // reported below
  }
  return `"${text.slice(0, 80)}" is not a picture address (http(s) URL, /media/… or /uploads/…)`;
}

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
  const check = <T>(
    column: CatalogueColumn,
    schema: {
      safeParse(
        v: unknown,
      ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
    },
  ): T | null => {
    const parsed = schema.safeParse(cell(column));
    if (parsed.success) return parsed.data;
    problems.push({ column, message: parsed.error.issues[0]?.message ?? `${column} is invalid` });
    return null;
  };
  const code = check('code', productFieldSchemas.code);
  const name = check('name', productFieldSchemas.name);
  const category = check('category', productFieldSchemas.category);
  const subcategory = check('subcategory', productFieldSchemas.subcategory);
  const value: ParsedRow = {
    row: r.row,
    code: code ?? '',
    name: name ?? '',
    category: category ?? '',
    subcategory: subcategory ?? '',
    attributes: {},
  };
  if (cell('description'))
    value.description = check('description', productFieldSchemas.description) ?? undefined;
  if (cell('price')) value.price = check('price', productFieldSchemas.price) ?? undefined;

  // The same rules as the product form and API (packages/shared/src/schemas/attributes.ts), named
  // by the workbook's column.
  const got = (text: string) => ` (got "${text.slice(0, 40)}")`;
  const weight = cell('weight_grams');
  if (weight) {
    const read = readWeight(weight.replace(/\s*g$/i, ''));
    if (read.ok) value.weightGrams = read.value === null ? undefined : read.value.toFixed(2);
    else
      problems.push({
        column: 'weight_grams',
        message: read.message.replace(/^weightGrams/, 'weight_grams') + got(weight),
      });
  }
  const moq = cell('min_order_quantity');
  if (moq) {
    const read = readMinOrder(moq);
    if (read.ok) value.minOrderQuantity = read.value ?? undefined;
    else
      problems.push({
        column: 'min_order_quantity',
        message: read.message.replace(/^minOrderQuantity/, 'min_order_quantity') + got(moq),
      });
  }
  const tags = cell('tags');
  if (tags) {
    const read = readTags(tags);
    if (read.ok) value.tags = read.value;
    else problems.push({ column: 'tags', message: read.message });
  }
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
  return { value: problems.length ? null : value, problems };
}
