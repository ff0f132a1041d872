// test scope: same on either database: the command copies between media stores and opens no
// database; its process gets an environment written here.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env.ts';
import { createS3MediaStore, type S3MediaStore } from '../modules/media/index.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';

const CLI = path.join(REPO_ROOT, 'apps/server/src/cli/media-copy.ts');

/** Runs `npm run media:copy -- ...` as the package script does (tsx). */
function runCopy(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const linesOf = (output: string, outcome: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith(`${outcome} `))
    .map((l) => l.split(' ')[1])
    .sort();

describe('npm run media:copy', () => {
  let s3: TestS3;
  let bucket: S3MediaStore;
  let dataDir: string;
  const files: Record<string, Buffer> = {
    'originals/0b6f0f7e-1111-4000-8000-000000000001.jpg': crypto.randomBytes(40_000),
    'originals/0b6f0f7e-1111-4000-8000-000000000002.png': crypto.randomBytes(1_000),
    'variants/0b/0b6f0f7e-1111-4000-8000-000000000001-600x600-inside-q86-d1-v1.webp':
      crypto.randomBytes(9_000),
    'uploads/1700000000-ring.png': crypto.randomBytes(500),
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = createS3MediaStore({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-media-copy-'));
    for (const [key, data] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(dataDir, 'media', key)), { recursive: true });
      await fs.writeFile(path.join(dataDir, 'media', key), data);
    }
    // A write that was interrupted (the directory store writes beside the file, then renames).
    await fs.writeFile(path.join(dataDir, 'media', 'originals', 'x.jpg.123.456.tmp'), 'half');
  });
  afterAll(async () => {
    await s3.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('copies every object, verified; run again it skips them; a changed object is copied again', async () => {
    const env = { ...s3.env, DATA_DIR: dataDir };
    // One object is already there, identical: the first run skips it.
    await bucket.put('uploads/1700000000-ring.png', files['uploads/1700000000-ring.png']!);
    const first = await runCopy(env);
    expect(first.code, first.output).toBe(0);
    expect(linesOf(first.output, 'copied')).toEqual(
      Object.keys(files)
        .filter((k) => !k.startsWith('uploads/'))
        .sort(),
    );
    expect(linesOf(first.output, 'skipped')).toEqual(['uploads/1700000000-ring.png']);
    expect(first.output).toContain('Copied 3 (50000 bytes), skipped 1 already there, failed 0.');
    for (const [key, data] of Object.entries(files)) expect((await bucket.get(key))!.equals(data)).toBe(true);
    expect(await bucket.get('originals/x.jpg.123.456.tmp')).toBeNull();

    // The same size but other bytes in the bucket: not the file, so copied again.
    const key = 'originals/0b6f0f7e-1111-4000-8000-000000000002.png';
    await bucket.put(key, crypto.randomBytes(1_000));
    const second = await runCopy(env);
    expect(second.code, second.output).toBe(0);
    expect(linesOf(second.output, 'copied')).toEqual([key]);
    expect(second.output).toContain('Copied 1 (1000 bytes), skipped 3 already there, failed 0.');
    expect((await bucket.get(key))!.equals(files[key]!)).toBe(true);
  });

  it('names what it could not copy and exits 1; a bucket out of reach fails every object', async () => {
    const from = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-media-copy-bad-'));
    try {
      await fs.writeFile(path.join(from, 'Ring Photo.jpg'), 'x');
      await fs.writeFile(path.join(from, 'fine.jpg'), 'y');
      const bad = await runCopy({ ...s3.env, DATA_DIR: dataDir }, ['--from', from]);
      expect(bad.code).toBe(1);
      expect(bad.output).toContain('failed Ring Photo.jpg (Unsafe media key: Ring Photo.jpg)');
      expect(bad.output).toContain('Copied 1 (1 bytes), skipped 0 already there, failed 1.');

      await s3.stop();
      const down = await runCopy({ ...s3.env, DATA_DIR: dataDir }, ['--from', from]);
      expect(down.code).toBe(1);
      expect(down.output).toMatch(/failed fine\.jpg \(The picture store cannot be reached/);
    } finally {
      await s3.start();
      await fs.rm(from, { recursive: true, force: true });
    }
  });

  it('refuses to run without a bucket to copy into', async () => {
    const res = await runCopy({ DATA_DIR: dataDir });
    expect(res.code).toBe(2);
    expect(res.output).toContain('MEDIA_STORE must be s3 to name the bucket to copy into');
  });
});
