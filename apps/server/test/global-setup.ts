import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL runs: a migrated template database each test file clones. */
    pgTemplate: string | null;
    /** PGlite runs: a migrated data directory snapshot each test file loads. */
    pgliteSnapshot: string | null;
  }
}

/**
 * Migrates once per run; every test file then starts from a copy, so each file owns a fresh,
 * fully migrated database without paying for the migrations again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `catalogue_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await openDatabase({ url: withDatabase(url, template), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteSnapshot', null);
    return async () => {
      // Drop the clones test files left behind (a crashed file cannot clean up), then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${template}%`],
      );
      for (const row of rows.filter((r) => r.datname !== template)) {
        await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  const snapshot = await database.dumpDataDir!();
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'catalogue-test-'));
  const file = path.join(dir, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgTemplate', null);
  project.provide('pgliteSnapshot', file);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
