import { AppError, ERROR_STATUS, type ErrorCode } from '@catalogue/shared/errors';
import type { Db } from '../db/client.ts';
import crypto from 'node:crypto';
import {
  claimJob,
  finishJob,
  findJob,
  insertJob,
  saveProgress,
  type JobError,
  type JobRow,
  type JobState,
} from './jobs.repository.ts';

/**
 * Long work that runs apart from the request that asked for it, through one small interface with
 * two implementations (ADR 017): in the process on the embedded database (`in-process-queue.ts`),
 * and with `DATABASE_URL` on pg-boss (`pg-boss-queue.ts`), where any instance may run a job and a
 * job whose instance dies runs again elsewhere or fails. A tracked job's status and progress are a
 * row of `background_jobs`, so every instance answers the same.
 */

export type { JobError, JobState };

export type JobStatus = Omit<JobRow, 'data' | 'retryLimit'>;

/** One run of a job as its handler sees it. */
export type JobRun<T> = {
  id: string;
  data: T;
  /** 1 for the first run, 2 when it runs again after its instance died, … */
  attempt: number;
  /** Stores the job's progress (any JSON) for every instance to answer. */
  progress(value: unknown): Promise<void>;
};

export type JobDefinition<T> = {
  run: (job: JobRun<T>) => Promise<unknown>;
  /**
   * How many more runs a job gets when the instance running it dies (default 0). A handler that
   * throws is not run again: its failure is the job's answer. So a handler must leave nothing
   * half-done when it is cut off, which a transaction gives.
   */
  retryLimit?: number;
  /** Told once when a job has failed for good, also when its instance died on its last run. */
  onFailed?: (job: { id: string; data: T; error: JobError }) => Promise<void>;
  /** Runs of this name at once on one instance (default 1). */
  concurrency?: number;
};

export type SendOptions = {
  /** Due this much later (a retry's wait): neither run nor taken for lost before then. */
  delayMs?: number;
};

export type JobQueue = {
  readonly kind: 'in-process' | 'postgres';
  /** Names a kind of job and its handler; before `start` or the first `send`. */
  define<T>(name: string, definition: JobDefinition<T>): void;
  /**
   * Runs `run` every `minutes` (on one instance at a time with pg-boss), from `start` on; not
   * tracked, a failure is logged and the next period tries again.
   */
  every(name: string, minutes: number, run: () => Promise<unknown>): void;
  /** Queues a job; answers its id at once. */
  send<T>(name: string, data: T, options?: SendOptions): Promise<string>;
  /** Queues a job and waits for its end: its result, or its error thrown as an `AppError`. */
  run<R>(name: string, data: unknown, timeoutMs?: number): Promise<R>;
  status(id: string): Promise<JobStatus | null>;
  /** Picks up jobs left by a stopped instance and starts the schedules (the server, not tests). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the runs in flight. */
  stop(): Promise<void>;
};

export type JobLog = {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export const DEFAULT_RUN_TIMEOUT_MS = 60_000;

/** What a failure is stored as: an `AppError` keeps its code and message; anything else is a 500. */
export function jobErrorOf(error: unknown): JobError {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: 'The job failed' };
}

export function appErrorOf(error: JobError): AppError {
  const code = (error.code in ERROR_STATUS ? error.code : 'INTERNAL') as ErrorCode;
  return new AppError(code, error.message);
}

export const statusOf = ({ data: _data, retryLimit: _retryLimit, ...status }: JobRow): JobStatus => status;

/**
 * What both queues do alike with a tracked job: `send` stores its `background_jobs` row and hands
 * it to the queue's own `deliver`; `run` and `status` read that table, so they answer the same
 * whichever instance runs the job. `open` readies the queue before anything is stored.
 */
export function trackedJobs(deps: {
  db: Db;
  definitions: ReadonlyMap<string, JobDefinition<never>>;
  isStopped: () => boolean;
  open?: () => Promise<unknown>;
  deliver: (name: string, id: string, when: { runAfter: Date | null; delayMs: number }) => Promise<void>;
}): Pick<JobQueue, 'send' | 'run' | 'status'> {
  const { db } = deps;
  const send: JobQueue['send'] = async (name, data, options = {}) => {
    const definition = deps.definitions.get(name);
    if (!definition) throw new Error(`No job named ${name}`);
    if (deps.isStopped()) throw new AppError('UNAVAILABLE', 'The server is shutting down; try again');
    await deps.open?.();
    const id = crypto.randomUUID();
    const delayMs = Math.max(0, options.delayMs ?? 0);
    const { runAfter } = await insertJob(db, {
      id,
      name,
      data,
      retryLimit: definition.retryLimit ?? 0,
      delayMs,
    });
    await deps.deliver(name, id, { runAfter, delayMs });
    return id;
  };
  return {
    send,
    async run(name, data, timeoutMs = DEFAULT_RUN_TIMEOUT_MS) {
      return waitForEnd(db, await send(name, data), timeoutMs);
    },
    async status(id) {
      const row = await findJob(db, id);
      return row ? statusOf(row) : null;
    },
  };
}

/** How often a waiting `run` reads the job's status when the job may run on another instance. */
const POLL_MS = 50;

/** Waits for a job's end by reading its status: for a job that any instance may run. */
export async function waitForEnd<R>(db: Db, id: string, timeoutMs: number): Promise<R> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await findJob(db, id);
    if (row?.state === 'completed') return row.result as R;
    if (row?.state === 'failed')
      throw appErrorOf(row.error ?? { code: 'INTERNAL', message: 'The job failed' });
    if (!row) throw new AppError('NOT_FOUND', 'No such job');
    if (Date.now() > deadline) throw new AppError('UNAVAILABLE', 'The job is taking longer than expected');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * One run of a tracked job: claims it (queued → active, the attempt counted), runs the handler,
 * and stores its end. Answers false when the job was not queued (another run has it, or it ended).
 */
export async function runTracked<T>(
  db: Db,
  id: string,
  definition: JobDefinition<T>,
  log: JobLog,
): Promise<boolean> {
  const row = await claimJob(db, id);
  if (!row) return false;
  const attempt = row.attempts;
  let end: Parameters<typeof finishJob>[3];
  try {
    const result = await definition.run({
      id,
      data: row.data as T,
      attempt,
      progress: (value) => saveProgress(db, id, value),
    });
    end = { state: 'completed', result: result ?? null };
  } catch (error) {
    if (!(error instanceof AppError)) log.error({ err: error, jobId: id, job: row.name }, 'job failed');
    end = { state: 'failed', error: jobErrorOf(error) };
  }
  const isEnded = await finishJob(db, id, attempt, end);
  if (isEnded && end.state === 'failed')
    await tellFailed(definition, { id, data: row.data as T, error: end.error }, log);
  return true;
}

export async function tellFailed<T>(
  definition: JobDefinition<T>,
  job: { id: string; data: T; error: JobError },
  log: JobLog,
): Promise<void> {
  await definition.onFailed?.(job).catch((err: unknown) => {
    log.error({ err, jobId: job.id }, 'recording a failed job failed');
  });
}
