import type ExcelJS from 'exceljs';
import type * as SheetJS from '@e965/xlsx';

/** `load` run once, on the first call, its promise shared; a failed load is tried again next time. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}

/**
 * The spreadsheet libraries, loaded when a workbook is first read or written rather than at start:
 * ExcelJS costs ~30 MB resident and SheetJS ~11 MB, and most server processes never touch either
 * (quotation workbooks are written directly, lib/xlsx.ts; imports and the template are an
 * administrator's rare actions).
 */
export const loadExcelJs = onFirstUse(() => import('exceljs').then((m) => m.default as typeof ExcelJS));
export const loadSheetJs = onFirstUse((): Promise<typeof SheetJS> => import('@e965/xlsx'));
