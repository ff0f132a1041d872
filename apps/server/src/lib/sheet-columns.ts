import { AppError } from '@catalogue/shared/errors';
import { isId } from '@catalogue/shared/schemas/common';
import { productField } from '@catalogue/shared/schemas/product-fields';
import {
  FIELD_OF_COLUMN,
  type CatalogueColumn,
  type FieldColumn,
} from '@catalogue/shared/schemas/catalogue-import';
import { COSTING_COLUMNS, type CostingColumn } from '@catalogue/shared/schemas/costing-workbook';
import type { SheetRow } from './spreadsheet.ts';

/**
 * How a sheet's header row and cells are read, shared by the catalogue workbook's import and the
 * older `/admin/uploadexcel` sheet: each column's spellings (a product field's from the list of the
 * product's fields, the costing's from the costing columns, the rest here), the header matcher,
 * a cell as text and a picture cell's address.
 */

/**
 * Header spellings accepted for the columns that are no product field (those have theirs in the
 * list, the costing's in `costing-workbook.ts`).
 */
const OTHER_ALIASES: Record<Exclude<CatalogueColumn, FieldColumn | CostingColumn>, string[]> = {
  metal: ['metal', 'metals'],
  finish: ['finish', 'finishes', 'plating'],
  stone: ['stone', 'stones'],
  colour: ['colour', 'colours', 'color', 'colors'],
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

const COSTING_ALIASES = new Map<string, readonly string[]>(COSTING_COLUMNS.map((c) => [c.column, c.aliases]));

/** The header spellings a catalogue column is read by (compared after `normalise`). */
export const aliasesOf = (column: CatalogueColumn): readonly string[] => {
  const name = FIELD_OF_COLUMN.get(column);
  if (name) return productField(name).workbook!.aliases;
  return COSTING_ALIASES.get(column) ?? OTHER_ALIASES[column as keyof typeof OTHER_ALIASES];
};

/** A header cell as compared with the spellings: no case, spaces or punctuation. */
export const normalise = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Which column index holds each of `columns` (the first header that reads as one of its
 * spellings); unknown headers are ignored, a missing required column is a 400 naming it. The
 * catalogue workbook and the older `uploadexcel` sheet are both read by this.
 */
export function mapSheetColumns<C extends string>(
  header: SheetRow,
  columns: readonly C[],
  required: readonly C[],
  spellings: (column: C) => readonly string[],
): Map<C, number> {
  const found = new Map<C, number>();
  header.cells.forEach((cell, index) => {
    const key = normalise(cell);
    const column = columns.find((c) => spellings(c).includes(key));
    if (column && !found.has(column)) found.set(column, index);
  });
  const missing = required.filter((c) => !found.has(c));
  if (missing.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The sheet needs the columns ${required.join(', ')} in its first row (missing: ${missing.join(', ')})`,
    );
  }
  return found;
}

export type PictureRef = { mediaId: string | null; url: string | null };

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

/** A picture cell's address: our media by id, an old upload or an http(s) address; else why not. */
export function parsePicture(text: string, mediaBase: string | null): PictureRef | string {
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
