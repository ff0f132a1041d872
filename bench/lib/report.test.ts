import { describe, expect, it } from 'vitest';
import { ceilingTable, withWarmup } from './report.ts';
import type { ConfigResult } from './types.ts';

describe('withWarmup', () => {
  it("names a scenario's own warm-up and its rate, and leaves the others as they are", () => {
    expect(
      withWarmup({ name: 'SSR product page rendered for the first time', warmupRps: 118, warmupSeconds: 10 }),
    ).toBe('SSR product page rendered for the first time; 118/s in its first 10 s');
    expect(withWarmup({ name: 'SSR home page' })).toBe('SSR home page');
  });
});

describe('ceilingTable', () => {
  const figure = (key: string, rps: number) =>
    ({ key, name: key, rps, p50: 1, p99: 2, errors: 0, non2xx: 0, rssMb: null, loadavg: 1 }) as never;
  const config = (overrides: Partial<ConfigResult>): ConfigResult => ({
    database: 'postgres',
    products: 100_000,
    totalPages: 6250,
    scenarios: [figure('ssr-product', 10_000), figure('ssr-home', 9_000), figure('listing-real', 7_000)],
    nginx: {
      json: figure('nginx-json', 28_000),
      html: figure('nginx-product', 25_000),
      home: figure('nginx-home', 30_000),
    },
    bareNode: {
      json: figure('bare-node-json', 14_000),
      html: figure('bare-node-product', 12_500),
      home: figure('bare-node-home', 12_000),
    },
    buyers: null,
    ...overrides,
  });

  it('sets each stored answer beside nginx and the bare Node server, as rates and ratios', () => {
    expect(ceilingTable([config({})])).toEqual([
      {
        config: 'postgres 100k',
        answer: 'listing JSON (real-traffic pages)',
        'nginx req/s': 28_000,
        'bare Node req/s': 14_000,
        'bare Node × nginx': '0.50×',
        'ours req/s': 7_000,
        'ours × nginx': '0.25×',
        'ours × bare Node': '0.50×',
      },
      {
        config: 'postgres 100k',
        answer: 'home page',
        'nginx req/s': 30_000,
        'bare Node req/s': 12_000,
        'bare Node × nginx': '0.40×',
        'ours req/s': 9_000,
        'ours × nginx': '0.30×',
        'ours × bare Node': '0.75×',
      },
      {
        config: 'postgres 100k',
        answer: 'product page',
        'nginx req/s': 25_000,
        'bare Node req/s': 12_500,
        'bare Node × nginx': '0.50×',
        'ours req/s': 10_000,
        'ours × nginx': '0.40×',
        'ours × bare Node': '0.80×',
      },
    ]);
  });

  it('leaves out a configuration without the bare Node figures, or with nginx measured in another', () => {
    expect(ceilingTable([config({ bareNode: null })])).toEqual([]);
    expect(ceilingTable([config({ bareNode: undefined })])).toEqual([]);
    const shared = config({});
    shared.nginx = { ...shared.nginx!, measuredIn: 'postgres 100k' };
    expect(ceilingTable([shared])).toEqual([]);
  });
});
