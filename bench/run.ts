// `npm run bench [-- --quick] [-- --products N] [-- --pg]`: starts the production server on a
// seeded database, measures each scenario with autocannon (warm-up, then several rounds, medians),
// prints one table and writes bench/results/<date>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measure, type Scenario, type ScenarioResult } from './lib/measure.ts';
import { ROOT, startBenchServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    products: { type: 'string', default: '1000' },
    pg: { type: 'boolean', default: false },
  },
});

const products = Number(values.products);
const postgresUrl = values.pg
  ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  : undefined;
const settings = values.quick
  ? { rounds: 1, seconds: 3, connections: 20 }
  : { rounds: 3, seconds: 10, connections: 50 };

const SCENARIOS: Scenario[] = [
  { name: 'liveness /healthz', paths: ['/healthz'] },
  { name: 'readiness /readyz (DB round trip)', paths: ['/readyz'] },
  { name: 'SSR home page', paths: ['/'], headers: { accept: 'text/html' } },
  { name: 'SSR privacy page', paths: ['/privacy'], headers: { accept: 'text/html' } },
];

const server = await startBenchServer({ products, port: 3900, ...(postgresUrl ? { postgresUrl } : {}) });
const results: ScenarioResult[] = [];
try {
  for (const scenario of SCENARIOS) {
    results.push(await measure(server.url, scenario, { ...settings, rssMb: () => server.rssMb() }));
  }
} finally {
  await server.stop();
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
console.log(`\n${server.database} with ${server.products} products — ${machine}`);
console.table(
  results.map((r) => ({
    scenario: r.name,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors + r.non2xx,
    'RSS MB': r.rssMb,
  })),
);

const outDir = path.join(ROOT, 'bench/results');
fs.mkdirSync(outDir, { recursive: true });
const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      database: server.database,
      products: server.products,
      settings,
      results,
    },
    null,
    2,
  ),
);
console.log(`Results written to ${path.relative(ROOT, file)}`);
