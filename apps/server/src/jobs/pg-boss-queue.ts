import crypto from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';
import { PoolClient } from '../db/client.ts';
import { ENDED_JOBS_KEPT_SECONDS } from './in-process-queue.ts';
import {
  runTracked,
  tellFailed,
  trackedJobs,
  type JobDefinition,
  type JobLog,
  type JobQueue,
} from './job-queue.ts';
import {
  deleteEndedJobs,
  findJob,
  listRunsToWatch,
  lockOpening,
  releaseDeadRun,
  touchQueued,
  tryLockRun,
  unlockOpening,
  unlockRun,
} from './jobs.repository.ts';

/** How often every instance looks for runs whose instance died. */
const WATCH_INTERVAL_MS = 1_000;
/** A job still queued this long after pg-boss handed it out may have lost its instance on the way. */
const QUEUED_GRACE_SECONDS = 10;
/** pg-boss's own backstop for a run nobody watches (a lock lost with a network partition): far past any import. */
const EXPIRE_IN_SECONDS = 4 * 60 * 60;
const POLLING_INTERVAL_SECONDS = 1;
const DIED: { code: string; message: string } = {
  code: 'INTERNAL',
  message: 'The server running this job stopped before it ended',
};

/** A period in minutes as cron: pg-boss schedules by the minute. */
export function cronOf(minutes: number): string {
  if (minutes <= 1) return '* * * * *';
  if (minutes < 60) return `*/${minutes} * * * *`;
  return `0 */${Math.round(minutes / 60)} * * *`;
}

/**
 * pg-boss (ADR 017) delivers the jobs: any instance with the job defined may take one, pg-boss
 * runs schedules on one instance at a time, and a job whose instance dies is handed out again.
 * A run holds an advisory lock on a connection of its own for as long as it lasts
 * (`tryLockRun`); every instance checks once a second whether the runs the database calls active
 * still hold theirs, and queues a dead one again (a new delivery) while it has runs left, or fails
 * it. Runs are counted in `background_jobs`, which also holds status and progress, as on the
 * embedded database; pg-boss never retries a delivery itself.
 */
