// test scope: same on either database: drizzle-kit compares the schema files with the snapshots
// offline; no database is opened.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const server = path.resolve(import.meta.dirname, '../..');
const drizzle = path.join(server, 'drizzle');

type Journal = { entries: { idx: number; tag: string }[] };
type Snapshot = { id: string; prevId: string };

/**
 * drizzle-kit writes the next migration from the difference between the schema files and the
 * newest snapshot in `drizzle/meta`. A migration written without its snapshot leaves the next
 * `npm run db:generate` re-creating what that migration already made, and the server then refuses
 * to start on the duplicate. These keep the snapshots in step with the migrations.
 */
describe('migration snapshots', () => {
  it('one per migration, chained in the journal order', async () => {
    const journal = JSON.parse(
      await fs.readFile(path.join(drizzle, 'meta/_journal.json'), 'utf8'),
    ) as Journal;
    let previous: Snapshot | null = null;
    for (const entry of journal.entries) {
      const prefix = String(entry.idx).padStart(4, '0');
      const file = path.join(drizzle, 'meta', `${prefix}_snapshot.json`);
      const snapshot = JSON.parse(await fs.readFile(file, 'utf8').catch(() => 'null')) as Snapshot | null;
      expect(snapshot, `${entry.tag} has no ${prefix}_snapshot.json`).not.toBeNull();
      if (previous)
        expect(snapshot!.prevId, `${prefix}_snapshot.json follows the one before`).toBe(previous.id);
      previous = snapshot;
    }
    const snapshots = (await fs.readdir(path.join(drizzle, 'meta'))).filter((f) =>
      f.endsWith('_snapshot.json'),
    );
    expect(snapshots).toHaveLength(journal.entries.length);
  });

  it('`db:generate` on the unchanged schema writes nothing', { timeout: 60_000 }, async () => {
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'drizzle-out-'));
    try {
      await fs.cp(drizzle, out, { recursive: true });
      const before = (await fs.readdir(out, { recursive: true })).sort();
      const { stdout } = await run(
        process.execPath,
        [
          path.join(server, '../../node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--dialect=postgresql',
          '--schema=./src/db/schema/*.ts',
          `--out=${path.relative(server, out)}`,
          '--casing=snake_case',
        ],
        { cwd: server },
      );
      expect(stdout).toContain('No schema changes');
      expect((await fs.readdir(out, { recursive: true })).sort()).toEqual(before);
    } finally {
      await fs.rm(out, { recursive: true, force: true });
    }
  });
});
