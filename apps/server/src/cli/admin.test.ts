// test scope: same on either database: the command runs in its own process on a PGlite directory
// of its own (no DATABASE_URL reaches it), so CI's PostgreSQL pass would repeat it unchanged.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { REPO_ROOT } from '../env.ts';
import { verifyPassword } from '../lib/password.ts';

const CLI = path.join(REPO_ROOT, 'apps/server/src/cli/admin.ts');

/** Runs `npm run admin -- ...` as the package script does (tsx), on the embedded database of `dataDir`. */
function runAdmin(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      // No DATABASE_URL: the command works on this directory's PGlite, whatever the test run uses.
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function readUser(dataDir: string, email: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row ?? null;
  } finally {
    await database.close();
  }
}

describe('npm run admin -- create', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-admin-cli-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('creates an administrator, then promotes and resets the same account', async () => {
    const created = await runAdmin(dataDir, [
      'create',
      '--email',
      ' Boss@Example.com ',
      '--password',
      'first-password',
    ]);
    expect(created.output).toContain('Created administrator boss@example.com.');
    expect(created.code).toBe(0);
    const admin = await readUser(dataDir, 'boss@example.com');
    expect(admin).toMatchObject({ role: 'admin', name: 'Administrator' });
    expect(await verifyPassword(admin!.passwordHash, 'first-password')).toBe(true);

    const promoted = await runAdmin(dataDir, [
      'create',
      '--email',
      'boss@example.com',
      '--password',
      'second-password',
    ]);
    expect(promoted.code).toBe(0);
    expect(promoted.output).toContain('Promoted boss@example.com');
    const again = await readUser(dataDir, 'boss@example.com');
    expect(again!.id).toBe(admin!.id);
    expect(await verifyPassword(again!.passwordHash, 'second-password')).toBe(true);
    // Two process starts, the first migrating a fresh embedded database: slow on a busy machine.
  }, 180_000);

  it('refuses bad arguments with a usage message and exit code 2', async () => {
    for (const args of [
      [],
      ['create', '--email', 'not-an-email', '--password', 'long-enough'],
      ['create', '--email', 'a@b.cd', '--password', 'short'],
      ['create', '--email', 'a@b.cd', '--password', 'long-enough', '--bogus'],
    ]) {
      const run = await runAdmin(dataDir, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.output).toMatch(/usage|--email|--password/);
    }
  }, 120_000);
});
