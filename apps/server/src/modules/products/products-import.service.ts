import {
  IMPORT_MAX_REPORTED_ERRORS,
  IMPORT_MAX_ROWS,
  type ImportError,
  type ImportResult,
} from '@catalogue/shared/schemas/product-import';
import { AppError } from '@catalogue/shared/errors';
import { formatCount } from '@catalogue/shared/format-number';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { analyzeAfterBulkWrite } from '../../db/statistics.ts';
import type { MediaService } from '../media/index.ts';
import {
  findByCodes,
  writeImport,
  type ImportCreate,
  type ImportUpdate,
} from './product-import.repository.ts';
import { mapColumns, validateRows, type ImportRow } from './product-import.ts';
import { releaseImages } from './product-writes.service.ts';
import { readFirstSheet } from '../../lib/spreadsheet.ts';

/** The spreadsheet import of products (one sheet of rows, matched to products by code). */
export function createProductImport(deps: {
  db: Db;
  media: MediaService;
  /** Tells every cache the catalogue changed. */
  changed: () => void;
}) {
  const { db, media, changed } = deps;
  const releaseAll = (ids: Array<string | null | undefined>) => releaseImages(media, ids);

  return {
    /**
     * Bulk import: every row is checked first; then one transaction writes
     * all valid rows, updating products whose code exists. A dry run answers the same numbers.
     */
    async importProducts(
      data: Buffer,
      options: { dryRun: boolean; log?: { error(obj: object, msg: string): void } },
    ): Promise<ImportResult> {
      const sheet = await readFirstSheet(data, IMPORT_MAX_ROWS);
      if (!sheet.header) throw new AppError('BAD_REQUEST', 'The first sheet is empty');
      const columns = mapColumns(sheet.header);
      const { valid, errors } = validateRows(sheet.rows, columns);

      // Images named as /media/{id} must be ours.
      const mediaIds = [...new Set(valid.flatMap((r) => (r.image?.kind === 'media' ? [r.image.id] : [])))];
      const known = await media.listExisting(mediaIds);
      const writable: ImportRow[] = [];
      for (const r of valid) {
        if (r.image?.kind === 'media' && !known.has(r.image.id)) {
          errors.push({
            row: r.row,
            field: 'image',
            message: 'image refers to an uploaded image that does not exist',
          });
        } else {
          writable.push(r);
        }
      }
      errors.sort((a, b) => a.row - b.row);

      const lowerCodes = writable.map((r) => r.code.toLowerCase());
      let created = 0;
      let updated = 0;
      if (options.dryRun) {
        const existing = await findByCodes(db, lowerCodes);
        updated = lowerCodes.filter((c) => existing.has(c)).length;
        created = writable.length - updated;
      } else if (writable.length) {
        const replaced: Array<string | null> = [];
        try {
          await db.transaction(async (tx) => {
            const existing = await findByCodes(tx, lowerCodes, { lock: true });
            const creates: ImportCreate[] = [];
            const updates: ImportUpdate[] = [];
            for (const r of writable) {
              const image = {
                imageUrl: r.image?.kind === 'url' ? r.image.url : null,
                mediaId: r.image?.kind === 'media' ? r.image.id : null,
              };
              const current = existing.get(r.code.toLowerCase());
              const common = { name: r.name, code: r.code, category: r.category, subcategory: r.subcategory };
              if (current) {
                updates.push({
                  id: current.id,
                  ...common,
                  description: r.description,
                  hasImage: !!r.image,
                  ...image,
                });
                if (r.image && current.mediaId && current.mediaId !== image.mediaId)
                  replaced.push(current.mediaId);
              } else {
                creates.push({ ...common, description: r.description ?? '', ...image });
              }
            }
            await writeImport(tx, creates, updates);
            created = creates.length;
            updated = updates.length;
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          throw new AppError(
            'CONFLICT',
            'Some product codes were added by someone else during the import; nothing was written. Please upload the file again.',
          );
        }
        changed();
        await releaseAll(replaced);
        await analyzeAfterBulkWrite(db, created + updated, options.log);
      }

      const count = created + updated;
      return {
        message: importMessage(count, created, updated, errors, options.dryRun),
        count,
        created,
        updated,
        errors: errors.slice(0, IMPORT_MAX_REPORTED_ERRORS),
      };
    },
  };
}

function importMessage(
  count: number,
  created: number,
  updated: number,
  errors: ImportError[],
  dryRun: boolean,
) {
  const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
  const head = dryRun
    ? `Dry run: ${plural(count, 'product')} would be imported (${created} new, ${updated} updated); nothing was written`
    : `${plural(count, 'product')} imported (${created} new, ${updated} updated)`;
  if (!errors.length) return head;
  const rows = new Set(errors.map((e) => e.row)).size;
  const listed =
    errors.length > IMPORT_MAX_REPORTED_ERRORS
      ? `; the first ${IMPORT_MAX_REPORTED_ERRORS} problems are listed`
      : '';
  return `${head}. ${plural(rows, 'row')} with problems ${dryRun ? 'would be' : 'were'} skipped${listed}`;
}
