// `npm run bench [-- --quick] [-- --pg] [-- --products N] [-- --matrix]`: starts the production
// server on freshly seeded databases, measures each scenario (warm-up, then several rounds, medians;
// wrk for those compared with nginx serving the same bytes pre-compressed, autocannon for the rest),
// runs Lighthouse on the public pages, reads the
// first-load bundle sizes, prints one report with a budget table and writes
// docs/benchmarks/results/<date>.json. The exit code is 1 when a budget failed on its own configuration.
import { RESULTS_DIR, writeHistory } from './history.ts';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuPerRequest, startCpuMeter, type CpuMeter } from './lib/cpu.ts';
import { budgetsHeld, evaluateBudgets, shareNginx, sizeLabel } from './lib/budgets.ts';
import {
  fileSizes,
  firstLoadFiles,
  inlineStyles,
  linkedStylesheets,
  readRouterManifest,
  totalGzipKb,
} from './lib/bundle.ts';
import { fillGallery } from './lib/gallery.ts';
import { measureImageBytes } from './lib/image-bytes.ts';
import { lighthousePages } from './lib/lighthouse.ts';
import { measure, type MeasureSettings, type ScenarioResult } from './lib/measure.ts';
import { startBareNode } from './lib/bare-node.ts';
import { startNginx, type StaticFile } from './lib/nginx.ts';
import { answerEncodings, pageBytes, type PageBytes } from './lib/page-bytes.ts';
import { benchPlan, benchPorts } from './lib/plan.ts';
import { pacedFigures, runPaced } from './lib/paced.ts';
import { realTrafficPages, seededRandom } from './lib/pages.ts';
import { printReport } from './lib/report.ts';
import {
  buyerSessionSteps,
  catalogueScenarios,
  createBuyers,
  discoverCatalogue,
  freshProductIds,
  MISS_SCENARIOS,
  type Catalogue,
  listOrderNumbers,
} from './lib/scenarios.ts';
import { QUOTE_REQUESTS, QUOTE_SCENARIOS, quoteScenarios } from './lib/quote-scenarios.ts';
import { BENCH_ADMIN, ROOT, startBenchServer, type BenchServer } from './lib/server.ts';
import { round } from './lib/stats.ts';
import type {
  BundlePage,
  BuyersResult,
  ConfigResult,
  DatabaseKind,
  NginxKind,
  NginxResult,
  RunData,
} from './lib/types.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
    products: { type: 'string', default: '1000' },
    matrix: { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: true },
    'no-lighthouse': { type: 'boolean', default: false },
    buyers: { type: 'string' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
    'lighthouse-only': { type: 'boolean', default: false },
    pages: { type: 'string' },
    port: { type: 'string' },
  },
  allowNegative: true,
});

const quick = values.quick;
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `--port N`: the server's port (nginx takes N + 1), so engineers benchmarking at once do not collide. */
const { server: SERVER_PORT, nginx: NGINX_PORT } = benchPorts(values.port);
/** `--profile`: the server writes a V8 CPU profile here when it stops (open it in Chrome's DevTools). */
const PROFILE_DIR = path.join(os.tmpdir(), 'catalogue-bench-profiles');
const settings = quick
  ? {
      rounds: 1,
      seconds: 2,
      warmupSeconds: 1,
      connections: 20,
      lighthouseRuns: 1,
      buyers: 20,
      buyerSeconds: 5,
    }
  : {
      rounds: 3,
      seconds: 3,
      warmupSeconds: 2,
      connections: 20,
      lighthouseRuns: 3,
      buyers: 200,
      buyerSeconds: 30,
    };
/**
 * A person's pause before each action of a visit (reading the listing, the product, filling in the
 * request form): uniformly random in this range, so 200 buyers do not act in step.
 */
