import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.ts';

/** A job's status row (`background_jobs`): what every instance answers about it. */

export type JobState = 'queued' | 'active' | 'completed' | 'failed';
export type JobError = { code: string; message: string };

export type JobRow = {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  progress: unknown;
  result: unknown;
  error: JobError | null;
  attempts: number;
  retryLimit: number;
};

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
const json = (value: unknown) => sql`${JSON.stringify(value ?? null)}::jsonb`;
const COLUMNS = sql`id::text AS id, name, state, data, progress, result, error, attempts, retry_limit AS "retryLimit"`;

/** Stores a queued job; with `delayMs`, due that much later (answers when, by the database's clock). */
export async function insertJob(
  db: Db,
  job: { id: string; name: string; data: unknown; retryLimit: number; delayMs?: number },
): Promise<{ runAfter: Date | null }> {
  const runAfter = job.delayMs ? sql`now() + make_interval(secs => ${job.delayMs / 1000})` : sql`NULL`;
  const [row] = await rowsOf<{ runAfter: Date | string | null }>(
    db,
    sql`INSERT INTO background_jobs (id, name, state, data, retry_limit, run_after)
      VALUES (${job.id}::uuid, ${job.name}, 'queued', ${json(job.data)}, ${job.retryLimit}, ${runAfter})
      RETURNING run_after AS "runAfter"`,
  );
  return { runAfter: row?.runAfter ? new Date(row.runAfter) : null };
}

/**
 * Whether a job of `name` is queued and due within `withinMs` (so a wake-up need not be sent
 * again). `queued` only: a job already running does not stand for one to come.
 */
export async function hasQueuedJob(db: Db, name: string, withinMs: number): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM background_jobs WHERE name = ${name} AND state = 'queued'
      AND (run_after IS NULL OR run_after <= now() + make_interval(secs => ${withinMs / 1000}))
      LIMIT 1`,
  );
  return rows.length > 0;
}

export async function findJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await rowsOf<JobRow>(db, sql`SELECT ${COLUMNS} FROM background_jobs WHERE id = ${id}::uuid`);
  return row ?? null;
}

/** Starts a run of a queued job: answers the row with its attempt counted, or null when it is not queued. */
export async function claimJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await rowsOf<JobRow>(
    db,
    sql`UPDATE background_jobs SET state = 'active', attempts = attempts + 1, updated_at = now()
        WHERE id = ${id}::uuid AND state = 'queued' RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

export async function saveProgress(db: Db, id: string, progress: unknown): Promise<void> {
  await db.execute(sql`UPDATE background_jobs SET progress = ${json(progress)}, updated_at = now()
    WHERE id = ${id}::uuid AND state = 'active'`);
}

/** Ends the run `attempt` of a job; a run the job has moved past (declared dead) changes nothing. */
export async function finishJob(
  db: Db,
  id: string,
  attempt: number,
  end: { state: 'completed'; result: unknown } | { state: 'failed'; error: JobError },
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE background_jobs SET state = ${end.state},
          result = ${json(end.state === 'completed' ? end.result : null)},
          error = ${json(end.state === 'failed' ? end.error : null)}, updated_at = now()
        WHERE id = ${id}::uuid AND state = 'active' AND attempts = ${attempt} RETURNING id::text AS id`,
  );
  return rows.length > 0;
}

/**
 * A run whose instance died: queued again when it has runs left, else failed with `error`.
 * Answers the new state, or null when the run had ended meanwhile.
 */
export async function releaseDeadRun(
  db: Db,
  id: string,
  attempt: number,
  error: JobError,
): Promise<'queued' | 'failed' | null> {
  const [row] = await rowsOf<{ state: 'queued' | 'failed' }>(
    db,
    sql`UPDATE background_jobs
        SET state = CASE WHEN attempts <= retry_limit THEN 'queued' ELSE 'failed' END,
          error = ${json(error)}, updated_at = now()
        WHERE id = ${id}::uuid AND state = 'active' AND attempts = ${attempt} RETURNING state`,
  );
  return row?.state ?? null;
}

/** Marks a queued job as looked at now (a new delivery was sent); false when it is not queued. */
export async function touchQueued(db: Db, id: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`UPDATE background_jobs SET updated_at = now() WHERE id = ${id}::uuid AND state = 'queued' RETURNING id::text AS id`,
  );
  return rows.length > 0;
}

/**
 * Jobs of these names that were left queued or running (by a process that stopped), each with how
 * long until it is due (0 unless it was sent for later).
 */
export async function listUnfinished(db: Db, names: string[]): Promise<Array<JobRow & { dueInMs: number }>> {
  if (!names.length) return [];
  return rowsOf<JobRow & { dueInMs: number }>(
    db,
    sql`SELECT ${COLUMNS},
          GREATEST(0, COALESCE(EXTRACT(EPOCH FROM run_after - now()) * 1000, 0))::float8 AS "dueInMs"
        FROM background_jobs
        WHERE state IN ('queued', 'active') AND name = ANY(${`{${names.join(',')}}`}::text[])
        ORDER BY created_at`,
  );
}

/** Ended jobs older than this are forgotten. */
export async function deleteEndedJobs(db: Db, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`DELETE FROM background_jobs WHERE state IN ('completed', 'failed')
    AND updated_at < now() - make_interval(secs => ${olderThanSeconds})`);
}

/*
 * PostgreSQL only: a running job holds a session advisory lock on a connection of its own, so the
 * lock lasts exactly as long as the process that runs it: when that process dies, PostgreSQL ends
 * its sessions and the lock is free. Any instance can then tell a dead run from a slow one.
 */
const LOCK_KEY = `hashtextextended('background-job:' || $1, 0)`;

export async function tryLockRun(client: pg.PoolClient, id: string): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_lock(${LOCK_KEY}) AS locked`,
    [id],
  );
  return rows[0]?.locked === true;
}

export async function unlockRun(client: pg.PoolClient, id: string): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [id]);
}

/** Runs that the database says are active, and those queued for a while (their claim may have died with them). */
export async function listRunsToWatch(
  db: Db,
  names: string[],
  queuedForSeconds: number,
): Promise<Array<Pick<JobRow, 'id' | 'name' | 'state' | 'attempts'>>> {
  if (!names.length) return [];
  return rowsOf(
    db,
    sql`SELECT id::text AS id, name, state, attempts FROM background_jobs
        WHERE name = ANY(${`{${names.join(',')}}`}::text[]) AND (state = 'active'
          OR (state = 'queued' AND updated_at < now() - make_interval(secs => ${queuedForSeconds})
            AND (run_after IS NULL OR run_after < now() - make_interval(secs => ${queuedForSeconds}))))`,
  );
}

/** Held while an instance installs or upgrades pg-boss's schema and creates its queues. */
export async function lockOpening(client: pg.PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_lock(hashtextextended('background-jobs:open', 0))`);
}

export async function unlockOpening(client: pg.PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(hashtextextended('background-jobs:open', 0))`);
}
