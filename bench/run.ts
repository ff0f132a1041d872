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
import zlib from 'node:zlib';
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
import {
  forEachAtOnce,
  measure,
  measureInterleaved,
  type MeasureSettings,
  type ScenarioResult,
  type Target,
} from './lib/measure.ts';
import { startBareNode } from './lib/bare-node.ts';
import { startNginx, type NginxServer, type StaticFile } from './lib/nginx.ts';
import { answerEncodings, getRaw, pageBytes, replayedHeaders } from './lib/page-bytes.ts';
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
import {
  FEATURE_SCENARIOS,
  QUICK_ORDER_LINES,
  SELECTION_DESIGNS,
  featureScenarios,
} from './lib/feature-scenarios.ts';
import { QUOTE_PRICING_LINES, pricingInProcess } from './lib/quote-pricing.ts';
import { measureMediaStores } from './lib/media-stores.ts';
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
/** `--port N`: the server's port (nginx takes N + 1, bare Node N + 2), so engineers benchmarking at once do not collide. */
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

/** The public pages whose bytes in each encoding are reported, and nginx's answers when their scenario did not run. */
const nginxPages = (productId: string) =>
  [
    { kind: 'home', page: 'home', path: '/' },
    { kind: 'category', page: 'category', path: '/category/Rings' },
    { kind: 'html', page: 'product', path: `/singleproduct/${productId}` },
  ] as const;

/** The scenario of ours each answer nginx and the bare Node server serve is compared with. */
const COUNTERPART: Record<NginxKind, string> = {
  json: 'listing-real',
  home: 'ssr-home',
  category: 'ssr-category',
  html: 'ssr-product',
};
const KIND_NAMES: Record<NginxKind, { key: string; what: string; contentType: string }> = {
  json: { key: 'json', what: 'listing JSON', contentType: 'application/json' },
  home: { key: 'home', what: 'home page', contentType: 'text/html' },
  category: { key: 'category', what: 'category page', contentType: 'text/html' },
  html: { key: 'product', what: 'product page', contentType: 'text/html' },
};

/**
 * nginx serving answers byte for byte as our server sent them, pre-compressed as our server
 * compressed them (`gzip_static`), and a bare Node server answering the same bytes with the same
 * headers (Node's ceiling for a stored answer on this machine); wrk drives all three.
 *
 * `alongside` compares one of our scenarios (the listing's real-traffic walk, the home, category
 * and product pages) with both on the very answers it asks for: every distinct path it walks, as
 * our server answers it in gzip, becomes a file, and nginx and bare Node are asked for those files
 * in the scenario's own order, in rounds taken in turns with ours (measureInterleaved). `rest`
 * measures, on the first listing page and one page of each kind, the answers whose scenario did
 * not run.
 */
