import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const SEED = path.join(ROOT, 'apps/server/dist/seed.js');
const MEMORY_PROBE = path.join(import.meta.dirname, 'memory-probe.mjs');

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

export type BenchServer = {
  url: string;
  pid: number;
  database: 'pglite' | 'postgres';
  /** The PostgreSQL database the server uses (null on PGlite). */
  postgres: { url: string; name: string } | null;
  products: number;
  dataDir: string;
  /** Resident set size of the server process, in MB. */
  rssMb(): number;
  stop(): Promise<void>;
};

export function ensureBuilt() {
  if (!fs.existsSync(SERVER) || !fs.existsSync(path.join(ROOT, 'apps/web/build/server/index.js'))) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('build failed');
  }
}

/**
 * `preferred` when nothing listens on it, else a port the system picks: two benches from different
 * checkouts on one machine must never measure each other's server (the readiness check would
 * accept any server that answers).
 */
export async function freePort(preferred: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(null));
      probe.listen(port, '127.0.0.1', () => {
        const { port: bound } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(bound));
      });
    });
  return (await listen(preferred)) ?? (await listen(0))!;
}

async function freshPostgres(baseUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Starts the production server on a fresh database holding the demo catalogue plus `products`
 * generated ones (PostgreSQL when `postgresUrl` is given, else PGlite in a temporary directory).
 */
export async function startBenchServer(options: {
  products: number;
  postgresUrl?: string;
  port: number;
  /** Extra Node flags for the server, e.g. `--cpu-prof` to profile a run. */
  nodeArgs?: string[];
  /** Settings of the server (and its seed), e.g. a bucket's for `MEDIA_STORE=s3`. */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  ensureBuilt();
  const port = await freePort(options.port);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-'));
  const pgDb = options.postgresUrl
    ? await freshPostgres(options.postgresUrl, `catalogue_bench_${process.pid}_${options.products}`)
    : null;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Picture addresses in answers and pages are built from it; the pages load them from here.
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The buyer scenarios sign in and submit from one address far faster than any person: the
    // limits are raised here (as e2e/start-server.mjs does); they are tested in the API suite.
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
    RATE_LIMIT_CONTACT: '1000000',
    RATE_LIMIT_ORDER: '1000000',
    RATE_LIMIT_SELECTION_LINK: '1000000',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
    // `BENCH_SERVER_ENV='CATALOGUE_CACHE_SECONDS=5 …'`: settings of the server under test while investigating.
    ...Object.fromEntries(
      (process.env.BENCH_SERVER_ENV ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
    ),
  };

  // Seed before the server opens the database (PGlite allows one process at a time).
  const extra = Math.max(0, options.products - 96);
  const seedDemo = spawnSync(process.execPath, [SEED], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seedDemo.status !== 0) throw new Error('demo seed failed');
  if (extra > 0) {
    const seeded = spawnSync(process.execPath, [SEED, '--products', String(extra)], {
      env,
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('bulk seed failed');
  }

  // BENCH_MEMORY_LOG=file: the server appends where its memory is, every 250 ms (memory-probe.mjs).
  // BENCH_NODE_ARGS='--heapsnapshot-signal=SIGUSR2 ...': Node flags for the server while investigating.
  const memoryLog = process.env.BENCH_MEMORY_LOG;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
      ...(memoryLog ? ['--import', MEMORY_PROBE] : []),
      SERVER,
    ],
    {
      env: { ...env, ...(memoryLog ? { MEMORY_PROBE_FILE: path.resolve(memoryLog) } : {}) },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // However the bench ends (a signal or an error while the server starts included), the server
  // does not outlive it: one left running took the next run's port and answered in its place.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    pid: child.pid!,
    database: pgDb ? 'postgres' : 'pglite',
    postgres: pgDb ? { url: pgDb.url, name: new URL(pgDb.url).pathname.slice(1) } : null,
    products: 96 + extra,
    dataDir,
    rssMb() {
      // Another server that took the port after freePort chose it can answer the readiness check
      // while ours fails to listen and exits: every RSS reading stops such a run, which would
      // otherwise measure that server and read 0 MB as a met budget.
      if (child.exitCode !== null)
        throw new Error(
          `the bench's server exited (code ${child.exitCode}); whatever answers on its port is another process`,
        );
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    async stop() {
      process.off('exit', killOnExit);
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
