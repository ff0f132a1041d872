import { sql } from 'drizzle-orm';
import type { ImportJob } from '@catalogue/shared/schemas/catalogue-import';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from './catalogue-import.repository.ts';

/** An import job's row (`catalogue_import_jobs`): what every instance answers about it. */

export type StoredImportJob = {
  report: Omit<ImportJob, 'progress'>;
  progress: ImportJob['progress'];
  work: unknown;
};

type Conn = Db | Tx;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function insertImportJob(db: Db, id: string, job: StoredImportJob): Promise<void> {
  await db.execute(sql`INSERT INTO catalogue_import_jobs (id, report, progress, work)
    VALUES (${id}::uuid, ${json(job.report)}, ${json(job.progress)}, ${json(job.work)})`);
}

export async function findImportJob(db: Conn, id: string): Promise<StoredImportJob | null> {
  const [row] = await rowsOf<StoredImportJob>(
    db,
    sql`SELECT report, progress, work FROM catalogue_import_jobs WHERE id = ${id}::uuid`,
  );
  return row ?? null;
}

/** The report only, for polling (without the plan, which can be megabytes). */
export async function findImportReport(db: Db, id: string): Promise<ImportJob | null> {
  const [row] = await rowsOf<{ report: Omit<ImportJob, 'progress'>; progress: ImportJob['progress'] }>(
    db,
    sql`SELECT report, progress FROM catalogue_import_jobs WHERE id = ${id}::uuid`,
  );
  return row ? { ...row.report, progress: row.progress } : null;
}

export async function saveImportProgress(db: Db, id: string, progress: ImportJob['progress']): Promise<void> {
  await db.execute(sql`UPDATE catalogue_import_jobs SET progress = ${json(progress)}, updated_at = now()
    WHERE id = ${id}::uuid`);
}

/** Stores the job; `work` stays as it is when not given. */
export async function saveImportJob(
  db: Conn,
  id: string,
  job: Omit<StoredImportJob, 'work'> & { work?: unknown },
): Promise<void> {
  await db.execute(sql`UPDATE catalogue_import_jobs SET report = ${json(job.report)},
      progress = ${json(job.progress)}, work = COALESCE(${job.work === undefined ? null : json(job.work)}, work),
      updated_at = now()
    WHERE id = ${id}::uuid`);
}

export type ApplyClaim =
  { kind: 'claimed' } | { kind: 'notFound' } | { kind: 'refused'; job: ImportJob } | { kind: 'busy' };

/**
 * Moves a checked job without problems to `applying`, unless another import is being applied:
 * one at a time across every instance (the transaction holds an advisory lock while it looks).
 */
export async function claimApply(db: Db, id: string): Promise<ApplyClaim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('catalogue-import:apply', 0))`);
    const [row] = await rowsOf<{ report: Omit<ImportJob, 'progress'>; progress: ImportJob['progress'] }>(
      tx,
      sql`SELECT report, progress FROM catalogue_import_jobs WHERE id = ${id}::uuid FOR UPDATE`,
    );
    if (!row) return { kind: 'notFound' };
    if (row.report.phase !== 'checked' || row.report.message)
      return { kind: 'refused', job: { ...row.report, progress: row.progress } };
    const [other] = await rowsOf<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM catalogue_import_jobs WHERE report->>'phase' = 'applying' LIMIT 1`,
    );
    if (other) return { kind: 'busy' };
    await tx.execute(sql`UPDATE catalogue_import_jobs SET report = jsonb_set(report, '{phase}', '"applying"'),
        updated_at = now() WHERE id = ${id}::uuid`);
    return { kind: 'claimed' };
  });
}

/** Marks a job failed with `message` unless it has ended (applied, or failed already). */
export async function failUnlessEnded(db: Db, id: string, message: string): Promise<void> {
  await db.execute(sql`UPDATE catalogue_import_jobs
    SET report = report || jsonb_build_object('phase', 'failed', 'message', ${message}::text), updated_at = now()
    WHERE id = ${id}::uuid AND report->>'phase' IN ('checking', 'applying')`);
}

/** Forgets the jobs that ended (or were checked and left) more than `seconds` ago; answers their work. */
export async function deleteEndedImportJobs(
  db: Db,
  seconds: number,
): Promise<Array<{ id: string; work: unknown }>> {
  return rowsOf(
    db,
    sql`DELETE FROM catalogue_import_jobs
        WHERE report->>'phase' IN ('checked', 'applied', 'failed')
          AND updated_at < now() - make_interval(secs => ${seconds})
        RETURNING id::text AS id, work`,
  );
}
