import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, startPglite, type Database } from '../src/db/client.ts';

/**
 * The test files' embedded databases, reused within a Vitest worker. Starting a PGlite from the
 * migrated snapshot takes 1.2–2.5 s of CPU (the snapshot is a whole 42 MB data directory), more than
 * many a file's tests; emptying one a closed file left takes a few tens of milliseconds. A file
 * still gets a database as the snapshot left it:
 *
 * - it is handed out only after every table is emptied and refilled with the rows the migrations
 *   wrote, every sequence set back to where the migrations left it, and the session's settings,
 *   prepared statements and temporary tables dropped (`DISCARD ALL`);
 * - a database whose structure a file changed (a table, column, index, constraint, function,
 *   trigger, role, extension or database added, dropped or altered) is closed, never handed out
 *   again: the next file loads the snapshot;
 * - the file that closed it can no longer reach it: each file's handle refuses every query once it
 *   is closed, as a closed PGlite does, so work a file left running cannot write into the next
 *   file's data.
 *
 * Files of one worker run one after the other; two databases open at once in one file are two
 * instances.
 */

type Baseline = {
  /** The structure's digest (schema objects, roles, extensions, databases). */
  structure: string;
  /** The reset: truncate everything, refill what the migrations wrote, put the sequences back. */
  reset: string;
};
type Instance = { client: PGlite; free: boolean };

const instances: Instance[] = [];
let snapshot: { file: string; blob: Blob } | null = null;
let baseline: Baseline | null = null;

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%' AND n.nspname NOT LIKE 'pg_toast_temp%'`;

const STRUCTURE = `
SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS digest FROM (
  SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || coalesce((
    SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text
      || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' ORDER BY a.attnum)
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped), '') AS item
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'index ' || pg_get_indexdef(i.indexrelid) FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'constraint ' || n.nspname || ' ' || r.conname || ' ' || pg_get_constraintdef(r.oid)
    FROM pg_constraint r JOIN pg_namespace n ON n.oid = r.connamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, ''))
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'trigger ' || t.tgrelid::regclass::text || ' ' || t.tgname || ' ' || t.tgenabled::text
    FROM pg_trigger t WHERE NOT t.tgisinternal
  UNION ALL SELECT 'type ' || n.nspname || '.' || t.typname FROM pg_type t
    JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'schema ' || n.nspname FROM pg_namespace n WHERE ${USER_SCHEMAS}
  UNION ALL SELECT 'role ' || rolname || ' ' || rolsuper::text FROM pg_roles
  UNION ALL SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
  UNION ALL SELECT 'database ' || datname FROM pg_database
  UNION ALL SELECT 'setting ' || coalesce(setdatabase::text, '') || ' ' || array_to_string(setconfig, ',')
    FROM pg_db_role_setting
) objects`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** What a fresh database from the snapshot holds, as the statements that bring one back to it. */
async function readBaseline(client: PGlite): Promise<Baseline> {
  const structure = (await client.query<{ digest: string }>(STRUCTURE)).rows[0]!.digest;
  const tables = (
    await client.query<{ schema: string; name: string }>(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS} ORDER BY 1, 2`,
    )
  ).rows.map((t) => `${quote(t.schema)}.${quote(t.name)}`);
  const refills: string[] = [];
  for (const table of tables) {
    const columns = (
      await client.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
         AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
        [table],
      )
    ).rows.map((c) => quote(c.name));
    const { json } = (
      await client.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${table} t`)
    ).rows[0]!;
    if (json === null) continue;
    const list = columns.join(', ');
    refills.push(
      `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${table}, ${literal(json)});`,
    );
  }
  const sequences = (
    await client.query<{ schema: string; name: string; last: string | null; start: string }>(
      `SELECT schemaname AS schema, sequencename AS name, last_value::text AS last, start_value::text AS start
       FROM pg_sequences`,
    )
  ).rows.map(
    (q) =>
      `SELECT setval(${literal(`${quote(q.schema)}.${quote(q.name)}`)}, ${q.last ?? q.start}, ${q.last !== null});`,
  );
  return {
    structure,
    reset: [
      'SET session_replication_role = replica;',
      `TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE;`,
      ...refills,
      ...sequences,
      'SET session_replication_role = DEFAULT;',
    ].join('\n'),
  };
}

async function loadSnapshot(file: string): Promise<PGlite> {
  if (snapshot?.file !== file) snapshot = { file, blob: new Blob([await fs.readFile(file)]) };
  return startPglite({ dataDir: null, loadDataDir: snapshot.blob });
}

/** An instance as the snapshot left it, or null when this one cannot be brought back to that. */
async function reset(client: PGlite): Promise<boolean> {
  try {
    await client.exec('DISCARD ALL');
    const { digest } = (await client.query<{ digest: string }>(STRUCTURE)).rows[0]!;
    if (digest !== baseline!.structure) return false;
    await client.exec(baseline!.reset);
    return true;
  } catch {
    return false;
  }
}

async function instance(file: string): Promise<Instance> {
  for (const held of instances.filter((i) => i.free)) {
    held.free = false;
    if (await reset(held.client)) return held;
    instances.splice(instances.indexOf(held), 1);
    await held.client.close().catch(() => {});
  }
  const client = await loadSnapshot(file);
  baseline ??= await readBaseline(client);
  const made = { client, free: false };
  instances.push(made);
  return made;
}

/**
 * A handle that refuses every call once its file closed it. Methods run on the instance itself
 * (PGlite's private fields need it as `this`); drizzle sees the same prototype.
 */
function handleOf(client: PGlite, isClosed: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (isClosed()) throw new Error('this test database was closed');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** A migrated PGlite for one test file, from the worker's pool or loaded from `snapshotFile`. */
export async function leasePglite(snapshotFile: string): Promise<Database> {
  const held = await instance(snapshotFile);
  let closed = false;
  return pgliteDatabase(
    handleOf(held.client, () => closed),
    async () => {
      if (closed) return;
      closed = true;
      held.free = true;
    },
  );
}
