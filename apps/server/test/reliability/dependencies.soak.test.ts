import fs from 'node:fs';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  freePort,
  LIMITS_OFF,
  registerAndLogin,
  startPrivateCluster,
  startServer,
  tempDir,
  type PrivateCluster,
  type ServerProcess,
} from './processes.ts';

/**
 * PostgreSQL restarted under load, and the SMTP server away for a whole run.
 * The database is a private cluster started for this test (the machine's shared server is never
 * touched); the mail server is an in-process smtp-server that starts late.
 */

type Sample = { at: number; status: number; ms: number; isJson: boolean };

describe('dependency faults', () => {
  let cluster: PrivateCluster | null = null;
  let server: ServerProcess | null = null;
  let smtp: SMTPServer | null = null;
  const dataDir = tempDir('deps');
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    cluster?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails fast with 503 JSON while PostgreSQL restarts, recovers within 5 s, and delivers every mail once after SMTP returns', async () => {
    cluster = await startPrivateCluster();
    const smtpPort = await freePort();
    server = await startServer({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Retries after 2 s, 4 s, 8 s, … instead of 30 s, 1 min, …: the same path, sooner.
      MAIL_RETRY_FIRST_SECONDS: '2',
      ...LIMITS_OFF,
    });
    const base = server.url;
    const buyer = await registerAndLogin(base, 'deps');

    // Load: 8 clients reading their account (a database round trip each), for 12 s.
    const samples: Sample[] = [];
    const started = Date.now();
    let isRunning = true;
    const clients = Array.from({ length: 8 }, async () => {
      while (isRunning) {
        const at = Date.now() - started;
        try {
          const res = await call(base, 'GET', '/api/users/me', { token: buyer.token, timeoutMs: 10_000 });
          samples.push({ at, status: res.status, ms: res.ms, isJson: typeof res.body === 'object' });
        } catch {
          samples.push({ at, status: 0, ms: Date.now() - started - at, isJson: false });
        }
      }
    });

    // Meanwhile: contact messages while SMTP is down (each queues two mails).
    const contacts = 10;
    for (let i = 0; i < contacts; i++) {
      const res = await call(base, 'POST', '/api/contact/send', {
        body: {
          name: 'Deps',
          email: buyer.email,
          contactNumber: '+91 98765 43210',
          country: 'IN',
          message: `soak-mail-${i}`,
        },
      });
      expect(res.status).toBe(201);
    }

    await new Promise((r) => setTimeout(r, 2_000));
    const downAt = Date.now() - started;
    cluster.stop();
    await new Promise((r) => setTimeout(r, 1_500)); // really away for a while
    cluster.start();
    const upAt = Date.now() - started;
    await new Promise((r) => setTimeout(r, 7_000));
    isRunning = false;
    await Promise.all(clients);

    const bad = samples.filter((s) => s.status !== 200 && s.status !== 503);
    expect(bad, 'only 200 or 503 answers').toEqual([]);
    const unavailable = samples.filter((s) => s.status === 503);
    expect(unavailable.length, 'the outage was seen').toBeGreaterThan(0);
    expect(unavailable.every((s) => s.isJson)).toBe(true);
    const slowest503 = Math.max(...unavailable.map((s) => s.ms));
    expect(slowest503, 'a 503 comes fast, not after a hang').toBeLessThan(2_000);
    const lastFailure = Math.max(...unavailable.map((s) => s.at));
    expect(lastFailure - upAt, 'recovered within 5 s of PostgreSQL being back').toBeLessThan(5_000);
    const after = samples.filter((s) => s.at > upAt + 5_000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((s) => s.status === 200)).toBe(true);
    console.info(
      `postgres restart: ${samples.length} requests, ${unavailable.length} answered 503 (slowest ${Math.round(slowest503)} ms) between ${downAt} and ${upAt} ms, last failure ${lastFailure - upAt} ms after PostgreSQL was back`,
    );

    // SMTP comes back: every queued mail arrives, none twice.
    const received: string[] = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString());
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const outbox = async () =>
      (
        await db.query<{ status: string; n: string }>(
          'SELECT status, count(*) AS n FROM outbox GROUP BY status',
        )
      ).rows;
    const queued = (await outbox()).reduce((sum, r) => sum + Number(r.n), 0);
    expect(queued).toBeGreaterThanOrEqual(contacts * 2);
    const deadline = Date.now() + 90_000; // the retries' waits have grown to about 30 s by now
    while (Date.now() < deadline && received.length < queued) await new Promise((r) => setTimeout(r, 1_000));
    await new Promise((r) => setTimeout(r, 5_000)); // time for a duplicate to show up
    const statuses = await outbox();
    await db.end();
    expect(received).toHaveLength(queued);
    expect(statuses).toEqual([{ status: 'sent', n: String(queued) }]);
    for (let i = 0; i < contacts; i++) {
      expect(
        received.some((m) => m.includes(`soak-mail-${i}`)),
        `soak-mail-${i}`,
      ).toBe(true);
    }
    console.info(
      `smtp outage: ${queued} mails queued while SMTP was down, ${received.length} delivered once it returned`,
    );
  }, 240_000);
});
