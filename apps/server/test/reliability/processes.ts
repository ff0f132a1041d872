import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createMailbox, tokenOf } from '../../../../scripts/mailbox.mjs';
import { REPO_ROOT } from '../../src/env.ts';

/** Helpers of the soak tests: the built server and a private PostgreSQL cluster as processes. */

export const SERVER = path.join(REPO_ROOT, 'apps/server/dist/server.js');
export const ADMIN_PASSWORD = 'soak-admin-password';

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `catalogue-${prefix}-`));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
};

/** Starts the built server on a free port and waits until /readyz answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first`);
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ready = await fetch(`${url}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { child, url, port, output: () => output, stop: () => kill('SIGTERM'), kill };
}

/** A PostgreSQL cluster of the test's own (never the machine's shared server), run as `postgres`. */
export type PrivateCluster = {
  url: string;
  restart(): void;
  stop(): void;
  start(): void;
  remove(): void;
};

const PG_BIN = '/usr/local/bin';

function asPostgres(command: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: 'pipe', timeout: 60_000 }).toString();
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = tempDir('pg');
  fs.chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'sock');
  fs.mkdirSync(socketDir);
  fs.chmodSync(socketDir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  const port = await freePort();
  asPostgres(`${PG_BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) =>
    asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      ...args,
    ]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('restart', '-m', 'fast'),
    stop: () => ctl('stop', '-m', 'fast'),
    start: () => ctl('start'),
    remove: () => {
      try {
        ctl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** JSON over HTTP with a bearer token; the answer's status and body. */
export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ status: number; body: T; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the caller sees the text
  }
  return { status: res.status, body: body as T, ms: performance.now() - started };
}

/**
 * Registers and signs in a buyer. With `dataDir` (the server's `DATA_DIR`, mail written as files)
 * the buyer also opens the verification link it was mailed, so it may send price requests.
 */
export async function registerAndLogin(base: string, tag: string, dataDir?: string) {
  const email = `${tag}-${Date.now()}-${Math.random().toString(16).slice(2, 8)}@example.com`;
  const password = 'Soak-test-passw0rd!';
  const reg = await call(base, 'POST', '/api/users/register', {
    body: { name: 'Soak Buyer', email, password, contactNumber: '+91 98765 43210', country: 'IN' },
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (dataDir) {
    const link = await createMailbox(path.join(dataDir, 'mail')).link(email, 'verify-email');
    const verified = await call(base, 'POST', '/api/users/verify-email', { body: { token: tokenOf(link) } });
    if (verified.status !== 200) throw new Error(`verify-email: ${verified.status}`);
  }
  const login = await call<{ token: string; user: { _id: string } }>(base, 'POST', '/api/users/login', {
    body: { email, password },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { email, password, token: login.body.token, id: login.body.user._id };
}

export async function adminToken(base: string): Promise<string> {
  const login = await call<{ token: string }>(base, 'POST', '/api/users/login', {
    body: { email: 'admin@example.com', password: ADMIN_PASSWORD },
  });
  if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
  return login.body.token;
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export const LIMITS_OFF = {
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_REGISTER: '1000000',
  RATE_LIMIT_CONTACT: '1000000',
  RATE_LIMIT_ORDER: '1000000',
};