const THINK_MS = { min: 1000, max: 5000 };
const buyerCount = values.buyers ? Number(values.buyers) : settings.buyers;
const runLighthouse = values.lighthouse && !values['no-lighthouse'];
const PAGE_ROUTES = [
  { page: 'home', routeId: 'home' },
  { page: 'category', routeId: 'category/:category' },
  { page: 'product', routeId: 'singleproduct/:id?' },
  { page: 'product (12 pictures)', routeId: 'singleproduct/:id?' },
  { page: 'blog post', routeId: 'blogs/:slug' },
];
/**
 * `--only listing-real,search-short`: a subset of the catalogue scenarios while investigating;
 * `--lighthouse-only [--pages home,product]`: only the page checks (first-load sizes, Lighthouse).
 */
const plan = benchPlan(
  {
    ...(values.only ? { only: values.only.split(',') } : {}),
    ...(values.pages ? { pages: values.pages.split(',') } : {}),
    lighthouseOnly: values['lighthouse-only'],
    lighthouse: runLighthouse,
  },
  PAGE_ROUTES.map((p) => p.page),
);

type Config = { database: DatabaseKind; products: number };
const configs: Config[] = values.matrix
  ? [
      { database: 'pglite', products: 1000 },
      { database: 'pglite', products: 10_000 },
      { database: 'postgres', products: 1000 },
      { database: 'postgres', products: 10_000 },
      { database: 'postgres', products: 100_000 },
    ]
  : [{ database: values.pg ? 'postgres' : 'pglite', products: Number(values.products) }];
for (const c of configs) {
  if (!Number.isInteger(c.products) || c.products < 96)
    throw new Error('--products must be a whole number ≥ 96');
}
const largestPostgres = Math.max(
  0,
  ...configs.filter((c) => c.database === 'postgres').map((c) => c.products),
);

const started = Date.now();
/** The commit measured, taken at the start (a commit made during a long run is not in it). */
let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
} catch {
  // not a git checkout
}
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const loadavgAtStart = os.loadavg().map((n) => round(n, 2));
if (loadavgAtStart[0]! > 1) {
  log(
    `warning: load average ${loadavgAtStart.join(' ')} on ${os.cpus().length} cores: figures will be distorted`,
  );
}

const measureSettings = (server: BenchServer | null): MeasureSettings => ({
  rounds: settings.rounds,
  seconds: settings.seconds,
  warmupSeconds: settings.warmupSeconds,
  connections: settings.connections,
  rssMb: () => (server ? server.rssMb() : null),
});

/** The public pages whose stored bytes are compared with nginx's, and whose sizes are reported. */
const nginxPages = (productId: string) =>
  [
    { kind: 'home', page: 'home', urlPath: '/home.html', path: '/' },
    { kind: 'category', page: 'category', urlPath: '/category.html', path: '/category/Rings' },
    { kind: 'html', page: 'product', urlPath: '/product.html', path: `/singleproduct/${productId}` },
  ] as const;

/**
 * nginx serving one listing answer and the home, a category and a product page, byte for byte as
 * our server sent them, pre-compressed as our server compressed them (`gzip_static`); wrk drives
 * both. Then a bare Node server answering the same bytes with the same headers (Node's ceiling for
 * a stored answer on this machine). Also returns the pages' bytes in each encoding.
 */
