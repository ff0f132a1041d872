import { type BudgetRow, growthTable, ratioToNginx, sizeLabel } from './budgets.ts';
import type { ScenarioResult } from './measure.ts';
import { imageBytesTable } from './image-bytes.ts';
import { pageBytesTable } from './page-bytes.ts';
import type { NginxKind, NginxResult, RunData } from './types.ts';

/** The tables `npm run bench` prints: one scenario table for all configurations, then the rest. */

type RowFigures = Pick<
  ScenarioResult,
  'name' | 'rps' | 'p50' | 'p99' | 'errors' | 'non2xx' | 'rssMb' | 'loadavg'
> &
  Partial<Pick<ScenarioResult, 'warmupRps' | 'warmupSeconds'>>;

const scenarioRow = (config: string, r: RowFigures, ratio: number | null = null) => ({
  config,
  scenario: withWarmup(r),
  'req/s': r.rps,
  'p50 ms': r.p50,
  'p99 ms': r.p99,
  errors: r.errors + r.non2xx,
  'RSS MB': r.rssMb ?? '-',
  '× nginx': ratio === null ? '' : ratio.toFixed(2),
  load: r.loadavg,
});

/** A scenario with a warm-up of its own shows that warm-up's rate too (the server's first minutes). */
export function withWarmup(r: Pick<ScenarioResult, 'name' | 'warmupRps' | 'warmupSeconds'>): string {
  return r.warmupRps === undefined ? r.name : `${r.name}; ${r.warmupRps}/s in its first ${r.warmupSeconds} s`;
}

const RATIO_OF: Record<string, NginxKind> = {
  'listing-real': 'json',
  'listing-uniform': 'json',
  'ssr-home': 'home',
  'ssr-category': 'category',
  'ssr-product': 'html',
};

/** The stored answers set beside nginx and the bare Node server (their files: `RATIO_OF`). */
const CEILING_ANSWERS: [key: string, label: string][] = [
  ['listing-real', 'listing JSON (real-traffic pages)'],
  ['ssr-home', 'home page'],
  ['ssr-category', 'category page'],
  ['ssr-product', 'product page'],
];

const times = (ours: number | undefined, theirs: number | undefined) =>
  ours !== undefined && theirs ? `${(ours / theirs).toFixed(2)}×` : '-';

/**
 * Each stored answer's rate beside nginx's and a bare Node server's on the same bytes (measured in
 * the same configuration): how far our server is from what Node allows on this machine, and how
 * far that is from nginx. One row per answer and configuration that measured all three.
 */
export function ceilingTable(configs: RunData['configs']) {
  return configs.flatMap((c) =>
    CEILING_ANSWERS.flatMap(([key, label]) => {
      const kind = RATIO_OF[key]!;
      const ours = c.scenarios.find((s) => s.key === key)?.rps;
      const nginx = c.nginx && !c.nginx.measuredIn ? c.nginx[kind]?.rps : undefined;
      const bare = c.bareNode?.[kind]?.rps;
      if (ours === undefined || nginx === undefined || bare === undefined) return [];
      return [
        {
          config: `${c.database} ${sizeLabel(c.products)}`,
          answer: label,
          'nginx req/s': nginx,
          'bare Node req/s': bare,
          'bare Node × nginx': times(bare, nginx),
          'ours req/s': ours,
          'ours × nginx': times(ours, nginx),
          'ours × bare Node': times(ours, bare),
        },
      ];
    }),
  );
}

/** nginx's rows of a configuration (older results files lack the home and category pages). */
export const nginxRows = (nginx: NginxResult): ScenarioResult[] =>
  [nginx.json, nginx.home, nginx.category, nginx.html].filter((r): r is ScenarioResult => !!r);

export function printReport(run: RunData, budgets: BudgetRow[], header: string) {
  console.log(`\n${header}`);
  const rows = run.configs.flatMap((c) => {
    const label = `${c.database} ${sizeLabel(c.products)}`;
    return [
      ...c.scenarios.map((s) =>
        scenarioRow(label, s, RATIO_OF[s.key] ? ratioToNginx(c, s.key, RATIO_OF[s.key]!) : null),
      ),
      ...(c.nginx && !c.nginx.measuredIn ? nginxRows(c.nginx).map((r) => scenarioRow(label, r)) : []),
      ...(c.buyers
        ? [
            {
              ...scenarioRow(label, c.buyers),
              scenario: `stress: ${c.buyers.name} (${c.buyers.acknowledged} acknowledged, ${c.buyers.missing} missing)`,
            },
            ...(c.buyers.paced
              ? [
                  {
                    ...scenarioRow(label, { ...c.buyers.paced, rssMb: null }),
                    scenario: `${c.buyers.paced.name} (${c.buyers.paced.acknowledged} acknowledged, ${c.buyers.paced.missing} missing; writes p50 ${c.buyers.paced.writeP50} ms, p99 ${c.buyers.paced.writeP99} ms)`,
                  },
                ]
              : []),
          ]
        : []),
    ];
  });
  console.table(rows);

  const ceiling = ceilingTable(run.configs);
  if (ceiling.length) {
    console.log(
      "\nStored answers beside the same bytes from nginx and from a bare Node http server (Node's ceiling here)",
    );
    console.table(ceiling);
  }

  const growth = growthTable(run.configs);
  if (growth.length > 1) {
    console.log('\nGrowth: p99 (ms) against catalogue size');
    console.table(
      growth.map((g) => ({
        database: g.database,
        products: g.products,
        'listing p99': g.listingP99 ?? '-',
        'search p99': g.searchP99 ?? '-',
      })),
    );
  }
  if (run.lighthouse) {
    console.log('\nLighthouse 12, mobile, simulated throttling (medians)');
    console.table(
      run.lighthouse.map((p) => ({
        page: p.page,
        url: p.url,
        runs: p.runs,
        score: p.score,
        'LCP ms': p.lcpMs,
        'TBT ms': p.tbtMs,
        CLS: p.cls,
        'KB transferred': Math.round(p.totalBytes / 1024),
        'host CPU index': p.benchmarkIndex ?? '-',
      })),
    );
  }
  if (run.bundles) {
    console.log('\nFirst-load JavaScript and CSS (gzip, from the build manifest)');
    console.table(
      run.bundles.map((b) => ({
        page: b.page,
        route: b.routeId,
        'JS KB': b.jsGzipKb,
        files: b.jsFiles,
        'CSS KB': b.cssGzipKb,
      })),
    );
  }
  if (run.pageBytes?.length) {
    console.log('\nPublic pages as a visitor downloads them (anonymous, as stored)');
    console.table(pageBytesTable(run.pageBytes));
  }
  if (run.imageBytes?.length) {
    console.log('\nProduct picture bytes: WebP (browsers without AVIF) and AVIF (browsers with it)');
    console.table(imageBytesTable(run.imageBytes));
  }
  const measured = budgets.filter((b) => b.status !== 'not run');
  const notRun = budgets.length - measured.length;
  console.log(`\nBudgets${notRun ? ` (${notRun} not measured by this run are left out; see the JSON)` : ''}`);
  console.table(
    measured.map((b) => ({
      source: b.source,
      budget: b.budget,
      at: b.at,
      actual: b.actual,
      status: b.status,
    })),
  );
}
