import { describe, expect, it } from 'vitest';
import {
  budgetsHeld,
  evaluateBudgets,
  growthBudgets,
  pickConfig,
  ratioToNginx,
  searchP99,
  shareNginx,
} from './budgets.ts';
import type { ScenarioResult } from './measure.ts';
import type { ConfigResult, RunData } from './types.ts';

const result = (
  key: string,
  rps: number,
  p99: number,
  extra: Partial<ScenarioResult> = {},
): ScenarioResult => ({
  key,
  name: key,
  rounds: 3,
  connections: 20,
  seconds: 3,
  rps,
  p50: p99 / 2,
  p99,
  errors: 0,
  non2xx: 0,
  requests: rps * 9,
  rssMb: 150,
  loadavg: 0.2,
  ...extra,
});

const config = (
  database: 'postgres' | 'pglite',
  products: number,
  figures: { listingP99?: number; searchP99?: number; listingRps?: number } = {},
): ConfigResult => ({
  database,
  products,
  totalPages: Math.ceil(products / 16),
  scenarios: [
    result('listing-real', figures.listingRps ?? 8000, figures.listingP99 ?? 6),
    result('listing-uniform', 4000, 9),
    result('search-short', 900, figures.searchP99 ?? 12),
    result('search-long', 3000, 5),
    result('ssr-product', 1500, 30),
  ],
  nginx: { json: result('nginx-json', 12_000, 3), html: result('nginx-html', 10_000, 3) },
  buyers: null,
});

const row = (run: RunData, id: string) => evaluateBudgets(run).find((r) => r.id === id)!;
const run = (...configs: ConfigResult[]): RunData => ({ configs, lighthouse: null, bundles: null });

describe('budget figures', () => {
  it('takes the worst search p99 and our throughput as a multiple of nginx', () => {
    const c = config('postgres', 100_000);
    expect(searchP99(c)).toBe(12);
    expect(ratioToNginx(c, 'listing-real', 'json')).toBeCloseTo(8000 / 12_000);
    expect(ratioToNginx(c, 'ssr-product', 'html')).toBeCloseTo(0.15);
    expect(ratioToNginx({ ...c, nginx: null }, 'listing-real', 'json')).toBeNull();
  });
});

