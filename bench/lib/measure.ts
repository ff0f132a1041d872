import os from 'node:os';
import autocannon from 'autocannon';
import { median, round } from './stats.ts';
import { wrkRound, type WrkRound } from './wrk.ts';

/** One request of a scenario; `path`, `body` and `headers` may depend on the connection's loop state. */
export type Step = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string | ((context: StepContext) => string);
  headers?: Record<string, string> | ((context: StepContext) => Record<string, string>);
  body?: (context: StepContext) => unknown;
  /** Sees each answer, e.g. to remember an acknowledged order. */
  onResponse?: (status: number, body: string, context: StepContext) => void;
};

/** Per-connection state for one pass through a scenario's steps (autocannon resets it each loop). */
export type StepContext = Record<string, unknown>;

export type Scenario = {
  /** Stable key for budgets and the growth table. */
  key: string;
  name: string;
  /** Either request paths cycled through (a traffic mix), or a sequence of steps per connection. */
  paths?: string[];
  steps?: Step[];
  headers?: Record<string, string>;
  /** Overrides of the run's settings (the buyers scenario has its own length and connections). */
  seconds?: number;
  connections?: number;
  rounds?: number;
  /**
   * The warm-up's length when the run's is too short for this scenario: each request of a
   * cache-miss scenario runs the whole render, and a server fresh from start renders its first
   * ~2,000 pages slower while V8 still compiles the render's code (docs/performance.md).
   */
  warmupSeconds?: number;
  /** Status codes that count as success besides 2xx (e.g. the 404 of a missing page). */
  expectStatus?: number[];
  /**
   * `wrk` for the scenarios compared with nginx (a client faster than either server; `paths`
   * only, and an error status is any of 400 or above); autocannon otherwise.
   */
  client?: 'wrk';
  /** wrk only: each path asked once, never repeated (cache misses); too few paths fail the round. */
  once?: boolean;
  /**
   * Every distinct path is asked once before the warm-up, so the rounds measure what the scenario
   * names (pages answered from the page cache) and not the first renders of its paths: 200
   * product pages take 2-5 s to render on two cores, longer than the warm-up.
   */
  primed?: boolean;
};

/** One round's figures (the same from either client). */
export type RoundResult = WrkRound;
export type ScenarioResult = Omit<RoundResult, 'requests'> & {
  key: string;
  name: string;
  rounds: number;
  connections: number;
  seconds: number;
  requests: number;
  /** Highest resident set size of the server process seen while measuring, in MB (null: not ours). */
  rssMb: number | null;
  /** One-minute load average when the scenario started: figures under load are distorted. */
  loadavg: number;
  /** Answers per second during the warm-up, kept where a scenario sets its own (absent otherwise). */
  warmupRps?: number;
  /** That warm-up's length in seconds. */
  warmupSeconds?: number;
};

export type MeasureSettings = {
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Resident set size of the process under test in MB, or null when it is not ours (nginx). */
  rssMb: () => number | null;
};

async function runRound(
  baseUrl: string,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<RoundResult> {
  const commonHeaders = { 'accept-encoding': 'gzip', ...scenario.headers };
  if (scenario.client === 'wrk') {
    if (!scenario.paths) throw new Error(`${scenario.key}: wrk scenarios take paths, not steps`);
    return wrkRound(baseUrl, {
      paths: scenario.paths,
      headers: commonHeaders,
      seconds,
      connections,
      once: scenario.once ?? false,
    });
  }
  let i = 0;
  const requests: autocannon.Request[] = scenario.steps
    ? scenario.steps.map((step) => ({
        method: step.method ?? 'GET',
        setupRequest: (request: autocannon.Request, context: object) => {
          const ctx = context as StepContext;
          const headers = typeof step.headers === 'function' ? step.headers(ctx) : step.headers;
          const body = step.body?.(ctx);
          return {
            ...request,
            path: typeof step.path === 'function' ? step.path(ctx) : step.path,
            headers: {
              ...commonHeaders,
              ...headers,
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          };
        },
        ...(step.onResponse
          ? {
              onResponse: (status: number, body: string, context: object) =>
                step.onResponse!(status, body, context as StepContext),
            }
          : {}),
      }))
    : [
        {
          method: 'GET',
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            path: scenario.paths![i++ % scenario.paths!.length]!,
          }),
        },
      ];
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: commonHeaders,
    requests,
  });
  const expected = scenario.expectStatus ?? [];
  const unexpected = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2') && !expected.includes(Number(code)))
    .reduce((n, [, stat]) => n + (stat.count ?? 0), 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout only after 10 s: a round in which nothing came back would
    // otherwise read as 0 req/s with 0 errors.
    errors: result.errors + result.timeouts + (result.requests.total === 0 ? connections : 0),
    non2xx: unexpected,
    requests: result.requests.total,
  };
}

/** `items` in consecutive parts whose sizes follow `weights` (a longer round gets more paths). */
export function splitByWeight<T>(items: T[], weights: number[]): T[][] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let before = 0;
  return weights.map((weight) => {
    const from = Math.floor((before * items.length) / total);
    before += weight;
    return items.slice(from, Math.floor((before * items.length) / total));
  });
}

