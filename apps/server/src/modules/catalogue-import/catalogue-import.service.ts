import { listValues } from '../attributes/attributes.repository.ts';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@catalogue/shared/errors';
import {
  ATTRIBUTE_KINDS,
  CATALOGUE_IMPORT_LIMITS,
  type AttributeKind,
  type ImportCounts,
  type ImportHistoryEntry,
  type ImportJob,
  type RowReport,
} from '@catalogue/shared/schemas/catalogue-import';
import type { Db } from '../../db/client.ts';
import { analyzeAfterBulkWrite } from '../../db/statistics.ts';
import type { MediaStore } from '../media/media-store.ts';
import type { MediaService } from '../media/media.service.ts';
import { readFirstSheet } from '../products/spreadsheet.ts';
import {
  findProductsByCodes,
  listExistingMedia,
  writeCatalogueImport,
  type GalleryItem,
} from './catalogue-import.repository.ts';
import { listImports, undoCatalogueImport } from './catalogue-import-history.repository.ts';
import { planRow } from './import-plan.ts';
import { blocker, checkImage, countsOf, publicJob, type Job } from './import-job.ts';
import { scanPictureZip, type ExtractedPicture } from './picture-zip.ts';
import { mapCatalogueColumns, parseRow, type ParsedRow } from './workbook-rows.ts';

/** A finished job (and its temporary files) is forgotten after this long. */
const JOB_TTL_MS = 60 * 60 * 1000;
/** Pictures prepared at once (decode, resize, encode run on libuv's pool, not the main thread). */
const PICTURE_CONCURRENCY = 2;

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;

