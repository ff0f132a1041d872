import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * wrk (Debian's `wrk`), the load client for the scenarios that compare us with nginx: a C client
 * that answers about 65-87k requests/s from nginx on this machine, where autocannon stops near
 * 40k for small answers and 2.5k at 33 KB, which would hide the limit being measured.
 *
 * One thread (the server under test and nginx each have one process; two cores in all), a Lua
 * script that walks the scenario's paths in order (`once`: each path asked exactly once, for
 * cache misses) and prints the round's figures as JSON from wrk's own histogram.
 */
export const WRK = '/usr/bin/wrk';

export type WrkRound = {
  rps: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Connect, read, write and timeout errors. */
  errors: number;
  /** Answers whose status was 400 or above (wrk's own count). */
  non2xx: number;
  requests: number;
};

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

/** The Lua script for one round: the paths, the headers, and a JSON summary at the end. */
export function wrkScript(paths: string[], headers: Record<string, string>, once: boolean): string {
  if (paths.length === 0) throw new RangeError('wrk needs at least one path');
  const headerTable = Object.entries(headers)
    .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
    .join(', ');
  return `local paths = { ${paths.map(luaString).join(', ')} }
local headers = { ${headerTable} }
local i = 0
local exhausted = false
request = function()
  i = i + 1
  if i > #paths then
    ${once ? 'exhausted = true\n    i = #paths' : 'i = 1'}
  end
  return wrk.format("GET", paths[i], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"errors":%d,"non2xx":%d,"exhausted":%s}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status, tostring(exhausted)))
end
`;
}

/** Reads the summary line the script prints. */
export function parseWrkOutput(stdout: string): WrkRound & { exhausted: boolean } {
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const raw = JSON.parse(line.slice('WRK_JSON '.length)) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    errors: number;
    non2xx: number;
    exhausted: boolean;
  };
  const seconds = raw.durationUs / 1e6;
  return {
    rps: seconds > 0 ? raw.requests / seconds : 0,
    p50: raw.p50Us / 1000,
    p99: raw.p99Us / 1000,
    // A round in which nothing came back is an error, never 0 req/s with no errors.
    errors: raw.errors + (raw.requests === 0 ? 1 : 0),
    non2xx: raw.non2xx,
    requests: raw.requests,
    exhausted: raw.exhausted,
  };
}

/**
 * One wrk round against `baseUrl`. With `once`, a round that runs out of paths before its time
 * is up throws: the figure would mix misses with repeats.
 */
export async function wrkRound(
  baseUrl: string,
  options: {
    paths: string[];
    headers: Record<string, string>;
    seconds: number;
    connections: number;
    once?: boolean;
  },
): Promise<WrkRound> {
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} is missing: apt-get install wrk`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-wrk-'));
  const script = path.join(dir, 'round.lua');
  fs.writeFileSync(script, wrkScript(options.paths, options.headers, options.once ?? false));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        WRK,
        [
          '-t1',
          `-c${options.connections}`,
          `-d${options.seconds}s`,
          '--timeout',
          '10s',
          '-s',
          script,
          baseUrl,
        ],
        { maxBuffer: 1 << 20 },
        (error, out, err) =>
          error ? reject(new Error(`wrk failed: ${error.message}\n${err}`)) : resolve(out),
      );
    });
    const { exhausted, ...round } = parseWrkOutput(stdout);
    if (options.once && exhausted)
      throw new Error(
        `wrk ran out of the ${options.paths.length} distinct paths before ${options.seconds} s`,
      );
    return round;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
