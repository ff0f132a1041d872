import { listValues } from '../attributes/index.ts';
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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
import { sameCosting } from '@catalogue/shared/schemas/costing-workbook';
import type { Db } from '../../db/client.ts';
import { analyzeAfterBulkWrite } from '../../db/statistics.ts';
import type { MediaService, MediaStore } from '../media/index.ts';
import { readFirstSheet } from '../../lib/spreadsheet.ts';
import {
  findProductsByCodes,
  listExistingMedia,
  writeCatalogueImport,
  type GalleryItem,
} from './catalogue-import.repository.ts';
import { listImports, undoCatalogueImport } from './catalogue-import-history.repository.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import {
  claimApply,
  deleteEndedImportJobs,
  failUnlessEnded,
  findImportJob,
  findImportReport,
  insertImportJob,
  saveImportJob,
  saveImportProgress,
} from './import-jobs.repository.ts';
import { planRow, type PlannedWrite } from './import-plan.ts';
import { blocker, checkImage, countsOf, publicJob, type Job } from './import-job.ts';
import { scanPictureZip, type ExtractedPicture } from './picture-zip.ts';
import { mapCatalogueColumns, parseRow, type ParsedRow } from './workbook-rows.ts';

/** A finished job (and its temporary files) is forgotten after this long. */
const JOB_TTL_SECONDS = 60 * 60;
/** How often a running job's progress is stored for every instance to answer. */
const PROGRESS_EVERY_MS = 250;
const CHECK = 'catalogue-import.check';
const APPLY = 'catalogue-import.apply';
const UNDO = 'catalogue-import.undo';
/** How long an undo request waits for its job (one transaction; a large import's takes a while). */
const UNDO_WAIT_MS = 5 * 60_000;
const NOT_FOUND = 'No such import (finished imports are kept for an hour)';
const DIED = 'The server running this import stopped; nothing was written, upload the files again';

/**
 * What a job's runs need besides its report. `folder` is the upload's folder on this machine (the
 * embedded database: one process); null when the uploaded files are in the media store under
 * `imports/{id}/` (PostgreSQL: any instance may run the next step).
 */
type ImportWork = {
  folder: string | null;
  fileName: string;
  hasZip: boolean;
  createdBy: string | null;
  plan: PlannedWrite[];
  errorSheet: { header: unknown[]; rows: Array<[number, unknown[]]> };
};

