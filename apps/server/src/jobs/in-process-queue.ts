import type { Db } from '../db/client.ts';
import {
  runTracked,
  tellFailed,
  trackedJobs,
  type JobDefinition,
  type JobLog,
  type JobQueue,
} from './job-queue.ts';
import { deleteEndedJobs, listUnfinished, releaseDeadRun } from './jobs.repository.ts';

/** Ended jobs' status rows are kept this long. */
export const ENDED_JOBS_KEPT_SECONDS = 24 * 60 * 60;

/**
 * The embedded database's queue: jobs run in this process, at most `concurrency` of a name at
 * once, in the order sent; their status rows live in the database as with pg-boss. A process that
 * stopped mid-run leaves its job active; the next `start` runs it again (when it has runs left)
 * or marks it failed.
 */
export function createInProcessQueue(deps: { db: Db; log: JobLog }): JobQueue {
  const { db, log } = deps;
  const definitions = new Map<string, JobDefinition<never>>();
  const waiting = new Map<string, string[]>();
  const running = new Map<string, number>();
  const inFlight = new Set<Promise<unknown>>();
  const timers = new Set<NodeJS.Timeout>();
  const schedules: Array<{ name: string; minutes: number; run: () => Promise<unknown> }> = [];
  let isStopped = false;
  /** Jobs sent by this process (before `start` too): never taken for a stopped process's. */
  const sentHere = new Set<string>();

  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  function pump(name: string) {
    const definition = definitions.get(name)!;
    const queue = waiting.get(name) ?? [];
    while (!isStopped && queue.length && (running.get(name) ?? 0) < (definition.concurrency ?? 1)) {
      const id = queue.shift()!;
      running.set(name, (running.get(name) ?? 0) + 1);
      track(
        runTracked(db, id, definition, log)
          .catch((err: unknown) => log.error({ err, jobId: id, job: name }, 'running a job failed'))
          .finally(() => {
            sentHere.delete(id);
            running.set(name, running.get(name)! - 1);
            pump(name);
          }),
      );
    }
  }

  function enqueue(name: string, id: string) {
    waiting.set(name, [...(waiting.get(name) ?? []), id]);
    pump(name);
  }

  /** A job sent for later waits on a timer here; one still waiting at `stop` runs at the next start. */
  function later(name: string, id: string, delayMs: number) {
    if (delayMs <= 0) return enqueue(name, id);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!isStopped) enqueue(name, id);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  function scheduled(name: string, run: () => Promise<unknown>) {
    if (isStopped) return;
    track(
      run().catch((err: unknown) =>
        log.warn({ err, job: name }, 'a scheduled job failed; it runs again at its next time'),
      ),
    );
  }

  return {
    kind: 'in-process',

    define(name, definition) {
      definitions.set(name, definition as JobDefinition<never>);
    },

    every(name, minutes, run) {
      schedules.push({ name, minutes, run });
    },

    ...trackedJobs({
      db,
      definitions,
      isStopped: () => isStopped,
      async deliver(name, id, { delayMs }) {
        sentHere.add(id);
        later(name, id, delayMs);
      },
    }),

    async start() {
      // What the previous process left: a queued job runs now; one it was running runs again or fails.
      for (const row of await listUnfinished(db, [...definitions.keys()])) {
        if (sentHere.has(row.id)) continue;
        const definition = definitions.get(row.name)!;
        if (row.state === 'active') {
          const error = { code: 'INTERNAL', message: 'The server stopped while this job ran' };
          const state = await releaseDeadRun(db, row.id, row.attempts, error);
          if (state === 'failed') {
            await tellFailed(definition, { id: row.id, data: row.data as never, error }, log);
            continue;
          }
        }
        later(row.name, row.id, row.dueInMs);
      }
      schedules.push({
        name: 'jobs.forget',
        minutes: 60,
        run: () => deleteEndedJobs(db, ENDED_JOBS_KEPT_SECONDS),
      });
      for (const { name, minutes, run } of schedules) {
        scheduled(name, run);
        const timer = setInterval(() => scheduled(name, run), minutes * 60_000);
        timer.unref();
        timers.add(timer);
      }
    },

    async stop() {
      isStopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}
