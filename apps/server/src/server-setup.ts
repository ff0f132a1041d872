import path from 'node:path';
import { openDatabase, type Database } from './db/client.ts';
import type { Env } from './env.ts';

/** Fails with a message a person can act on; the caller exits non-zero. */
export class StartupError extends Error {}

export async function connectDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL })
    : await openDatabase({ dataDir: path.join(env.dataDir, 'pglite') });
  try {
    await database.ping();
  } catch (error) {
    await database.close().catch(() => {});
    throw new StartupError(
      `Cannot reach the database (${env.DATABASE_URL ? 'DATABASE_URL' : 'PGlite'}): ${(error as Error).message}`,
    );
  }
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw new StartupError(`Database migration failed: ${(error as Error).message}`);
  }
  return database;
}