const storedFile = (id: string, file: 'workbook.xlsx' | 'pictures.zip') => `imports/${id}/${file}`;
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
  jobs: JobQueue;
  log?: { error(obj: object, msg: string): void };
}) {
  const { db } = deps;
  /** With PostgreSQL the uploaded files go to the media store, where every instance finds them. */
  const isShared = deps.jobs.kind === 'postgres';

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

      await db.transaction(async (tx) => {
        const now = await findProductsByCodes(
          tx,
          job.plan.map((w) => w.code.toLowerCase()),
          { lock: true },
        );
        // A product, or its costing (saved on its own), changed since the check.
        const moved = job.plan.filter((w) => {
          const found = now.get(w.code.toLowerCase()) ?? null;
          return (
            (found?.updatedAt ?? null) !== (w.current?.updatedAt ?? null) ||
            !sameCosting(found?.costing ?? null, w.current?.costing ?? null)
          );
        });
        if (moved.length) {
          throw new AppError(
            'CONFLICT',
            `Products changed since the check: ${moved
              .slice(0, 20)
              .map((w) => w.code)
              .join(', ')}; nothing was written, upload the files again`,
          );
        }
        job.importId = await writeCatalogueImport(tx, {
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
        // In the same transaction: a run cut off after the commit finds the job applied, never half.
        await saveImportJob(tx, job.id, {
          report: reportOf({ ...job, phase: 'applied', message: null }),
          progress: job.progress,
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

  const reportOf = (job: Job): Omit<ImportJob, 'progress'> => {
    const { progress: _progress, ...report } = publicJob(job);
    return report;
  };

  const workOf = (job: Job, folder: string | null): ImportWork => ({
    folder,
    fileName: job.fileName,
    hasZip: job.zipFile !== null,
    createdBy: job.createdBy,
    plan: job.plan,
    errorSheet: { header: job.errorSheet.header, rows: [...job.errorSheet.rows] },
  });

  /** The job as a run works on it, from its row; its files where `folder` says. */
  function jobOf(
    id: string,
    stored: { report: Omit<ImportJob, 'progress'>; progress: ImportJob['progress'] },
    work: ImportWork,
    folder: string,
  ): Job {
    return {
      ...stored.report,
      id,
      progress: stored.progress,
      folder,
      workbookFile: path.join(folder, 'workbook.xlsx'),
      zipFile: work.hasZip ? path.join(folder, 'pictures.zip') : null,
      plan: work.plan,
      extracted: [],
      createdBy: work.createdBy,
      errorSheet: { header: work.errorSheet.header, rows: new Map(work.errorSheet.rows) },
    };
  }

  /** A local folder with the job's uploaded files: the upload's own, or a copy of the stored ones. */
  async function localFiles(id: string, work: ImportWork): Promise<{ folder: string; isCopy: boolean }> {
    if (work.folder) {
      if (!(await fs.stat(work.folder).catch(() => null)))
        throw new AppError(
          'CONFLICT',
          'The uploaded files are gone (the server restarted); upload them again',
        );
      return { folder: work.folder, isCopy: false };
    }
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-import-'));
    try {
      for (const file of ['workbook.xlsx', ...(work.hasZip ? ['pictures.zip' as const] : [])] as const) {
        const found = await deps.store.open(storedFile(id, file));
        if (!found) throw new AppError('CONFLICT', 'The uploaded files are gone; upload them again');
        await pipeline(found.body, createWriteStream(path.join(folder, file)));
      }
    } catch (error) {
      await fs.rm(folder, { recursive: true, force: true });
      throw error;
    }
    return { folder, isCopy: true };
  }

  /** Removes what a job's files took: the upload folder, or the stored copies. */
  async function removeFiles(id: string, work: ImportWork) {
    if (work.folder) await fs.rm(work.folder, { recursive: true, force: true });
    else await deps.store.removePrefix(`imports/${id}/`).catch(() => {});
  }

  /** Stores the job's progress while `run` works, for every instance's status answer. */
  async function withProgress<T>(job: Job, run: () => Promise<T>): Promise<T> {
    let last = JSON.stringify(job.progress);
    let saving: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      const now = JSON.stringify(job.progress);
      if (now === last) return;
      last = now;
      saving = saving.then(() => saveImportProgress(db, job.id, { ...job.progress })).catch(() => {});
    }, PROGRESS_EVERY_MS);
    try {
      return await run();
    } finally {
      clearInterval(timer);
      await saving;
    }
  }

  async function recordFailure(job: Job, work: ImportWork, error: unknown) {
    job.phase = 'failed';
    job.message = error instanceof AppError ? error.message : 'The import failed; nothing was written';
    if (!(error instanceof AppError)) deps.log?.error({ err: error }, 'catalogue import failed');
    await saveImportJob(db, job.id, { report: reportOf(job), progress: job.progress });
    await removeFiles(job.id, work);
  }

  /** The dry run as a job: on any instance, from the files where the upload left them. */
  async function runCheck(id: string) {
    const stored = await findImportJob(db, id);
    if (!stored || stored.report.phase !== 'checking') return;
    const work = stored.work as ImportWork;
    let files: { folder: string; isCopy: boolean } | null = null;
    const job = jobOf(id, stored, work, work.folder ?? os.tmpdir());
    try {
      files = await localFiles(id, work);
      const checked = jobOf(id, stored, work, files.folder);
      checked.plan = [];
      await withProgress(checked, () => check(checked));
      await saveImportJob(db, id, {
        report: reportOf(checked),
        progress: checked.progress,
        work: workOf(checked, work.folder),
      });
    } catch (error) {
      await recordFailure(job, work, error);
    } finally {
      // A copy is not kept: the apply, perhaps on another instance, makes its own.
      if (files?.isCopy) await fs.rm(files.folder, { recursive: true, force: true });
    }
  }

  /**
   * The pictures the plan names, on this machine: those the check extracted when they are still
   * here, else the ZIP read again and each picture found by its row and gallery place.
   */
  async function ensurePictures(job: Job) {
    const planned = job.plan.flatMap((w) =>
      (w.gallery ?? []).flatMap((g) => (g.picture ? [{ write: w, g }] : [])),
    );
    if (!planned.length) return;
    const isHere = await fs.stat(planned[0]!.g.picture!.file).then(
      () => true,
      () => false,
    );
    if (isHere && planned[0]!.g.picture!.file.startsWith(job.folder)) return;
    const rowOfCode = new Map(job.rows.map((r) => [r.code.toLowerCase(), r.row]));
    const scan = await scanPictureZip({
      file: job.zipFile!,
      folder: job.folder,
      rowOfCode: (c) => rowOfCode.get(c),
      checkImage,
      onEntry: () => {},
    });
    const fileOf = new Map(scan.pictures.map((p) => [`${p.row}:${p.position}`, p.file]));
    for (const { write, g } of planned) {
      const file = fileOf.get(`${write.row}:${g.picture!.position}`);
      if (!file)
        throw new AppError(
          'CONFLICT',
          'The pictures ZIP no longer matches its check; upload the files again',
        );
      g.picture = { ...g.picture!, file };
    }
  }

  /** The apply as a job; a run after one cut off finds the job applied (it committed) or applies it. */
  async function runApply(id: string, userId: string | null) {
    const stored = await findImportJob(db, id);
    if (!stored || stored.report.phase !== 'applying') return;
    const work = stored.work as ImportWork;
    let files: { folder: string; isCopy: boolean } | null = null;
    const job = jobOf(id, stored, work, work.folder ?? os.tmpdir());
    try {
      files = await localFiles(id, work);
      const applying = jobOf(id, stored, work, files.folder);
      await ensurePictures(applying);
      await withProgress(applying, () => apply(applying, userId));
      await removeFiles(id, work);
    } catch (error) {
      await recordFailure(job, work, error);
    } finally {
      if (files?.isCopy) await fs.rm(files.folder, { recursive: true, force: true });
    }
  }

  const failRun = async ({ data }: { data: { id: string } }) => failUnlessEnded(db, data.id, DIED);
  // A run whose instance died runs once more (on any instance); a second death fails the import.
  deps.jobs.define<{ id: string }>(CHECK, {
    retryLimit: 1,
    run: ({ data }) => runCheck(data.id),
    onFailed: failRun,
  });
  deps.jobs.define<{ id: string; userId: string | null }>(APPLY, {
    retryLimit: 1,
    run: ({ data }) => runApply(data.id, data.userId),
    onFailed: failRun,
  });
  deps.jobs.define<{ importId: string; userId: string | null }>(UNDO, {
    run: ({ data }) => undo(data.importId, data.userId),
  });
  deps.jobs.every('catalogue-import.forget', 10, async () => {
    for (const { id, work } of await deleteEndedImportJobs(db, JOB_TTL_SECONDS))
      await removeFiles(id, work as ImportWork);
  });

  async function undo(importId: string, userId: string | null): Promise<void> {
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
  }

  return {
    /**
     * Starts the dry run of uploaded files (moved into the job's folder) as a job; answers at once.
     * With PostgreSQL the files are stored first, so any instance can run the check and the apply.
     */
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
        errorSheet: { header: [], rows: new Map() },
      };
      if (isShared) {
        await deps.store.putFile(storedFile(job.id, 'workbook.xlsx'), input.workbookFile);
        if (input.zipFile) await deps.store.putFile(storedFile(job.id, 'pictures.zip'), input.zipFile);
        await fs.rm(input.folder, { recursive: true, force: true });
      }
      await insertImportJob(db, job.id, {
        report: reportOf(job),
        progress: job.progress,
        work: workOf(job, isShared ? null : input.folder),
      });
      await deps.jobs.send(CHECK, { id: job.id });
      return publicJob(job);
    },

    /** A new, empty folder for one upload's files. */
    async newFolder(): Promise<string> {
      return fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-import-'));
    },

    async get(id: string): Promise<ImportJob> {
      const job = await findImportReport(db, id);
      if (!job) throw new AppError('NOT_FOUND', NOT_FOUND);
      return job;
    },

    /** Starts writing a checked job; 409 when it has problems, is not checked, or another import runs. */
    async startApply(id: string, userId: string | null): Promise<ImportJob> {
      const claim = await claimApply(db, id);
      if (claim.kind === 'notFound') throw new AppError('NOT_FOUND', NOT_FOUND);
      if (claim.kind === 'busy')
        throw new AppError('CONFLICT', 'Another import is being applied; wait for it to finish');
      if (claim.kind === 'refused') {
        if (claim.job.phase !== 'checked')
          throw new AppError('CONFLICT', `This import is ${claim.job.phase}, not ready to apply`);
        throw new AppError('CONFLICT', claim.job.message!);
      }
      await deps.jobs.send(APPLY, { id, userId });
      return this.get(id);
    },

    /** The rows with problems as they were uploaded, each with an added `error` column. */
    async errorSheet(id: string): Promise<{ header: unknown[]; rows: unknown[][] }> {
      const stored = await findImportJob(db, id);
      if (!stored) throw new AppError('NOT_FOUND', NOT_FOUND);
      const sheet = (stored.work as ImportWork).errorSheet;
      const cellsOf = new Map(sheet.rows);
      const width = Math.max(sheet.header.length, ...sheet.rows.map(([, c]) => c.length));
      const pad = (cells: unknown[]) => Array.from({ length: width }, (_, i) => cells[i] ?? null);
      return {
        header: [...pad(sheet.header), 'error'],
        rows: stored.report.rows
          .filter((r) => r.outcome === 'error')
          .map((r) => [
            ...pad(cellsOf.get(r.row) ?? []),
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
        // An import from before costings were carried counted none.
        counts: {
          created: 0,
          updated: 0,
          unchanged: 0,
          errors: 0,
          pictures: 0,
          pictureErrors: 0,
          costings: 0,
          ...(r.summary.counts as Partial<ImportCounts> | undefined),
        },
        canUndo: r.id === latestApplied,
      }));
    },

    /** Undoes the newest applied import, as a job (any instance may run it); answers when it is done. */
    async undo(importId: string, userId: string | null): Promise<void> {
      await deps.jobs.run(UNDO, { importId, userId }, UNDO_WAIT_MS);
    },
  };
}
