import { z } from 'zod';

/** Bulk import bounds: one upload of at most 10 MB, its first sheet at most 20,000 rows. Over either is a 413. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** Problems listed in one answer; the message gives the full count when there are more. */
export const IMPORT_MAX_REPORTED_ERRORS = 1000;

export const IMPORT_MESSAGES = {
  noFile: 'Please select a file before uploading.',
} as const;

/** The columns the sheet may carry; headers are matched ignoring case, spaces and punctuation. */
export const IMPORT_COLUMNS = ['name', 'code', 'description', 'category', 'subcategory', 'image'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const IMPORT_REQUIRED_COLUMNS: readonly ImportColumn[] = ['name', 'code', 'category', 'subcategory'];

export const importErrorSchema = z.object({
  /** The row number a person sees in Excel; the header is row 1. */
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  message: z.string(),
  /** Rows written, or that would be in a dry run. */
  count: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
