import fs from 'node:fs';
import pg from 'pg';

/**
 * CPU time spent by processes, read from /proc (Linux). Throughput on a shared 2-core machine
 * swings with whatever else runs; the CPU seconds a process used for N requests do not, so the
 * buyers run reports CPU per request for the server and for its PostgreSQL backends.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on every Linux port in use). */
const TICKS_PER_SECOND = 100;

/**
 * User + system CPU seconds of a process and all its threads (worker threads included), or null
 * when it is gone or /proc is not there.
 */
export function processCpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14) and stime (15) are at indexes 11 and 12.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / TICKS_PER_SECOND : null;
}

/** CPU seconds per backend pid of every PostgreSQL session on `database` (PostgreSQL on this machine). */
export async function postgresBackendCpu(client: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const seconds = processCpuSeconds(pid);
    if (seconds !== null) cpu.set(pid, seconds);
  }
  return cpu;
}

/**
 * CPU seconds the backends used between the first and the last of `samples`: a backend that
 * appeared meanwhile counts from zero, and one that ended counts up to its last sample (so the
 * meter samples every second: the pool closes connections that sit idle).
 */
export function backendCpuDelta(samples: readonly Map<number, number>[]): number {
  const [first] = samples;
  if (!first) return 0;
  const last = new Map<number, number>();
  for (const sample of samples) for (const [pid, seconds] of sample) last.set(pid, seconds);
  let total = 0;
  for (const [pid, seconds] of last) total += seconds - (first.get(pid) ?? 0);
  return total;
}

export type CpuReading = { serverSeconds: number; postgresSeconds: number | null };

/**
 * CPU used since it started by the server process `pid` and, given its database, by that
 * database's PostgreSQL backends. Its own connection (for `query`) is left out of the count.
 */
export async function startCpuMeter(pid: number, postgres: { url: string; name: string } | null) {
  const client = postgres ? new pg.Client({ connectionString: postgres.url }) : null;
  await client?.connect();
  const backends = async () => (client ? postgresBackendCpu(client, postgres!.name) : null);
  const serverStart = processCpuSeconds(pid) ?? 0;
  const samples: Map<number, number>[] = [];
  const sample = async () => {
    const now = await backends();
    if (now) samples.push(now);
  };
  await sample();
  let sampling = Promise.resolve();
  const sampler = setInterval(() => {
    sampling = sampling.then(sample).catch(() => {});
  }, 1000);
  return {
    async read(): Promise<CpuReading> {
      await sampling;
      await sample();
      return {
        serverSeconds: (processCpuSeconds(pid) ?? serverStart) - serverStart,
        postgresSeconds: client ? backendCpuDelta(samples) : null,
      };
    },
    /** A query on the server's database through the meter's own connection; null on PGlite. */
    async query<T extends object>(text: string): Promise<T[] | null> {
      return client ? (await client.query(text)).rows : null;
    },
    async close() {
      clearInterval(sampler);
      await sampling;
      await client?.end();
    },
  };
}

export type CpuMeter = Awaited<ReturnType<typeof startCpuMeter>>;

/**
 * CPU milliseconds per request: while the load ran, and once the mail it caused had been sent
 * (`…WithMail`, the whole cost of a request). Null figures were not measurable.
 */
export type CpuPerRequest = {
  serverMs: number | null;
  postgresMs: number | null;
  serverMsWithMail: number | null;
  postgresMsWithMail: number | null;
};

export function cpuPerRequest(during: CpuReading, total: CpuReading, requests: number): CpuPerRequest {
  const perRequest = (seconds: number | null) =>
    seconds === null || requests <= 0 ? null : Math.round((seconds * 1000 * 100) / requests) / 100;
  return {
    serverMs: perRequest(during.serverSeconds),
    postgresMs: perRequest(during.postgresSeconds),
    serverMsWithMail: perRequest(total.serverSeconds),
    postgresMsWithMail: perRequest(total.postgresSeconds),
  };
}