describe('stored-page budgets', () => {
  const pages = (figures: {
    home: number;
    category: number;
    product: number;
    miss?: number;
    rss?: number;
  }) => {
    const c = config('postgres', 100_000);
    return {
      ...c,
      scenarios: [
        ...c.scenarios.filter((s) => s.key !== 'ssr-product'),
        result('ssr-home', figures.home, 4, { rssMb: figures.rss ?? 150 }),
        result('ssr-category', figures.category, 4),
        result('ssr-product', figures.product, 4),
        ...(figures.miss === undefined ? [] : [result('ssr-product-miss', figures.miss, 60)]),
      ],
      nginx: {
        ...c.nginx!,
        home: result('nginx-home', 20_000, 2),
        category: result('nginx-category', 16_000, 2),
        html: result('nginx-html', 10_000, 2),
      },
    };
  };

  it('judges each anonymous page against nginx serving the same page, at 0.25×', () => {
    const r = run(pages({ home: 5_000, category: 3_900, product: 2_500, miss: 150, rss: 251 }));
    expect(row(r, 'ssr-home-ratio')).toMatchObject({ actual: '0.25×', status: 'pass' });
    expect(row(r, 'ssr-category-ratio')).toMatchObject({ actual: '0.24×', status: 'fail' });
    expect(row(r, 'ssr-product-ratio')).toMatchObject({ actual: '0.25×', status: 'pass' });
    expect(row(r, 'ssr-product-miss-rps')).toMatchObject({ actual: '150 req/s', status: 'pass' });
    expect(row(r, 'rss-pages-250')).toMatchObject({ actual: '251 MB', status: 'fail' });
  });

  it('judges the selection page and the quick-order paste by p99, a round with failed answers as a miss', () => {
    const withFeatures = (selection: Partial<ScenarioResult>, paste: Partial<ScenarioResult>) => {
      const c = config('postgres', 100_000);
      c.scenarios.push(
        result('selection-page', 1000, 14.8, selection),
        result('quick-order', 8, 150, { connections: 1, ...paste }),
      );
      return run(c);
    };
    const good = withFeatures({}, {});
    expect(row(good, 'selection-page-p99')).toMatchObject({ status: 'pass', actual: '14.8 ms' });
    expect(row(good, 'quick-order-p99')).toMatchObject({ status: 'pass', actual: '150 ms' });
    const slow = withFeatures({ p99: 51 }, { p99: 201 });
    expect(row(slow, 'selection-page-p99').status).toBe('fail');
    expect(row(slow, 'quick-order-p99').status).toBe('fail');
    const failing = withFeatures({ non2xx: 3 }, { errors: 1 });
    expect(row(failing, 'selection-page-p99').status).toBe('fail');
    expect(row(failing, 'quick-order-p99').status).toBe('fail');
    expect(row(run(config('postgres', 100_000)), 'quick-order-p99').status).toBe('not run');
  });

  it('judges the bucket against the directory store, the uploads to AVIF and the memory over the reads', () => {
    const stores = (
      bucket: Partial<ScenarioResult>,
      uploadP95Ms: number,
      rss: [number, number],
    ): RunData => ({
      ...run(config('pglite', 1000)),
      mediaStores: {
        directory: result('media-directory', 2000, 8),
        bucket: result('media-bucket', 1200, 12, bucket),
        uploads: 20,
        uploadMedianMs: 700,
        uploadP95Ms,
        reads: 10_000,
        rssAfterFirstThousandMb: rss[0],
        rssAfterAllMb: rss[1],
      },
    });
    const good = stores({}, 1500, [180, 195]);
    expect(row(good, 'media-bucket-ratio')).toMatchObject({ status: 'pass', actual: '0.60×' });
    expect(row(good, 'media-upload-p95').status).toBe('pass');
    expect(row(good, 'media-memory-flat')).toMatchObject({ status: 'pass', actual: '15 MB' });
    const bad = stores({ rps: 900 }, 2100, [180, 201]);
    expect(row(bad, 'media-bucket-ratio').status).toBe('fail');
    expect(row(bad, 'media-upload-p95').status).toBe('fail');
    expect(row(bad, 'media-memory-flat').status).toBe('fail');
    // A fast bucket that failed answers is no pass.
    expect(row(stores({ rps: 5000, non2xx: 2 }, 1500, [180, 181]), 'media-bucket-ratio').status).toBe('fail');
    expect(row(run(config('pglite', 1000)), 'media-bucket-ratio').status).toBe('not run');
  });

  it("judges a 500-line quote's pricing by its p95, and leaves it not run when it was not measured", () => {
    const priced = (p95Ms: number): RunData => ({
      ...run(config('postgres', 1000)),
      quotePricing: { lines: 500, rounds: 20, priced: 500, medianMs: 0.9, p95Ms },
    });
    expect(row(priced(9.04), 'quote-pricing-p95')).toMatchObject({ status: 'pass', actual: '9 ms' });
    expect(row(priced(50.2), 'quote-pricing-p95').status).toBe('fail');
    expect(row(run(config('postgres', 1000)), 'quote-pricing-p95').status).toBe('not run');
  });

  it('fails a cache-miss rate under 150 and leaves it not run when the scenario did not run', () => {
    const slow = run(pages({ home: 10_000, category: 8_000, product: 5_000, miss: 149 }));
    expect(row(slow, 'ssr-product-miss-rps').status).toBe('fail');
    const none = run(pages({ home: 10_000, category: 8_000, product: 5_000 }));
    expect(row(none, 'ssr-product-miss-rps').status).toBe('not run');
    // An older results file has no nginx home or category figure: not run, never a pass.
    expect(row(run(config('postgres', 100_000)), 'ssr-home-ratio').status).toBe('not run');
  });

  it('judges the listing JSON ratio on the embedded database too', () => {
    expect(row(run(config('pglite', 10_000)), 'listing-real-ratio-pglite')).toMatchObject({
      at: 'pglite 10k',
      actual: '0.67×',
      status: 'pass',
    });
    expect(row(run(config('pglite', 10_000, { listingRps: 5900 })), 'listing-real-ratio-pglite').status).toBe(
      'fail',
    );
  });
});

describe('shareNginx', () => {
  it("gives the last configuration's nginx figures to the others, marked with where they were measured", () => {
    const configs = [
      { ...config('pglite', 1000), nginx: null },
      { ...config('postgres', 1000), nginx: null },
      config('postgres', 100_000),
    ];
    shareNginx(configs);
    expect(configs[0]!.nginx).toMatchObject({ measuredIn: 'postgres 100k', json: { rps: 12_000 } });
    expect(ratioToNginx(configs[1]!, 'listing-real', 'json')).toBeCloseTo(8000 / 12_000);
    expect(configs[2]!.nginx!.measuredIn).toBeUndefined();
  });

  it('leaves every configuration without nginx when the last one did not measure it', () => {
    const configs = [config('postgres', 1000), { ...config('postgres', 100_000), nginx: null }];
    shareNginx(configs);
    expect(configs[1]!.nginx).toBeNull();
    expect(configs[0]!.nginx!.measuredIn).toBeUndefined();
  });
});