function staticReferences(server: BenchServer) {
  const nginx: Partial<Record<NginxKind, ScenarioResult>> = {};
  const bareNode: Partial<Record<NginxKind, ScenarioResult>> = {};

  /** Starts nginx and bare Node on `files`, measures both on `paths` (in turns with `ours`), stops both. */
  async function measureOn(
    kind: NginxKind,
    files: StaticFile[],
    paths: string[],
    what: string,
    ours: Target | null,
  ): Promise<ScenarioResult | null> {
    const nginxServer = await startNginx(NGINX_PORT, files);
    let bare: NginxServer | null = null;
    try {
      bare = await startBareNode(NGINX_PORT + 1, files);
      const reference = (url: string, prefix: string, label: string): Target => ({
        baseUrl: url,
        rssMb: () => null,
        scenario: {
          key: `${prefix}-${KIND_NAMES[kind].key}`,
          name: `${label} ${what}`,
          paths,
          client: 'wrk',
        },
      });
      const nginxTarget = reference(nginxServer.url, 'nginx', 'nginx static');
      const bareTarget = reference(bare.url, 'bare-node', 'bare Node http, stored');
      // nginx in turns with ours (the budgets' reference), bare Node in the rounds right after: in
      // turns with both, a primed scenario's last round came ~30 s after its pages were rendered, when
      // the page cache renders them anew (its lifetime), which no round measured alone ever saw.
      const results = [
        ...(await measureInterleaved(ours ? [ours, nginxTarget] : [nginxTarget], measureSettings(server))),
        ...(await measureInterleaved([bareTarget], measureSettings(server))),
      ];
      const [theirs, bares] = results.slice(ours ? 1 : 0);
      nginx[kind] = theirs!;
      bareNode[kind] = bares!;
      return ours ? results[0]! : null;
    } finally {
      await bare?.stop();
      await nginxServer.stop();
    }
  }

  return {
    nginx,
    bareNode,
    /** The answer kind `key`'s scenario is compared on, unless it was measured already. */
    kindOf(key: string): NginxKind | null {
      const kind = (Object.keys(COUNTERPART) as NginxKind[]).find((k) => COUNTERPART[k] === key);
      return kind && !nginx[kind] ? kind : null;
    },
    /** Our scenario `ours`, in turns with nginx and bare Node serving the answers it asks for. */
    async alongside(kind: NginxKind, ours: Target): Promise<ScenarioResult> {
      const asked = ours.scenario.paths ?? [];
      const distinct = [...new Set(asked)];
      const files = await scenarioFiles(server.url, distinct, ours.scenario.headers ?? {}, kind);
      const fileOf = new Map(distinct.map((p, i) => [p, files[i]!.urlPath]));
      const mine = await measureOn(
        kind,
        files,
        asked.map((p) => fileOf.get(p)!),
        describeFiles(kind, files, ours.scenario.name),
        ours,
      );
      return mine!;
    },
    /** nginx and bare Node on one answer of each kind whose scenario did not run. */
    async rest(productId: string): Promise<void> {
      for (const [kind, path] of Object.entries(referencePaths(productId)) as [NginxKind, string][]) {
        if (nginx[kind]) continue;
        log(`nginx and bare Node on ${path} (its scenario did not run)`);
        const encoded = await answerEncodings(server.url, path, KIND_NAMES[kind].contentType);
        const file: StaticFile = {
          urlPath: `/${KIND_NAMES[kind].key}`,
          body: encoded.identity,
          gzip: encoded.gzip,
          contentType: KIND_NAMES[kind].contentType,
          headers: encoded.headers,
          identityHeaders: encoded.identityHeaders,
        };
        await measureOn(kind, [file], [file.urlPath], describeFiles(kind, [file]), null);
      }
    },
  };
}

/** What nginx and bare Node serve, for the report: one answer's sizes, or how many and their mean. */
function describeFiles(kind: NginxKind, files: StaticFile[], scenarioName?: string): string {
  const sent = (f: StaticFile) => (f.gzip ?? f.body).length;
  if (files.length === 1) {
    const [file] = files as [StaticFile];
    const encoded = file.gzip ? `gzip ${sent(file)} B` : 'uncompressed';
    return `${KIND_NAMES[kind].what} (${file.body.length} B, ${encoded})`;
  }
  const mean = Math.round(files.reduce((n, f) => n + sent(f), 0) / files.length);
  const of = scenarioName ? ` of "${scenarioName}"` : '';
  return `${KIND_NAMES[kind].what}, the ${files.length.toLocaleString('en')} answers${of} (gzip ${mean} B on average)`;
}

/** The answer of each kind measured when its scenario did not run: the first listing page and the pages above. */
const referencePaths = (productId: string): Record<NginxKind, string> => ({
  json: '/api/products/paginated?page=1',
  ...(Object.fromEntries(nginxPages(productId).map((p) => [p.kind, p.path])) as Record<
    'home' | 'category' | 'html',
    string
  >),
});

