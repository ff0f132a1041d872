import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@catalogue/shared/errors';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { createInProcessQueue } from './in-process-queue.ts';
import type { JobQueue, JobStatus } from './job-queue.ts';

const quiet = { warn: () => {}, error: () => {} };

async function settled(queue: JobQueue, id: string): Promise<JobStatus> {
  for (let i = 0; i < 400; i++) {
    const status = await queue.status(id);
    if (status && (status.state === 'completed' || status.state === 'failed')) return status;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`job ${id} did not end`);
}

describe('the in-process job queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('runs jobs of a name one at a time in the order sent, storing progress and result', async () => {
    const queue = createInProcessQueue({ db: database.db, log: quiet });
    const order: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.define<{ tag: string }>('test.ordered', {
      run: async ({ data, progress, attempt }) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        order.push(data.tag);
        await progress({ step: `${data.tag}-half` });
        if (data.tag === 'first') await gate;
        running--;
        return { tag: data.tag, attempt };
      },
    });
    const first = await queue.send('test.ordered', { tag: 'first' });
    const second = await queue.send('test.ordered', { tag: 'second' });
    // The first holds the line: its progress is readable, the second waits queued.
    await expect
      .poll(async () => (await queue.status(first))?.progress, { timeout: 5_000 })
      .toEqual({ step: 'first-half' });
    expect((await queue.status(second))?.state).toBe('queued');
    release();
    expect(await settled(queue, second)).toMatchObject({
      state: 'completed',
      result: { tag: 'second', attempt: 1 },
      progress: { step: 'second-half' },
      attempts: 1,
      error: null,
    });
    expect((await queue.status(first))?.state).toBe('completed');
    expect(order).toEqual(['first', 'second']);
    expect(mostAtOnce).toBe(1);
    expect(await queue.status('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('a handler that throws fails its job once, with the error kept and thrown back to a waiting caller', async () => {
    const queue = createInProcessQueue({ db: database.db, log: quiet });
    const failed: unknown[] = [];
    let runs = 0;
    queue.define<{ n: number }>('test.refused', {
      retryLimit: 3,
      run: async ({ data }) => {
        runs++;
        if (data.n < 0) throw new AppError('CONFLICT', 'negative');
        throw new Error('a bug');
      },
      onFailed: async (job) => {
        failed.push(job);
      },
    });
    const error = await queue.run('test.refused', { n: -1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'negative' });
    // Not an AppError: a 500 without the bug's words.
    const id = await queue.send('test.refused', { n: 1 });
    expect(await settled(queue, id)).toMatchObject({
      state: 'failed',
      error: { code: 'INTERNAL', message: 'The job failed' },
      attempts: 1,
    });
    // Retries are for a dead instance, never for a handler's own failure.
    expect(runs).toBe(2);
    expect(failed).toEqual([
      expect.objectContaining({ data: { n: -1 }, error: { code: 'CONFLICT', message: 'negative' } }),
      expect.objectContaining({ id, data: { n: 1 } }),
    ]);
  });

  it('runs again, at the next start, a job its process stopped in; fails it when it has no runs left', async () => {
    const name = 'test.interrupted';
    const stopped = createInProcessQueue({ db: database.db, log: quiet });
    // The first process starts both jobs and never ends them: it "stopped" mid-run.
    stopped.define<{ tag: string }>(name, {
      retryLimit: 1,
      concurrency: 2,
      run: () => new Promise(() => {}),
    });
    const again = await stopped.send(name, { tag: 'again' });
    const spent = await stopped.send(name, { tag: 'spent' });
    await expect.poll(async () => (await stopped.status(spent))?.state, { timeout: 5_000 }).toBe('active');
    // The second job had already run once more before: its last run is spent.
    await database.db.execute(sql`UPDATE background_jobs SET attempts = 2 WHERE id = ${spent}::uuid`);

    const next = createInProcessQueue({ db: database.db, log: quiet });
    const failed: string[] = [];
    next.define<{ tag: string }>(name, {
      retryLimit: 1,
      run: async ({ data, attempt }) => `${data.tag} ran again, attempt ${attempt}`,
      onFailed: async (job) => {
        failed.push(`${job.data.tag}: ${job.error.message}`);
      },
    });
    // A job this process sent before its start is running, not left over: start leaves it be.
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    next.define('test.busy', { run: () => gate.then(() => 'busy done') });
    const busy = await next.send('test.busy', {});
    await expect.poll(async () => (await next.status(busy))?.state, { timeout: 5_000 }).toBe('active');
    await next.start();
    letGo();
    expect(await settled(next, busy)).toMatchObject({ state: 'completed', result: 'busy done', attempts: 1 });
    expect(await settled(next, again)).toMatchObject({
      state: 'completed',
      result: 'again ran again, attempt 2',
      attempts: 2,
    });
    expect(await settled(next, spent)).toMatchObject({
      state: 'failed',
      error: { message: 'The server stopped while this job ran' },
    });
    expect(failed).toEqual(['spent: The server stopped while this job ran']);
    await next.stop();
    await expect(next.send(name, { tag: 'late' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
