import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, endRunOf, testDatabaseUrl } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from './job-queue.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';

const quiet = { warn: () => {}, error: () => {} };

/**
 * Two pg-boss queues on one database stand for two instances. An instance's death is its lock
 * connection ended by PostgreSQL (`pg_terminate_backend`), as when its process is killed; its
 * handler goes on here, which also proves that a dead run's late end changes nothing.
 * PostgreSQL only; `test/jobs-two-instances.test.ts` kills a real process.
 */
describe.skipIf(!process.env.DATABASE_URL)('the pg-boss job queue', () => {
  let database: Database;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop()));
    await database.close();
  });

  const queue = () => {
    const made = createPgBossQueue({ db: database.db, url: testDatabaseUrl(database)!, log: quiet });
    queues.push(made);
    return made;
  };
  const killRunOf = (id: string) => endRunOf(database, id);

  it('a job whose instance dies runs again on the other, and fails for good on its last run', async () => {
    const [a, b] = [queue(), queue()];
    const runs: string[] = [];
    const failed: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    for (const [instance, q] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const run = async ({
        data,
        attempt,
        progress,
      }: {
        data: { tag: string };
        attempt: number;
        progress(v: unknown): Promise<void>;
      }) => {
        runs.push(`${instance}:${data.tag}:${attempt}`);
        await progress({ on: instance });
        // A's runs hang (until the test lets them go); B's end at once.
        if (instance === 'a') await held;
        return `${data.tag} done by ${instance}`;
      };
      const onFailed = async (job: { data: { tag: string }; error: { message: string } }) => {
        failed.push(`${job.data.tag}: ${job.error.message}`);
      };
      q.define('test.survives', { retryLimit: 1, run, onFailed });
      q.define('test.once', { concurrency: 2, run, onFailed });
    }
    // A opens on its first send and takes the job; B is not open yet.
    const survives = await a.send('test.survives', { tag: 'survives' });
    const once = await a.send('test.once', { tag: 'once' });
    for (const id of [survives, once])
      await expect.poll(async () => (await b.status(id))?.progress, { timeout: 5_000 }).toEqual({ on: 'a' });
    await b.start();
    await Promise.all([killRunOf(survives), killRunOf(once)]);

    await expect.poll(async () => (await b.status(survives))?.state, { timeout: 10_000 }).toBe('completed');
    expect(await a.status(survives)).toMatchObject({ attempts: 2, result: 'survives done by b' });
    await expect.poll(async () => (await b.status(once))?.state, { timeout: 10_000 }).toBe('failed');
    expect(await b.status(once)).toMatchObject({
      attempts: 1,
      error: { message: 'The server running this job stopped before it ended' },
    });
    expect(failed).toEqual(['once: The server running this job stopped before it ended']);
    // A's handlers end late: their runs were given up, so nothing they answer is kept.
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(await b.status(survives)).toMatchObject({ state: 'completed', result: 'survives done by b' });
    expect((await b.status(once))?.state).toBe('failed');
    expect(runs.sort()).toEqual(['a:once:1', 'a:survives:1', 'b:survives:2']);
  });
});