/**
 * Each of `paths` as our server answers it in gzip (what the scenarios ask for), as a file for
 * nginx and bare Node: `/<kind>/<i>`, its uncompressed bytes those of the gzip answer. Asked four
 * at a time; for a page scenario this is its priming (measure.ts), for the listing its warm-up.
 * The uncompressed bytes are served with the gzip answer's headers: no scenario asks for them.
 */
async function scenarioFiles(
  baseUrl: string,
  paths: string[],
  headers: Record<string, string>,
  kind: NginxKind,
): Promise<StaticFile[]> {
  const files: StaticFile[] = new Array<StaticFile>(paths.length);
  await forEachAtOnce(paths, 4, async (path, i) => {
    const answer = await getRaw(baseUrl, path, { ...headers, 'accept-encoding': 'gzip' });
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    const gzip = answer.encoding === 'gzip' ? answer.body : null;
    const replayed = replayedHeaders(answer.rawHeaders);
    files[i] = {
      urlPath: `/${KIND_NAMES[kind].key}/${i}`,
      body: gzip ? zlib.gunzipSync(gzip) : answer.body,
      gzip,
      contentType: KIND_NAMES[kind].contentType,
      headers: replayed,
      identityHeaders: replayed,
    };
  });
  return files;
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

/** Measured once per run, outside the configurations (`--only` of these alone starts no configuration). */
const RUN_LEVEL = ['quote-pricing', 'media-stores'];
const configsNeeded = !values.only || values.only.split(',').some((key) => !RUN_LEVEL.includes(key));

const run: RunData = { configs: [], lighthouse: null, bundles: null };
let exitCode = 0;
try {
  if (plan.scenario('quote-pricing')) {
    log(`a ${QUOTE_PRICING_LINES}-line quote priced from its costings and the rates, in this process`);
    run.quotePricing = pricingInProcess(QUOTE_PRICING_LINES, 20);
  }
  for (const [index, config] of (configsNeeded ? configs : []).entries()) {
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
      if (FEATURE_SCENARIOS.some((key) => plan.scenario(key))) {
        log(
          `${label}: a ${SELECTION_DESIGNS}-design selection with a link, a ${QUICK_ORDER_LINES.toLocaleString('en')}-line paste`,
        );
        scenarios.push(...(await featureScenarios(server, plan.scenario)));
      }
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
      const statics = plan.nginx ? staticReferences(server) : null;
      for (const scenario of scenarios) {
        const kind = statics?.kindOf(scenario.key) ?? null;
        log(
          `${label}: ${scenario.name}${kind ? ', in turns with nginx and bare Node on the same answers' : ''}`,
        );
        const ours: Target = { baseUrl: server.url, scenario, rssMb: () => server.rssMb() };
        result.scenarios.push(
          kind
            ? await statics!.alongside(kind, ours)
            : await measure(server.url, scenario, measureSettings(server)),
        );
      }
      if (statics) {
        await statics.rest(catalogue.productIds[0]!);
        result.nginx = statics.nginx as NginxResult;
        result.bareNode = statics.bareNode as NginxResult;
        if (index === configs.length - 1) {
          const pages = nginxPages(catalogue.productIds[0]!);
          const encoded = await Promise.all(
            pages.map((p) => answerEncodings(server.url, p.path, 'text/html')),
          );
          run.pageBytes = pages.map((p, i) => pageBytes(p.page, p.path, encoded[i]!));
        }
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
  if (plan.scenario('media-stores')) {
    run.mediaStores = await measureMediaStores({ port: SERVER_PORT, settings: measureSettings(null), log });
    const m = run.mediaStores;
    log(
      `media stores: ${Math.round(m.bucket.rps)} variant answers/s from the bucket, ${Math.round(m.directory.rps)} from the directory; uploads to AVIF median ${m.uploadMedianMs} ms, p95 ${m.uploadP95Ms} ms; RSS ${m.rssAfterFirstThousandMb} → ${m.rssAfterAllMb} MB over ${m.reads.toLocaleString('en')} reads`,
    );
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