/** Runs `work` on every item, `atOnce` at a time; the first failure fails the whole. */
export async function forEachAtOnce<T>(
  items: readonly T[],
  atOnce: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await work(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/** Asks for every distinct path once, `atOnce` at a time; a failed answer fails the scenario. */
export async function askEachOnce(
  baseUrl: string,
  paths: readonly string[],
  headers: Record<string, string>,
  atOnce = 4,
): Promise<void> {
  await forEachAtOnce([...new Set(paths)], atOnce, async (path) => {
    const response = await fetch(new URL(path, baseUrl), { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status} before the scenario`);
  });
}

/** A warm-up round, then `rounds` measured rounds; the medians are reported, errors summed. */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  settings: MeasureSettings,
): Promise<ScenarioResult> {
  const [result] = await measureInterleaved([{ baseUrl, scenario, rssMb: settings.rssMb }], settings);
  return result!;
}

/** A scenario on one server; `rssMb` reads that server's resident memory (null: not ours). */
export type Target = { baseUrl: string; scenario: Scenario; rssMb: () => number | null };

/**
 * Measures several servers in turns: each is primed and warmed up, then round r of every target
 * runs before round r + 1 of any. A shared virtual machine's speed drifts by a third from one
 * minute to the next (nginx 24,000-36,000 answers/s on the same file, 2026-11-29): measured minutes
 * apart, a ratio between two servers was mostly that drift; measured in alternating rounds, both
 * see the same machine. Each target's figures are the medians of its own rounds.
 *
 * The first target is prepared last, right before the rounds, and runs first in each: the pages a
 * primed scenario rendered are then no older in its last round than when it is measured alone
 * (inside the page cache's 30-s lifetime, after which they would be rendered anew mid-round).
 */
export async function measureInterleaved(
  targets: Target[],
  settings: Omit<MeasureSettings, 'rssMb'>,
): Promise<ScenarioResult[]> {
  const runs: Awaited<ReturnType<typeof prepare>>[] = [];
  for (const target of [...targets].reverse()) runs.unshift(await prepare(target, settings));
  const rounds = Math.max(...runs.map((run) => run.rounds));
  for (let r = 0; r < rounds; r++) {
    for (const run of runs) if (r < run.rounds) await run.round();
  }
  return runs.map((run) => run.finish());
}

/** Primes and warms up one target; its rounds are then run one at a time, sampling its memory. */
async function prepare(target: Target, settings: Omit<MeasureSettings, 'rssMb'>) {
  const { baseUrl, scenario } = target;
  const seconds = scenario.seconds ?? settings.seconds;
  const connections = scenario.connections ?? settings.connections;
  const rounds = scenario.rounds ?? settings.rounds;
  const loadavg = round(os.loadavg()[0]!, 2);
  const warmupSeconds = scenario.warmupSeconds ?? settings.warmupSeconds;
  const warmup = warmupSeconds > 0;
  // A scenario whose paths are each asked once gives every round (the warm-up too) its own share,
  // in proportion to its length.
  const lengths = [...(warmup ? [warmupSeconds] : []), ...Array.from({ length: rounds }, () => seconds)];
  const shares = scenario.once ? splitByWeight(scenario.paths ?? [], lengths) : null;
  let share = 0;
  const next = (): Scenario => (shares ? { ...scenario, paths: shares[share++]! } : scenario);
  if (scenario.primed && scenario.paths)
    await askEachOnce(baseUrl, scenario.paths, { 'accept-encoding': 'gzip', ...scenario.headers });
  const warmed = warmup ? await runRound(baseUrl, next(), warmupSeconds, connections) : null;
  let rssMb: number | null = target.rssMb();
  const results: RoundResult[] = [];
  return {
    rounds,
    async round(): Promise<void> {
      // Sampled during the rounds: the peak under load is what the memory budget is about.
      const sampler = setInterval(() => {
        const now = target.rssMb();
        if (now !== null) rssMb = Math.max(rssMb ?? 0, now);
      }, 250);
      try {
        results.push(await runRound(baseUrl, next(), seconds, connections));
      } finally {
        clearInterval(sampler);
      }
    },
    finish(): ScenarioResult {
      return {
        key: scenario.key,
        name: scenario.name,
        rounds,
        connections,
        seconds,
        rps: Math.round(median(results.map((r) => r.rps))),
        p50: median(results.map((r) => r.p50)),
        p99: median(results.map((r) => r.p99)),
        errors: results.reduce((n, r) => n + r.errors, 0),
        non2xx: results.reduce((n, r) => n + r.non2xx, 0),
        requests: results.reduce((n, r) => n + r.requests, 0),
        rssMb,
        loadavg,
        ...(warmed && scenario.warmupSeconds !== undefined
          ? { warmupRps: Math.round(warmed.rps), warmupSeconds }
          : {}),
      };
    },
  };
}