export function createPgBossQueue(deps: { db: Db; url: string; log: JobLog }): JobQueue {
  const { db, log } = deps;
  const definitions = new Map<string, JobDefinition<never>>();
  const schedules: Array<{ name: string; minutes: number; run: () => Promise<unknown> }> = [];
  const workerIds = new Map<string, string[]>();
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let locks: pg.Pool | null = null;
  let watcher: NodeJS.Timeout | null = null;
  let watching: Promise<void> = Promise.resolve();
  let isStopped = false;

  /**
   * A connection for locks. Its session may be ended under it (PostgreSQL restarted, a session
   * terminated): that error is taken here, not left to crash the process, and the connection is
   * thrown away rather than pooled again.
   */
  async function lockClient() {
    const client = await locks!.connect();
    let isBroken = false;
    const onError = () => {
      isBroken = true;
    };
    client.on('error', onError);
    return Object.assign(client, {
      /** Hands it back; `hasFailed`: a query on it failed, so it is not pooled again. */
      done: (hasFailed = false) => {
        client.off('error', onError);
        client.release(isBroken || hasFailed);
      },
    });
  }

  async function runOne(name: string, id: string) {
    const definition = definitions.get(name)!;
    const client = await lockClient();
    let isLocked = false;
    let hasFailed = false;
    try {
      isLocked = await tryLockRun(client, id);
      // Another live run holds it (pg-boss handed it out twice): that run answers for it.
      if (!isLocked) return;
      await runTracked(db, id, definition, log);
    } finally {
      if (isLocked) await unlockRun(client, id).catch(() => (hasFailed = true));
      client.done(hasFailed);
    }
  }

  /**
   * Hands pg-boss a delivery of job `id` (its first under the job's own id). Runs are counted in
   * `background_jobs`, not by pg-boss: a delivery is never retried by pg-boss, and one that finds
   * its job no longer queued (taken by another delivery) does nothing.
   */
  async function deliver(
    started: PgBoss,
    name: string,
    id: string,
    deliveryId: string = crypto.randomUUID(),
    startAfter: Date | null = null,
  ) {
    await started.send(
      name,
      { id },
      {
        id: deliveryId,
        retryLimit: 0,
        expireInSeconds: EXPIRE_IN_SECONDS,
        ...(startAfter ? { startAfter } : {}),
      },
    );
    if (!startAfter) notify(name);
  }

  /**
   * Runs the database calls active whose lock is free died with their instance: each is queued
   * again (runs left) or failed. A job queued for a while and not running gets a new delivery:
   * its last one may have been lost (handed to an instance that stopped before taking it).
   */
  async function watch() {
    const runs = await listRunsToWatch(db, [...definitions.keys()], QUEUED_GRACE_SECONDS);
    if (!runs.length) return;
    const client = await lockClient();
    let hasFailed = false;
    try {
      for (const run of runs) {
        if (!(await tryLockRun(client, run.id))) continue;
        try {
          if (run.state === 'queued') {
            if (await touchQueued(db, run.id)) await deliver(boss!, run.name, run.id);
            continue;
          }
          const state = await releaseDeadRun(db, run.id, run.attempts, DIED);
          if (!state) continue;
          log.warn({ jobId: run.id, job: run.name, attempt: run.attempts, next: state }, DIED.message);
          // The dead delivery, for pg-boss's own books (its first one carries the job's id).
          await boss!.fail(run.name, run.id, DIED).catch(() => {});
          if (state === 'failed') {
            const row = await findJob(db, run.id);
            await tellFailed(
              definitions.get(run.name)!,
              { id: run.id, data: row?.data as never, error: DIED },
              log,
            );
          } else {
            await deliver(boss!, run.name, run.id);
          }
        } finally {
          await unlockRun(client, run.id).catch(() => {});
        }
      }
    } catch (error) {
      hasFailed = true;
      throw error;
    } finally {
      client.done(hasFailed);
    }
  }

  function notify(name: string) {
    for (const workerId of workerIds.get(name) ?? []) boss?.notifyWorker(workerId);
  }

  /** The queue of a name and this instance's workers on it. */
  async function attach(
    started: PgBoss,
    name: string,
    work: (id: string) => Promise<void>,
    options: { concurrency: number },
  ) {
    await started.createQueue(name, {
      name,
      retryLimit: 0,
      expireInSeconds: EXPIRE_IN_SECONDS,
    });
    const ids: string[] = [];
    for (let i = 0; i < options.concurrency; i++) {
      ids.push(
        await started.work(
          name,
          { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
          async ([job]) => {
            if (job) await work((job.data as { id?: string }).id ?? job.id);
          },
        ),
      );
    }
    workerIds.set(name, ids);
  }

  /**
   * Instances started together on a new database would each install pg-boss's schema and create
   * the same queues at once, and pg-boss does not expect that: they take turns.
   */
  async function oneAtATime(run: () => Promise<void>) {
    const client = await lockClient();
    try {
      await lockOpening(client);
      await run();
    } finally {
      await unlockOpening(client).catch(() => {});
      client.done();
    }
  }

  async function open(): Promise<PgBoss> {
    locks = new pg.Pool({
      Client: PoolClient,
      connectionString: deps.url,
      max: 8,
      connectionTimeoutMillis: 5_000,
    });
    locks.on('error', () => {});
    const started = new PgBoss({
      connectionString: deps.url,
      schema: 'pgboss',
      max: 4,
      application_name: 'catalogue-jobs',
    });
    started.on('error', (err) => log.warn({ err }, 'the job queue hit an error; it carries on'));
    await oneAtATime(async () => {
      await started.start();
      for (const [name, definition] of definitions) {
        await attach(started, name, (id) => runOne(name, id), {
          concurrency: definition.concurrency ?? 1,
        });
      }
    });
    boss = started;
    watcher = setInterval(() => {
      watching = watching
        .then(watch)
        .catch((err: unknown) => log.warn({ err }, 'checking for jobs whose instance died failed'));
    }, WATCH_INTERVAL_MS);
    watcher.unref();
    return started;
  }

  /** The queue opens on first use (a test that sends no job never starts pg-boss) or at `start`. */
  const ready = () =>
    (starting ??= open().catch((error: unknown) => {
      // The next use tries again (the database may have been away).
      starting = null;
      void locks?.end().catch(() => {});
      throw error;
    }));

  return {
    kind: 'postgres',

    define(name, definition) {
      if (starting) throw new Error(`define ${name} before the queue starts`);
      definitions.set(name, definition as JobDefinition<never>);
    },

    every(name, minutes, run) {
      schedules.push({ name, minutes, run });
    },

    ...trackedJobs({
      db,
      definitions,
      isStopped: () => isStopped,
      open: ready,
      async deliver(name, id, { runAfter }) {
        await deliver(await ready(), name, id, id, runAfter);
      },
    }),

    async start() {
      schedules.push({
        name: 'jobs.forget',
        minutes: 60,
        run: () => deleteEndedJobs(db, ENDED_JOBS_KEPT_SECONDS),
      });
      const started = await ready();
      await oneAtATime(async () => {
        for (const { name, minutes, run } of schedules) {
          // Not tracked: a period's run that fails is logged, and the next period tries again.
          const work = () =>
            run().then(
              () => {},
              (err: unknown) =>
                log.warn({ err, job: name }, 'a scheduled job failed; it runs again at its next time'),
            );
          await attach(started, name, work, { concurrency: 1 });
          await started.schedule(name, cronOf(minutes), {});
        }
      });
    },

    async stop() {
      isStopped = true;
      if (watcher) clearInterval(watcher);
      await watching;
      if (starting) {
        const started = await starting.catch(() => null);
        // Graceful: runs in flight finish (within the server's shutdown budget), none start.
        await started?.stop({ graceful: true, wait: true, timeout: 10_000 });
        await locks?.end();
      }
    },
  };
}