export function createCatalogueImportService(deps: {
  db: Db;
  media: MediaService;
  store: MediaStore;
  /** Clears the catalogue caches here and on every other instance. */
  onChanged: () => void;
  log?: { error(obj: object, msg: string): void };
}) {
  const { db } = deps;
  const jobs = new Map<string, Job>();
  let applying = false;

  function finish(job: Job) {
    if (job.expires) clearTimeout(job.expires);
    void fs.rm(job.folder, { recursive: true, force: true });
    job.expires = setTimeout(() => jobs.delete(job.id), JOB_TTL_MS);
    job.expires.unref();
  }

  function fail(job: Job, error: unknown) {
    job.phase = 'failed';
    job.message = error instanceof AppError ? error.message : 'The import failed; nothing was written';
    if (!(error instanceof AppError)) deps.log?.error({ err: error }, 'catalogue import failed');
    finish(job);
  }

  /** The dry run: reads the workbook and the ZIP, and plans every row without writing anything. */
  async function check(job: Job) {
    const sheet = await readFirstSheet(await fs.readFile(job.workbookFile), CATALOGUE_IMPORT_LIMITS.rows);
    if (!sheet.header) throw new AppError('BAD_REQUEST', 'The first sheet is empty');
    const columns = mapCatalogueColumns(sheet.header);
    const values = await listValues(db);
    const slugs = new Map<AttributeKind, Set<string>>(
      ATTRIBUTE_KINDS.map((k) => [k, new Set(values.filter((v) => v.kind === k).map((v) => v.slug))]),
    );
    job.progress.rowsTotal = sheet.rows.length;
    const reports = new Map<number, RowReport>();
    const parsed: ParsedRow[] = [];
    const rowOfCode = new Map<string, number>();
    for (const [i, r] of sheet.rows.entries()) {
      const { value, problems } = parseRow(r, columns, slugs, null);
      const code = value?.code ?? String(r.cells[columns.get('code')!] ?? '').trim();
      const earlier = code ? rowOfCode.get(code.toLowerCase()) : undefined;
      if (earlier !== undefined)
        problems.push({ column: 'code', message: `code ${code} is already used in row ${earlier}` });
      else if (code) rowOfCode.set(code.toLowerCase(), r.row);
      reports.set(r.row, {
        row: r.row,
        code,
        outcome: problems.length ? 'error' : 'unchanged',
        errors: problems,
        pictures: 0,
      });
      if (value && !problems.length) parsed.push(value);
      if (i % 500 === 499) {
        job.progress.rowsDone = i + 1;
        await pause();
      }
    }

    // Pictures named by /media/{id} must be ours.
    const mediaIds = [
      ...new Set(parsed.flatMap((r) => (r.images ?? []).flatMap((g) => (g.mediaId ? [g.mediaId] : [])))),
    ];
    const known = await listExistingMedia(db, mediaIds);
    const checked = parsed.filter((r) => {
      const missing = (r.images ?? []).filter((g) => g.mediaId && !known.has(g.mediaId));
      if (!missing.length) return true;
      const report = reports.get(r.row)!;
      report.outcome = 'error';
      report.errors.push({ column: 'images', message: `no uploaded picture /media/${missing[0]!.mediaId}` });
      return false;
    });

    if (job.zipFile) {
      const scan = await scanPictureZip({
        file: job.zipFile,
        folder: job.folder,
        rowOfCode: (c) => rowOfCode.get(c),
        checkImage,
        onEntry: (done, total) => {
          job.progress.picturesDone = done;
          job.progress.picturesTotal = total;
        },
      });
      job.pictures = scan.reports;
      job.extracted = scan.pictures;
    }
    const picturesOf = new Map<number, ExtractedPicture[]>();
    for (const p of job.extracted) picturesOf.set(p.row, [...(picturesOf.get(p.row) ?? []), p]);

    const current = await findProductsByCodes(
      db,
      checked.map((r) => r.code.toLowerCase()),
    );
    for (const r of checked) {
      const pictures = picturesOf.get(r.row) ?? [];
      const total = Math.max(pictures.length, ...pictures.map((p) => p.position));
      const report = reports.get(r.row)!;
      report.pictures = pictures.length;
      if (total > CATALOGUE_IMPORT_LIMITS.picturesPerProduct) {
        report.outcome = 'error';
        report.errors.push({
          column: 'images',
          message: `more than ${CATALOGUE_IMPORT_LIMITS.picturesPerProduct} pictures`,
        });
        continue;
      }
      const { outcome, write } = planRow(r, current.get(r.code.toLowerCase()) ?? null, pictures, values);
      report.outcome = outcome;
      if (write) job.plan.push(write);
    }
    job.rows = [...reports.values()];
    const cellsOf = new Map(sheet.rows.map((r) => [r.row, r.cells]));
    job.errorSheet = {
      header: sheet.header.cells,
      rows: new Map(
        job.rows.filter((r) => r.outcome === 'error').map((r) => [r.row, cellsOf.get(r.row) ?? []]),
      ),
    };
    job.counts = countsOf(job);
    job.progress.rowsDone = sheet.rows.length;
    job.message = blocker(job);
    job.phase = 'checked';
    // A check nobody applies is forgotten, with its files, after the same time.
    job.expires = setTimeout(() => {
      if (job.phase !== 'checked') return;
      jobs.delete(job.id);
      void fs.rm(job.folder, { recursive: true, force: true });
    }, JOB_TTL_MS);
    job.expires.unref();
  }

  /** Stores the ZIP's pictures, then writes everything in one transaction; on failure removes what it stored. */
  async function apply(job: Job, userId: string | null) {
    const pictures = job.plan.flatMap((w) => (w.gallery ?? []).flatMap((g) => (g.picture ? [g] : [])));
    job.progress = {
      rowsDone: 0,
      rowsTotal: job.plan.length,
      picturesDone: 0,
      picturesTotal: pictures.length,
    };
    const prepared: Array<{
      row: Parameters<typeof deps.store.put>[0];
      media: Awaited<ReturnType<MediaService['prepareImage']>>['row'];
    }> = [];
    try {
      let next = 0;
      const worker = async () => {
        while (next < pictures.length) {
          const item = pictures[next++]!;
          const data = await fs.readFile(item.picture!.file);
          const result = await deps.media
            .prepareImage(data, {
              maxBytes: CATALOGUE_IMPORT_LIMITS.pictureBytes,
              tooLargeMessage: 'too large',
            })
            .catch((error: unknown) => {
              throw new AppError('BAD_REQUEST', `${item.picture!.name}: ${(error as Error).message}`);
            });
          await deps.store.put(result.row.storageKey, result.data);
          prepared.push({ row: result.row.storageKey, media: result.row });
          item.mediaId = result.row.id;
          job.progress.picturesDone++;
        }
      };
      await Promise.all(Array.from({ length: PICTURE_CONCURRENCY }, worker));

      job.importId = await db.transaction(async (tx) => {
        const now = await findProductsByCodes(
          tx,
          job.plan.map((w) => w.code.toLowerCase()),
          { lock: true },
        );
        const moved = job.plan.filter(
          (w) => (now.get(w.code.toLowerCase())?.updatedAt ?? null) !== (w.current?.updatedAt ?? null),
        );
        if (moved.length) {
          throw new AppError(
            'CONFLICT',
            `Products changed since the check: ${moved
              .slice(0, 20)
              .map((w) => w.code)
              .join(', ')}; nothing was written, upload the files again`,
          );
        }
        return writeCatalogueImport(tx, {
          media: prepared.map((p) => p.media),
          writes: job.plan.map(({ gallery, ...w }) => ({
            ...w,
            gallery:
              gallery?.map(({ mediaId, url, altEn, altHi }): GalleryItem => ({
                mediaId,
                url,
                altEn,
                altHi,
              })) ?? null,
          })),
          createdBy: userId,
          fileName: job.fileName,
          summary: { counts: job.counts, zipName: job.zipName, mediaIds: prepared.map((p) => p.media.id) },
          onProgress: (done) => (job.progress.rowsDone = done),
        });
      });
    } catch (error) {
      await Promise.all(prepared.map((p) => deps.store.remove(p.row).catch(() => {})));
      throw error;
    }
    deps.onChanged();
    await analyzeAfterBulkWrite(db, job.plan.length, deps.log);
    job.phase = 'applied';
    job.message = null;
  }

  return {
    /** Starts the dry run of uploaded files (moved into the job's folder); answers at once. */
    async start(input: {
      folder: string;
      workbookFile: string;
      fileName: string;
      zipFile: string | null;
      zipName: string | null;
      createdBy: string | null;
    }): Promise<ImportJob> {
      const job: Job = {
        id: crypto.randomUUID(),
        phase: 'checking',
        fileName: input.fileName,
        zipName: input.zipName,
        progress: { rowsDone: 0, rowsTotal: 0, picturesDone: 0, picturesTotal: 0 },
        counts: null,
        rows: [],
        pictures: [],
        message: null,
        importId: null,
        folder: input.folder,
        workbookFile: input.workbookFile,
        zipFile: input.zipFile,
        plan: [],
        extracted: [],
        createdBy: input.createdBy,
        expires: null,
        errorSheet: { header: [], rows: new Map() },
      };
      jobs.set(job.id, job);
      void check(job).catch((error: unknown) => fail(job, error));
      return publicJob(job);
    },

    /** A new, empty folder for one upload's files. */
    async newFolder(): Promise<string> {
      return fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-import-'));
    },

    get(id: string): ImportJob {
      const job = jobs.get(id);
      if (!job) throw new AppError('NOT_FOUND', 'No such import (finished imports are kept for an hour)');
      return publicJob(job);
    },

    /** Starts writing a checked job; 409 when it has problems, is not checked, or another import runs. */
    startApply(id: string, userId: string | null): ImportJob {
      const job = jobs.get(id);
      if (!job) throw new AppError('NOT_FOUND', 'No such import (finished imports are kept for an hour)');
      if (job.phase !== 'checked')
        throw new AppError('CONFLICT', `This import is ${job.phase}, not ready to apply`);
      if (job.message) throw new AppError('CONFLICT', job.message);
      if (applying) throw new AppError('CONFLICT', 'Another import is being applied; wait for it to finish');
      applying = true;
      job.phase = 'applying';
      void apply(job, userId)
        .then(() => finish(job))
        .catch((error: unknown) => fail(job, error))
        .finally(() => (applying = false));
      return publicJob(job);
    },

    /** The rows with problems as they were uploaded, each with an added `error` column. */
    errorSheet(id: string): { header: unknown[]; rows: unknown[][] } {
      const job = jobs.get(id);
      if (!job) throw new AppError('NOT_FOUND', 'No such import (finished imports are kept for an hour)');
      const width = Math.max(
        job.errorSheet.header.length,
        ...[...job.errorSheet.rows.values()].map((c) => c.length),
      );
      const pad = (cells: unknown[]) => Array.from({ length: width }, (_, i) => cells[i] ?? null);
      return {
        header: [...pad(job.errorSheet.header), 'error'],
        rows: job.rows
          .filter((r) => r.outcome === 'error')
          .map((r) => [
            ...pad(job.errorSheet.rows.get(r.row) ?? []),
            r.errors.map((e) => `row ${r.row}, ${e.column}: ${e.message}`).join('\n'),
          ]),
      };
    },

    async history(): Promise<ImportHistoryEntry[]> {
      const rows = await listImports(db, 50);
      const latestApplied = rows.find((r) => r.status === 'applied')?.id;
      return rows.map((r) => ({
        id: r.id,
        fileName: r.fileName,
        status: r.status,
        createdAt: new Date(r.createdAt).toISOString(),
        createdBy: r.createdBy,
        undoneAt: r.undoneAt ? new Date(r.undoneAt).toISOString() : null,
        counts: (r.summary.counts as ImportCounts | undefined) ?? {
          created: 0,
          updated: 0,
          unchanged: 0,
          errors: 0,
          pictures: 0,
          pictureErrors: 0,
        },
        canUndo: r.id === latestApplied,
      }));
    },

    async undo(importId: string, userId: string | null): Promise<void> {
      const outcome = await db.transaction((tx) => undoCatalogueImport(tx, importId, userId));
      if (outcome.kind === 'notFound') throw new AppError('NOT_FOUND', 'No such import');
      if (outcome.kind === 'notLatest')
        throw new AppError('CONFLICT', 'Only the most recent applied import can be undone');
      if (outcome.kind === 'changed') {
        const codes = outcome.codes.slice(0, 20).join(', ');
        throw new AppError(
          'CONFLICT',
          `Cannot undo: these products were changed after the import: ${codes}${outcome.codes.length > 20 ? ` and ${outcome.codes.length - 20} more` : ''}`,
        );
      }
      deps.onChanged();
      await Promise.all(outcome.removedMedia.map((key) => deps.store.remove(key).catch(() => {})));
    },
  };
}
