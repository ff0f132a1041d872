import { z } from 'zod';
import {
  PRODUCT_FIELD_NAMES,
  productField,
  type PRODUCT_FIELDS,
  type ProductFieldName,
} from './product-fields.ts';
import { COSTING_COLUMNS } from './costing-workbook.ts';

/**
 * Catalogue export and import with pictures: the workbook's columns, the limits of an upload, and
 * the answers of the job, history and undo endpoints. Shared so the admin screen checks a chosen
 * file with the same limits the server applies.
 */

export const ATTRIBUTE_KINDS = ['metal', 'finish', 'stone', 'colour'] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

type Fields = typeof PRODUCT_FIELDS;
/** The workbook columns of the product's fields (`product-fields.ts`). */
export type FieldColumn = {
  [K in ProductFieldName]: Fields[K]['workbook'] extends { column: infer C } ? C : never;
}[ProductFieldName];

/**
 * The columns that are no product field, with their places: attribute values, the gallery, and
 * the design's costing (admins only: `costing-workbook.ts`), last.
 */
const OTHER_COLUMNS = [
  ...ATTRIBUTE_KINDS.map((kind, i) => ({ column: kind, at: 70 + 10 * i })),
  { column: 'images', at: 200 },
  { column: 'alt_en', at: 210 },
  { column: 'alt_hi', at: 220 },
  ...COSTING_COLUMNS.map((c, i) => ({ column: c.column, at: 300 + i })),
] as const;

/** The product field a workbook column carries, by column. */
export const FIELD_OF_COLUMN = new Map<string, ProductFieldName>(
  PRODUCT_FIELD_NAMES.flatMap((name) => {
    const workbook = productField(name).workbook;
    return workbook ? [[workbook.column, name] as const] : [];
  }),
);

const placed = [
  ...PRODUCT_FIELD_NAMES.flatMap((name) => {
    const workbook = productField(name).workbook;
    return workbook ? [{ column: workbook.column, at: workbook.at, isRequired: workbook.isRequired }] : [];
  }),
  ...OTHER_COLUMNS.map((c) => ({ ...c, isRequired: false })),
].sort((a, b) => a.at - b.at);

export type CatalogueColumn = FieldColumn | (typeof OTHER_COLUMNS)[number]['column'];
/** The workbook's columns, in the order the export writes them. */
export const CATALOGUE_COLUMNS = placed.map((c) => c.column as CatalogueColumn);
export const CATALOGUE_REQUIRED_COLUMNS: readonly CatalogueColumn[] = placed
  .filter((c) => c.isRequired)
  .map((c) => c.column as CatalogueColumn);

/** Limits of one import; documented in docs/catalogue.md, "Import and export". */
export const CATALOGUE_IMPORT_LIMITS = {
  /** The workbook file (.xlsx). */
  workbookBytes: 20 * 1024 * 1024,
  /** Data rows of the first sheet. */
  rows: 5_000,
  /** The pictures ZIP as uploaded (streamed to a temporary file, never held in memory). */
  zipBytes: 1024 * 1024 * 1024,
  /** Entries in the ZIP, folders included. */
  zipEntries: 20_000,
  /** Bytes of one picture once unpacked. */
  pictureBytes: 20 * 1024 * 1024,
  /** Bytes of every entry once unpacked, together. */
  zipUnpackedBytes: 4 * 1024 * 1024 * 1024,
  /** Unpacked size over packed size of one entry: pictures barely compress, bombs compress a lot. */
  compressionRatio: 100,
  /** Pictures in one product's gallery. */
  picturesPerProduct: 12,
} as const;

export const PICTURE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif'] as const;

export const rowOutcomeSchema = z.enum(['created', 'updated', 'unchanged', 'error']);
export type RowOutcome = z.infer<typeof rowOutcomeSchema>;

export const rowReportSchema = z.object({
  /** The row number Excel shows (the header is row 1). */
  row: z.number().int(),
  code: z.string(),
  outcome: rowOutcomeSchema,
  /** Problems of an `error` row, each with its column. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
  /** Pictures from the ZIP this row receives. */
  pictures: z.number().int(),
});
export type RowReport = z.infer<typeof rowReportSchema>;

export const pictureOutcomeSchema = z.enum(['matched', 'unmatched', 'unreadable', 'refused']);
export type PictureOutcome = z.infer<typeof pictureOutcomeSchema>;

export const pictureReportSchema = z.object({
  name: z.string(),
  outcome: pictureOutcomeSchema,
  /** The workbook row it belongs to (matched pictures). */
  row: z.number().int().nullable(),
  /** Its place in the gallery, from 1. */
  position: z.number().int().nullable(),
  message: z.string(),
});
export type PictureReport = z.infer<typeof pictureReportSchema>;

export const importCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int(),
  pictures: z.number().int(),
  pictureErrors: z.number().int(),
  /** Designs whose costing the import sets or removes (within the rows created and updated). */
  costings: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPhaseSchema = z.enum(['checking', 'checked', 'applying', 'applied', 'failed']);
export type ImportPhase = z.infer<typeof importPhaseSchema>;

export const importJobSchema = z.object({
  id: z.string(),
  phase: importPhaseSchema,
  fileName: z.string(),
  zipName: z.string().nullable(),
  /** Work done so far in the current phase. */
  progress: z.object({
    rowsDone: z.number().int(),
    rowsTotal: z.number().int(),
    picturesDone: z.number().int(),
    picturesTotal: z.number().int(),
  }),
  counts: importCountsSchema.nullable(),
  rows: z.array(rowReportSchema),
  pictures: z.array(pictureReportSchema),
  /** Why the job failed, or why it cannot be applied. */
  message: z.string().nullable(),
  /** The history entry an applied job made. */
  importId: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importHistoryEntrySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  status: z.enum(['applied', 'undone']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  undoneAt: z.string().nullable(),
  counts: importCountsSchema,
  /** Only the newest applied import can be undone. */
  canUndo: z.boolean(),
});
export type ImportHistoryEntry = z.infer<typeof importHistoryEntrySchema>;

export const importHistorySchema = z.object({ imports: z.array(importHistoryEntrySchema) });

export const exportQuerySchema = z.object({
  category: z.string().max(100).optional(),
  subcategory: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
  metal: z.string().max(100).optional(),
  finish: z.string().max(100).optional(),
  stone: z.string().max(100).optional(),
  colour: z.string().max(100).optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** The browser's and the server's check of the chosen files: names and sizes. */
export function checkImportFiles(
  workbook: { name: string; size: number } | null,
  zip: { name: string; size: number } | null,
): 'workbookRequired' | 'workbookType' | 'workbookTooLarge' | 'zipType' | 'zipTooLarge' | null {
  if (!workbook) return 'workbookRequired';
  if (!/\.xlsx$/i.test(workbook.name)) return 'workbookType';
  if (workbook.size > CATALOGUE_IMPORT_LIMITS.workbookBytes) return 'workbookTooLarge';
  if (zip && !/\.zip$/i.test(zip.name)) return 'zipType';
  if (zip && zip.size > CATALOGUE_IMPORT_LIMITS.zipBytes) return 'zipTooLarge';
  return null;
}