async function measureStaticServers(
  server: BenchServer,
  productId: string,
): Promise<{
  nginx: NonNullable<ConfigResult['nginx']>;
  bareNode: NonNullable<ConfigResult['bareNode']>;
  pageBytes: PageBytes[];
}> {
  const listing = await answerEncodings(server.url, '/api/products/paginated?page=1', 'application/json');
  const pages = nginxPages(productId);
  const encoded = await Promise.all(pages.map((p) => answerEncodings(server.url, p.path, 'text/html')));
  const files: StaticFile[] = [
    {
      urlPath: '/listing.json',
      body: listing.identity,
      gzip: listing.gzip,
      contentType: 'application/json',
      headers: listing.headers,
      identityHeaders: listing.identityHeaders,
    },
    ...pages.map((p, i) => ({
      urlPath: p.urlPath,
      body: encoded[i]!.identity,
      gzip: encoded[i]!.gzip,
      contentType: 'text/html',
      headers: encoded[i]!.headers,
      identityHeaders: encoded[i]!.identityHeaders,
    })),
  ];
  /** Each file served by the server `start` starts, measured with the run's settings. */
  const served = async (start: typeof startNginx, prefix: string, what: string) => {
    const other = await start(NGINX_PORT, files);
    try {
      const one = (key: string, name: string, file: StaticFile) =>
        measure(
          other.url,
          {
            key,
            name: `${name} (${file.body.length} B, ${file.gzip ? `gzip ${file.gzip.length} B` : 'uncompressed'})`,
            paths: [file.urlPath],
            client: 'wrk',
          },
          measureSettings(null),
        );
      const result: Partial<Record<NginxKind, ScenarioResult>> = {
        json: await one(`${prefix}-json`, `${what} listing JSON`, files[0]!),
      };
      for (const [i, p] of pages.entries())
        result[p.kind] = await one(`${prefix}-${p.page}`, `${what} ${p.page} page`, files[i + 1]!);
      return result as NginxResult;
    } finally {
      await other.stop();
    }
  };
  return {
    nginx: await served(startNginx, 'nginx', 'nginx static'),
    bareNode: await served(startBareNode, 'bare-node', 'bare Node http, stored'),
    pageBytes: pages.map((p, i) => pageBytes(p.page, p.path, encoded[i]!)),
  };
}

