import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, endRunOf, testDatabaseUrl } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { outbox } from '../../db/schema/system.ts';
import { createInProcessQueue } from '../../jobs/in-process-queue.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { claimJob, insertJob } from '../../jobs/jobs.repository.ts';
import { createPgBossQueue } from '../../jobs/pg-boss-queue.ts';
import { createMailDispatcher, type MailDispatcher } from './mail-dispatcher.ts';
import type { MailTransport, OutgoingMail } from './mail-transport.ts';
import { createOutboxRepository, enqueueMail } from './outbox.repository.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A transport that keeps what it is handed; `failures` sends fail first (the server away), `hang` never answers. */
function recordingTransport(options: { failures?: number; hang?: Promise<void> } = {}) {
  let failuresLeft = options.failures ?? 0;
  const sent: OutgoingMail[] = [];
  const tries: string[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      tries.push(mail.subject);
      if (options.hang) await options.hang;
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
      }
      sent.push(mail);
    },
    close: () => {},
  };
  return { transport, sent, tries };
}

/**
 * The mail jobs on the queue this database gets in the server (pg-boss with PostgreSQL, the
 * process on PGlite); each queue stands for one instance.
 */
describe('mail sent from the outbox as jobs', () => {
  let database: Database;
  let running: Array<{ queue: JobQueue; mail: MailDispatcher }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`DELETE FROM outbox`);
    await database.db.execute(sql`DELETE FROM background_jobs`);
  });
  afterEach(async () => {
    for (const { queue, mail } of running) {
      await mail.stop();
      await queue.stop();
    }
    running = [];
  });

  const url = () => testDatabaseUrl(database);
  /** An instance: its queue and its dispatcher, started as the server starts them. */
  async function instance(transport: MailTransport, backoffMs = () => 200) {
    const queue = url()
      ? createPgBossQueue({ db: database.db, url: url()!, log: quiet })
      : createInProcessQueue({ db: database.db, log: quiet });
    const mail = createMailDispatcher({
      db: database.db,
      jobs: queue,
      transport,
      from: 'no-reply@example.com',
      renderDeferred: async () => null,
      backoffMs,
    });
    running.push({ queue, mail });
    mail.start(quiet);
    await queue.start();
    return { queue, mail };
  }

  const queueMail = (subject: string) =>
    enqueueMail(database.db, [
      {
        kind: 'contact.business',
        payload: { mail: { to: 'sales@example.com', subject, text: subject, html: `<p>${subject}</p>` } },
      },
    ]);
  const rowsOf = () => database.db.select().from(outbox).orderBy(outbox.id);
  const mailJobs = async () =>
    (
      await database.db.execute<{ state: string; result: unknown; delayed: boolean }>(
        sql`SELECT state, result, run_after IS NOT NULL AS delayed FROM background_jobs
            WHERE name = 'mail.send' ORDER BY created_at`,
      )
    ).rows;

  it('a commit’s nudge sends its mail as a job, and the row records it sent', async () => {
    const { transport, sent } = recordingTransport();
    const { mail } = await instance(transport);
    await queueMail('Hello from a job');
    mail.nudge();
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    expect(sent[0]).toMatchObject({ from: 'no-reply@example.com', to: 'sales@example.com' });
    await expect.poll(async () => (await rowsOf())[0]?.status, { timeout: 5_000 }).toBe('sent');
    const [row] = await rowsOf();
    expect(row).toMatchObject({ attempts: 1, claimedBy: null, lastError: null });
    await expect
      .poll(async () => (await mailJobs()).map((j) => j.state), { timeout: 5_000 })
      .toEqual(['completed']);
    expect((await mailJobs())[0]?.result).toEqual({ sent: 1, retried: 0, failed: 0, skipped: 0 });
  });

  it('a send that fails is retried by a job sent for when its back-off is over', async () => {
    const { transport, sent, tries } = recordingTransport({ failures: 1 });
    const { mail } = await instance(transport, () => 300);
    await queueMail('Second time lucky');
    mail.nudge();
    await expect.poll(() => tries.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await rowsOf())[0]?.lastError, { timeout: 5_000 }).toMatch(/ECONNREFUSED/);
    const [failed] = await rowsOf();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, claimedBy: null });
    // The failing pass queued its successor for later, not at once.
    expect((await mailJobs()).some((j) => j.delayed)).toBe(true);

    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await rowsOf())[0]?.status, { timeout: 5_000 }).toBe('sent');
    expect((await rowsOf())[0]).toMatchObject({ attempts: 2, lastError: null });
    expect(tries).toEqual(['Second time lucky', 'Second time lucky']);
  });

  it('a burst of commits makes a job or two, not one per message, and every message goes once', async () => {
    const { transport, sent } = recordingTransport();
    const { mail } = await instance(transport);
    for (let i = 0; i < 12; i++) {
      await queueMail(`Burst ${i}`);
      mail.nudge();
    }
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(12);
    await new Promise((r) => setTimeout(r, 300));
    expect(new Set(sent.map((m) => m.subject)).size).toBe(12);
    expect((await mailJobs()).length).toBeLessThanOrEqual(3);
  });

  it('a mail job whose instance died runs again and takes its claimed message back before the lease ends', async () => {
    // What a dead instance leaves: its mail job active, the message claimed by it for 120 s.
    const deadJob = crypto.randomUUID();
    await insertJob(database.db, { id: deadJob, name: 'mail.send', data: {}, retryLimit: 3 });
    expect(await claimJob(database.db, deadJob)).not.toBeNull();
    await queueMail('Left by the dead');
    const claimed = await createOutboxRepository(database.db).claimDue(10, 120, deadJob);
    expect(claimed).toHaveLength(1);
    expect((await rowsOf())[0]).toMatchObject({ claimedBy: deadJob, attempts: 1 });

    const { transport, sent } = recordingTransport();
    await instance(transport);
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await rowsOf())[0]?.status, { timeout: 5_000 }).toBe('sent');
    expect((await rowsOf())[0]).toMatchObject({ attempts: 2, claimedBy: null });
    const [job] = (
      await database.db.execute<{ state: string; attempts: number }>(
        sql`SELECT state, attempts FROM background_jobs WHERE id = ${deadJob}::uuid`,
      )
    ).rows;
    expect(job).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'on PostgreSQL, a send cut off by its instance’s death is finished by the other instance',
    async () => {
      let release!: () => void;
      const hang = new Promise<void>((resolve) => (release = resolve));
      const a = recordingTransport({ hang });
      const b = recordingTransport();
      const first = await instance(a.transport);
      try {
        await cutOff();
      } finally {
        release();
      }
      async function cutOff() {
        await queueMail('Cut off');
        first.mail.nudge();
        await expect.poll(() => a.tries.length, { timeout: 10_000 }).toBe(1);
        const [row] = await rowsOf();
        expect(row?.claimedBy).toBeTruthy();
        await instance(b.transport);
        // A's process is gone: PostgreSQL ends its sessions, and with them its job's lock.
        await endRunOf(database, row!.claimedBy!);
        await expect.poll(() => b.sent.length, { timeout: 10_000 }).toBe(1);
        await expect.poll(async () => (await rowsOf())[0]?.status, { timeout: 5_000 }).toBe('sent');
        expect((await rowsOf())[0]).toMatchObject({ attempts: 2 });
      }
    },
  );
});

describe('a message leased by a pass without a job', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is not taken by another pass until its lease lapses', async () => {
    await enqueueMail(database.db, [
      { kind: 'k', payload: { mail: { to: 'a@example.com', subject: 's', text: 't', html: 'h' } } },
    ]);
    const repo = createOutboxRepository(database.db);
    expect(await repo.claimDue(10, 120)).toHaveLength(1);
    expect(await repo.claimDue(10, 120, crypto.randomUUID())).toHaveLength(0);
    expect(await repo.nextDueInMs()).toBeGreaterThan(100_000);
    await database.db
      .update(outbox)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(outbox.kind, 'k'));
    expect(await repo.nextDueInMs()).toBe(0);
    expect(await repo.claimDue(10, 120)).toHaveLength(1);
  });
});
