import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportJob } from '@catalogue/shared/schemas/catalogue-import';
import { zipArchive } from '../src/lib/zip.ts';
import { withDatabase } from './global-setup.ts';
import { sampleImage } from './image-fixtures.ts';
import { adminToken, call, startServer, tempDir, type ServerProcess } from './reliability/processes.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';

/**
 * Two built server processes, each with its own DATA_DIR, on one PostgreSQL database and one
 * bucket (ADR 017): an import is a job either may run, its status is in the database, and when
 * the process applying it is killed the other one finishes it, all or nothing. PostgreSQL only
 * (CI's second pass): on the embedded database one process holds the data alone.
 */
const url = process.env.DATABASE_URL;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function workbook(codes: string[]): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [
    ['code', 'name', 'description', 'category', 'subcategory'],
    ...codes.map((code) => [code, `Job Ring ${code}`, 'Made by a job', 'Rings', 'withoutgemstone']),
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Catalogue');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe.skipIf(!url)('jobs on two server processes sharing one PostgreSQL', () => {
  const name = `jobs_two_${crypto.randomBytes(4).toString('hex')}`;
  const dirs = [tempDir('jobs-a'), tempDir('jobs-b')];
  let admin: pg.Client;
  let db: pg.Client;
  let s3: TestS3;
  let a: ServerProcess;
  let b: ServerProcess;
  let token = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A clone of the run's migrated template: neither process has migrations to run, so both start at once.
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    s3 = await startTestS3();
    // A failed mail is tried again after 1 s (then 2 s, …), not 30 s.
    const env = { DATABASE_URL: withDatabase(url!, name), MAIL_RETRY_FIRST_SECONDS: '1', ...s3.env };
    // A cannot write mail (its mail folder is a file): what it queues only B can send.
    fs.writeFileSync(path.join(dirs[0]!, 'mail'), 'not a folder');
    const start = (dir: string) => startServer({ ...env, DATA_DIR: dir });
    [a, b] = await Promise.all([start(dirs[0]!), start(dirs[1]!)]);
    db = new pg.Client({ connectionString: withDatabase(url!, name) });
    await db.connect();
    token = await adminToken(a.url);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].map((s) => s?.kill('SIGKILL')));
    await db?.end();
    await s3?.remove();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const status = (server: ServerProcess, id: string) =>
    call<ImportJob>(server.url, 'GET', `/api/admin/catalogue/imports/jobs/${id}`, { token });

  async function upload(server: ServerProcess, book: Buffer, pictures: Buffer | null = null) {
    const form = new FormData();
    form.set('workbook', new Blob([book], { type: XLSX_TYPE }), 'catalogue.xlsx');
    if (pictures) form.set('pictures', new Blob([pictures], { type: 'application/zip' }), 'pictures.zip');
    const res = await fetch(`${server.url}/api/admin/catalogue/imports/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(202);
    return (await res.json()) as ImportJob;
  }

  /** Polls `server` until `done` says so; answers the last status seen. */
  async function poll(server: ServerProcess, id: string, done: (job: ImportJob) => boolean, ms = 20_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const res = await status(server, id);
      expect(res.status).toBe(200);
      if (done(res.body)) return res.body;
      if (Date.now() > deadline) throw new Error(`import ${id}: ${JSON.stringify(res.body).slice(0, 400)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const ended = (job: ImportJob) => job.phase !== 'checking' && job.phase !== 'applying';
  const productsLike = async (prefix: string) =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM products WHERE code LIKE $1`, [`${prefix}%`]))
        .rows[0]!.n,
    );

  it('an import started through A is checked, applied and undone through B', async () => {
    // The schedules are pg-boss's (each period's run on one instance), set once the instances listen.
    const schedules = async () =>
      (await db.query<{ name: string; cron: string }>(`SELECT name, cron FROM pgboss.schedule ORDER BY name`))
        .rows;
    await expect.poll(schedules, { timeout: 15_000 }).toEqual([
      { name: 'catalogue-import.forget', cron: '*/10 * * * *' },
      { name: 'jobs.forget', cron: '0 */1 * * *' },
      { name: 'mail.sweep', cron: '* * * * *' },
      { name: 'quotations.expire', cron: '* * * * *' },
    ]);
    const codes = ['JOB-A-1', 'JOB-A-2', 'JOB-A-3'];
    const started = await upload(a, workbook(codes));
    expect(started.phase).toBe('checking');
    const checked = await poll(b, started.id, ended);
    expect(checked).toMatchObject({ phase: 'checked', counts: { created: 3, errors: 0 }, message: null });
    expect(checked.progress).toMatchObject({ rowsDone: 3, rowsTotal: 3 });
    // Both answer the same JSON.
    expect((await status(a, started.id)).body).toEqual(checked);

    const apply = await call<ImportJob>(
      b.url,
      'POST',
      `/api/admin/catalogue/imports/jobs/${started.id}/apply`,
      {
        token,
      },
    );
    expect(apply.status).toBe(202);
    const applied = await poll(a, started.id, ended);
    expect(applied.phase, applied.message ?? '').toBe('applied');
    expect(await productsLike('JOB-A-')).toBe(3);

    const undo = await call(b.url, 'POST', `/api/admin/catalogue/imports/${applied.importId}/undo`, {
      token,
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await productsLike('JOB-A-')).toBe(0);
    // Undone once: a second undo, through A, is refused with the job's own answer.
    const again = await call<{ message: string }>(
      a.url,
      'POST',
      `/api/admin/catalogue/imports/${applied.importId}/undo`,
      {
        token,
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only the most recent applied import can be undone');
  });

  it('A killed with SIGKILL in the middle of an apply: B finishes the import, all of it', async () => {
    const codes = Array.from({ length: 16 }, (_, i) => `JOB-K-${i}`);
    const jpeg = await sampleImage('jpeg', 1600, 1200);
    const pictures = zipArchive(
      codes.map((code) => ({ name: `${code}.jpg`, data: jpeg })),
      new Date('2026-01-01T00:00:00Z'),
    );
    const started = await upload(a, workbook(codes), pictures);
    const checked = await poll(b, started.id, ended);
    expect(checked).toMatchObject({ phase: 'checked', counts: { created: 16, pictures: 16, errors: 0 } });

    // Meanwhile a contact message through A: its two mails fail on A, and wait for their retry.
    const contact = await call(a.url, 'POST', '/api/contact/send', {
      body: {
        name: 'Two Instances',
        email: 'two-instances@example.com',
        contactNumber: '+91 98765 43210',
        country: 'IN',
        message: 'queued-on-a',
      },
    });
    expect(contact.status).toBe(201);
    const mailRows = async () =>
      (
        await db.query<{ status: string; attempts: number; last_error: string | null }>(
          `SELECT status, attempts, last_error FROM outbox WHERE kind LIKE 'contact.%' ORDER BY id`,
        )
      ).rows;
    await expect
      .poll(async () => (await mailRows()).filter((r) => r.last_error).length, { timeout: 10_000 })
      .toBe(2);

    const apply = await call(a.url, 'POST', `/api/admin/catalogue/imports/jobs/${started.id}/apply`, {
      token,
    });
    expect(apply.status).toBe(202);
    // Killed once B sees A's apply under way: pictures being stored, nothing written yet.
    const midway = await poll(
      b,
      started.id,
      (job) => job.phase !== 'applying' || job.progress.picturesDone > 0,
    );
    expect(midway.phase).toBe('applying');
    await a.kill('SIGKILL');
    expect(await productsLike('JOB-K-')).toBe(0);

    const end = await poll(b, started.id, ended, 30_000);
    expect(end.phase, end.message ?? '').toBe('applied');
    expect(await productsLike('JOB-K-')).toBe(16);
    const runs = async () =>
      (
        await db.query<{ attempts: number; state: string }>(
          `SELECT attempts, state FROM background_jobs WHERE name = 'catalogue-import.apply' AND data->>'id' = $1`,
          [started.id],
        )
      ).rows;
    // The second run was B's, after A's died (its job ends just after the import's commit).
    await expect.poll(runs, { timeout: 10_000 }).toEqual([{ attempts: 2, state: 'completed' }]);
    // The mail queued through A was sent by B, once each, into B's own mail folder.
    await expect
      .poll(async () => (await mailRows()).map((r) => r.status), { timeout: 15_000 })
      .toEqual(['sent', 'sent']);
    const written = fs
      .readdirSync(path.join(dirs[1]!, 'mail'))
      .map((file) => fs.readFileSync(path.join(dirs[1]!, 'mail', file), 'utf8'))
      .filter((text) => text.includes('two-instances@example.com'));
    expect(written).toHaveLength(2);
    expect(fs.statSync(path.join(dirs[0]!, 'mail')).isFile()).toBe(true);

    const galleries = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM product_images i JOIN products p ON p.id = i.product_id WHERE p.code LIKE 'JOB-K-%'`,
    );
    expect(Number(galleries.rows[0]!.n)).toBe(16);
  });
});