/** Waits until the outbox holds nothing pending (the mail the run caused is sent); its seconds, or null. */
async function waitForOutbox(meter: CpuMeter, limitSeconds = 300): Promise<number | null> {
  const started = Date.now();
  for (;;) {
    const rows = await meter.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE status = 'pending'",
    );
    if (!rows || rows[0]!.n === 0) return rows ? round((Date.now() - started) / 1000, 1) : null;
    if (Date.now() - started > limitSeconds * 1000) return null;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Acknowledged order numbers the administrator's list lacks afterwards. */
async function missingOrders(server: BenchServer, acknowledged: Set<number>): Promise<number> {
  const after = await listOrderNumbers(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  return [...acknowledged].filter((id) => !after.has(id)).length;
}

/**
 * Many buyers adding to their lists and submitting price requests at once, twice: as a
 * stress test (each buyer a connection in a closed loop with no pause) and at a person's pace
 * (each buyer thinks 1-5 s before every action; the budget judges this one). Besides the
 * latencies the stress run records the CPU the server and its PostgreSQL backends spent per
 * request, while the buyers ran and once the mail they caused had been sent (workbooks included).
 */
async function measureBuyers(server: BenchServer, catalogue: Catalogue): Promise<BuyersResult> {
  log(`  signing up ${buyerCount} buyers`);
  const buyers = await createBuyers(server.url, buyerCount, path.join(server.dataDir, 'mail'));
  await waitForOutboxOf(server); // the sign-up mails are not the run's work
  const acknowledged = new Set<number>();
  const meter = await startCpuMeter(server.pid, server.postgres);
  let stress: BuyersResult;
  try {
    const result = await measure(
      server.url,
      {
        key: 'buyers',
        name: `${buyerCount} buyers: add to list + price request`,
        steps: buyerSessionSteps(buyers, catalogue.productIds, {
          browse: false,
          onOrder: (id) => acknowledged.add(id),
        }),
        connections: buyerCount,
        seconds: settings.buyerSeconds,
        rounds: 1,
      },
      { ...measureSettings(server), warmupSeconds: 0 },
    );
    const during = await meter.read();
    const mailDrainSeconds = await waitForOutbox(meter);
    const cpu = cpuPerRequest(during, await meter.read(), result.requests);
    log(
      `  stress: CPU ms per request ${JSON.stringify(cpu)}; mail sent ${mailDrainSeconds ?? '?'} s after the load`,
    );
    stress = {
      ...result,
      buyers: buyerCount,
      acknowledged: acknowledged.size,
      missing: await missingOrders(server, acknowledged),
      cpu,
      mailDrainSeconds,
    };
  } finally {
    await meter.close();
  }

  log(`  ${buyerCount} buyers at a person's pace for ${settings.buyerSeconds} s`);
  const pacedOrders = new Set<number>();
  const loadavg = round(os.loadavg()[0]!, 2);
  const paced = pacedFigures(
    await runPaced(
      server.url,
      buyerSessionSteps(buyers, catalogue.productIds, {
        browse: true,
        listingPages: realTrafficPages(catalogue.totalPages, 5000, seededRandom(11)),
        onOrder: (id) => pacedOrders.add(id),
      }),
      { buyers: buyerCount, seconds: settings.buyerSeconds, thinkMs: THINK_MS, random: seededRandom(12) },
    ),
  );
  await waitForOutboxOf(server);
  return {
    ...stress,
    paced: {
      ...paced,
      name: `${buyerCount} buyers at a person's pace (${THINK_MS.min / 1000}-${THINK_MS.max / 1000} s think time): listing, product, add to list, price request`,
      buyers: buyerCount,
      seconds: settings.buyerSeconds,
      thinkMs: THINK_MS,
      acknowledged: pacedOrders.size,
      missing: await missingOrders(server, pacedOrders),
      loadavg,
    },
  };
}

async function waitForOutboxOf(server: BenchServer) {
  const meter = await startCpuMeter(server.pid, server.postgres);
  try {
    await waitForOutbox(meter);
  } finally {
    await meter.close();
  }
}

async function measureBundles(server: BenchServer, paths: Record<string, string>): Promise<BundlePage[]> {
  const clientDir = path.join(ROOT, 'apps/web/build/client');
  const manifest = readRouterManifest(clientDir);
  const pages: BundlePage[] = [];
  for (const { page, routeId } of PAGE_ROUTES.filter((p) => plan.pages.includes(p.page))) {
    const html = await (await fetch(server.url + paths[page]!, { headers: { accept: 'text/html' } })).text();
    const files = firstLoadFiles(manifest, routeId);
    const js = fileSizes(clientDir, files.js);
    const css = [
      ...fileSizes(clientDir, [...new Set([...files.css, ...linkedStylesheets(html)])]),
      ...inlineStyles(html),
    ];
    pages.push({ page, routeId, jsGzipKb: totalGzipKb(js), cssGzipKb: totalGzipKb(css), jsFiles: js.length });
  }
  return pages;
}

// Ctrl-C stops the server under test too, and drops its database and data directory.
let stopCurrent: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the server under test`);
    void (stopCurrent ?? (() => Promise.resolve()))().finally(() => process.exit(130));
  });
}

const run: RunData = { configs: [], lighthouse: null, bundles: null };
let exitCode = 0;
try {
  for (const [index, config] of configs.entries()) {
    const label = `${config.database} ${sizeLabel(config.products)}`;
    log(`${label}: seeding and starting the server`);
    const server = await startBenchServer({
      products: config.products,
      port: SERVER_PORT,
      ...(config.database === 'postgres' ? { postgresUrl } : {}),
      ...(values.profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] } : {}),
    });
    stopCurrent = () => server.stop();
    try {
      const catalogue = await discoverCatalogue(server.url);
      // A page-checks-only run signs up no buyer, and each sign-up costs an argon2 hash: none
      // unless the buyer session is measured.
      const sessionBuyers = plan.scenario('buyer-session')
        ? await createBuyers(server.url, Math.min(20, buyerCount), path.join(server.dataDir, 'mail'))
        : [];
      const freshIds = MISS_SCENARIOS.some((key) => plan.scenario(key))
        ? await freshProductIds(server.url, catalogue)
        : [];
      const scenarios = catalogueScenarios(catalogue, sessionBuyers, freshIds).filter((s) =>
        plan.scenario(s.key),
      );
      // The quotation scenarios need requests written into the database: PostgreSQL only.
      if (config.database === 'postgres' && QUOTE_SCENARIOS.some((key) => plan.scenario(key))) {
        log(`${label}: writing ${QUOTE_REQUESTS.toLocaleString('en')} price requests`);
        scenarios.push(...(await quoteScenarios(server)).filter((s) => plan.scenario(s.key)));
      }
      const result: ConfigResult = {
        database: config.database,
        products: server.products,
        totalPages: catalogue.totalPages,
        scenarios: [],
        nginx: null,
        bareNode: null,
        buyers: null,
      };
      if (plan.nginx) {
        log(
          `${label}: nginx static, same bytes pre-compressed; then a bare Node server, same bytes and headers`,
        );
        const measured = await measureStaticServers(server, catalogue.productIds[0]!);
        result.nginx = measured.nginx;
        result.bareNode = measured.bareNode;
        if (index === configs.length - 1) run.pageBytes = measured.pageBytes;
      }
      for (const scenario of scenarios) {
        log(`${label}: ${scenario.name}`);
        result.scenarios.push(await measure(server.url, scenario, measureSettings(server)));
      }
      // Kept before the buyers run, so a failure there still reports what was measured.
      run.configs.push(result);
      if (plan.buyers && config.database === 'postgres' && config.products === largestPostgres) {
        log(`${label}: ${buyerCount} concurrent buyers for ${settings.buyerSeconds} s`);
        result.buyers = await measureBuyers(server, catalogue);
      }
      if (index === configs.length - 1 && plan.pages.length > 0) {
        const paths: Record<string, string> = {
          home: '/',
          category: '/category/Rings',
          product: `/singleproduct/${catalogue.productIds[0]}`,
          'blog post': catalogue.blogSlug ? `/blogs/${catalogue.blogSlug}` : '/blogs',
        };
        if (plan.pages.includes('product (12 pictures)')) {
          log('a product with a full gallery (12 pictures, uploaded as an admin would)');
          paths['product (12 pictures)'] = await fillGallery(server.url, catalogue.productIds[1]!);
        }
        log('first-load bundle sizes');
        run.bundles = await measureBundles(server, paths);
        if (catalogue.imagePath) {
          log('product picture bytes, WebP and AVIF');
          run.imageBytes = await measureImageBytes(server.url, catalogue.imagePath);
        }
        if (plan.lighthouse) {
          log(`Lighthouse, ${settings.lighthouseRuns} run(s) per page`);
          run.lighthouse = await lighthousePages(
            server.url,
            plan.pages.map((page) => ({ page, path: paths[page]! })),
            settings.lighthouseRuns,
            log,
          );
        }
      }
    } finally {
      stopCurrent = null;
      await server.stop();
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 2;
}

shareNginx(run.configs);
const budgets = evaluateBudgets(run);
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
const loadavgAtEnd = os.loadavg().map((n) => round(n, 2));
printReport(
  run,
  budgets,
  `${machine}; load average ${loadavgAtStart.join(' ')} at start, ${loadavgAtEnd.join(' ')} at end; ` +
    `${settings.connections} connections, ${settings.rounds} × ${settings.seconds} s rounds after a ${settings.warmupSeconds} s warm-up`,
);

const outDir = RESULTS_DIR;
fs.mkdirSync(outDir, { recursive: true });
const date = new Date().toISOString();
const file = path.join(outDir, `${date.replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
fs.writeFileSync(
  file,
  `${JSON.stringify(
    {
      date,
      commit,
      machine,
      loadavg: { start: loadavgAtStart, end: loadavgAtEnd },
      mode: quick ? 'quick' : 'full',
      settings,
      durationSeconds: Math.round((Date.now() - started) / 1000),
      ...run,
      budgets,
      budgetsHeld: budgetsHeld(budgets),
    },
    null,
    2,
  )}\n`,
);
log(`results written to ${path.relative(ROOT, file)}`);
writeHistory();
if (values.profile) log(`CPU profiles of the server are in ${PROFILE_DIR}`);
if (exitCode === 0 && !budgetsHeld(budgets)) {
  log('budget check FAILED (see the Budgets table)');
  exitCode = 1;
}
process.exit(exitCode);