describe('evaluateBudgets', () => {
  it('passes and fails a budget on the configuration it names', () => {
    expect(row(run(config('postgres', 100_000)), 'listing-real-ratio')).toMatchObject({
      at: 'postgres 100k',
      actual: '0.67×',
      status: 'pass',
    });
    expect(row(run(config('postgres', 100_000, { listingRps: 5000 })), 'listing-real-ratio').status).toBe(
      'fail',
    );
    expect(row(run(config('postgres', 100_000, { listingP99: 16 })), 'listing-real-p99')).toMatchObject({
      actual: '16 ms',
      status: 'fail',
    });
  });
  it('judges a smaller run of the same database as indicative, which does not fail the check', () => {
    const rows = evaluateBudgets(run(config('postgres', 1000, { listingP99: 40 })));
    expect(rows.find((r) => r.id === 'listing-real-p99')).toMatchObject({
      at: 'postgres 1k',
      status: 'indicative fail',
    });
    expect(budgetsHeld(rows)).toBe(true);
  });
  it('leaves a budget of a database the run did not use as not run', () => {
    expect(row(run(config('postgres', 100_000)), 'search-p99-pglite')).toMatchObject({
      status: 'not run',
      actual: '-',
    });
    expect(row(run(config('postgres', 100_000)), 'buyers-errors').status).toBe('not run');
  });
  it('checks the buyers run, Lighthouse and the product bundle', () => {
    const c = config('postgres', 100_000);
    c.buyers = { ...result('buyers', 900, 80), buyers: 200, acknowledged: 5000, missing: 1 };
    const data: RunData = {
      configs: [c],
      lighthouse: [
        { page: 'product', url: '/', runs: 3, score: 99, lcpMs: 1100, tbtMs: 20, cls: 0, totalBytes: 1 },
      ],
      bundles: [{ page: 'product', routeId: 'x', jsGzipKb: 91.2, cssGzipKb: 10, jsFiles: 12 }],
    };
    const rows = evaluateBudgets(data);
    const status = (id: string) => rows.find((r) => r.id === id)!.status;
    expect(status('buyers-p99')).toBe('pass');
    expect(status('buyers-orders-kept')).toBe('fail');
    expect(status('lighthouse-product-score')).toBe('fail');
    expect(status('lighthouse-product-lcp')).toBe('pass');
    expect(status('lighthouse-home-score')).toBe('not run');
    expect(status('product-first-load-js')).toBe('fail');
    expect(budgetsHeld(rows)).toBe(false);
  });
  it("judges buyers' latency on the paced run, and errors and lost orders on both runs", () => {
    const c = config('postgres', 100_000);
    const paced = {
      name: 'paced',
      buyers: 200,
      seconds: 30,
      thinkMs: { min: 1000, max: 5000 },
      requests: 4000,
      rps: 130,
      p50: 5,
      p99: 30,
      writeP50: 8,
      writeP99: 40,
      errors: 0,
      non2xx: 0,
      acknowledged: 900,
      missing: 0,
      loadavg: 1,
    };
    c.buyers = { ...result('buyers', 620, 531), buyers: 200, acknowledged: 9000, missing: 0, paced };
    const statusOf = () => {
      const rows = evaluateBudgets({ configs: [c], lighthouse: null, bundles: null });
      return (id: string) => rows.find((r) => r.id === id)!;
    };
    // The stress run's 531 ms is reported, not judged.
    expect(statusOf()('buyers-p99')).toMatchObject({ status: 'pass', actual: '40 ms' });
    c.buyers.paced = { ...paced, writeP99: 150 };
    expect(statusOf()('buyers-p99')).toMatchObject({ status: 'fail', actual: '150 ms' });
    c.buyers.paced = { ...paced, non2xx: 2, missing: 1 };
    expect(statusOf()('buyers-errors')).toMatchObject({ status: 'fail', actual: '2' });
    expect(statusOf()('buyers-orders-kept')).toMatchObject({ status: 'fail', actual: '1' });
  });
});

describe('pickConfig', () => {
  it('prefers the exact configuration, else the largest of the same database', () => {
    const configs = [config('pglite', 10_000), config('postgres', 1000), config('postgres', 10_000)];
    expect(pickConfig(configs, { database: 'postgres', products: 100_000 })).toMatchObject({
      exact: false,
      config: { products: 10_000 },
    });
    expect(pickConfig(configs, { database: 'pglite', products: 10_000 })?.exact).toBe(true);
    expect(pickConfig([config('pglite', 1000)], { database: 'postgres', products: 100_000 })).toBeNull();
  });
});

describe('growthBudgets', () => {
  it('lets listing p99 stay flat and search grow with the logarithm of the size', () => {
    const rows = growthBudgets([
      config('postgres', 1000, { listingP99: 6, searchP99: 10 }),
      config('postgres', 10_000, { listingP99: 6, searchP99: 12 }),
      config('postgres', 100_000, { listingP99: 7, searchP99: 20 }),
    ]);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['growth-listing', 'pass'],
      ['growth-search', 'pass'],
    ]);
    expect(rows[0]!.at).toBe('postgres 1k → 100k');
  });
  it('fails listing that grows with the size and search that grows faster than log N', () => {
    const rows = growthBudgets([
      config('postgres', 1000, { listingP99: 6, searchP99: 10 }),
      config('postgres', 100_000, { listingP99: 40, searchP99: 60 }),
    ]);
    expect(rows.map((r) => r.status)).toEqual(['fail', 'fail']);
  });
  it('is not run with one size or only PGlite', () => {
    expect(growthBudgets([config('postgres', 1000)]).map((r) => r.status)).toEqual(['not run', 'not run']);
    expect(growthBudgets([config('pglite', 1000), config('pglite', 10_000)])[0]!.status).toBe('not run');
  });
});
