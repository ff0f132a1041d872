import autocannon from 'autocannon';

export type Scenario = {
  name: string;
  /** Request paths, cycled through by the load generator (a traffic mix). */
  paths: string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
};

export type RoundResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };
export type ScenarioResult = RoundResult & { name: string; rounds: number; rssMb: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function round(
  baseUrl: string,
  scenario: Scenario,
  seconds: number,
  connections: number,
): Promise<RoundResult> {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip', ...scenario.headers },
    requests: [
      {
        method: scenario.method ?? 'GET',
        setupRequest: (request) => ({ ...request, path: scenario.paths[i++ % scenario.paths.length]! }),
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A warm-up round, then `rounds` measured rounds; the medians are reported. */
export async function measure(
  baseUrl: string,
  scenario: Scenario,
  options: { rounds: number; seconds: number; connections: number; rssMb: () => number },
): Promise<ScenarioResult> {
  await round(baseUrl, scenario, Math.max(1, Math.floor(options.seconds / 2)), options.connections);
  const results: RoundResult[] = [];
  let rssMb = 0;
  for (let r = 0; r < options.rounds; r++) {
    results.push(await round(baseUrl, scenario, options.seconds, options.connections));
    rssMb = Math.max(rssMb, options.rssMb());
  }
  return {
    name: scenario.name,
    rounds: options.rounds,
    rps: Math.round(median(results.map((r) => r.rps))),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    rssMb,
  };
}
