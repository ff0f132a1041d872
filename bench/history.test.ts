import { describe, expect, it } from 'vitest';
import { historyRows } from './history.ts';

describe('benchmark history rows', () => {
  it('gives the run, its commit, load, largest configuration, page ratios, first renders, peak RSS and budgets', () => {
    const rows = historyRows([
      {
        file: '2026-11-29T14-25-30-733Z.json',
        run: {
          date: '2026-11-29T14:25:30.733Z',
          commit: 'cf8da10e1f',
          loadavg: { start: [2.45, 2.37, 1.96] },
          configs: [
            { database: 'pglite', products: 1000, scenarios: [{ key: 'ssr-home', rps: 1, rssMb: 900 }] },
            {
              database: 'postgres',
              products: 100000,
              scenarios: [
                { key: 'ssr-home', rps: 20000, rssMb: 180 },
                { key: 'ssr-category', rps: 15000, rssMb: 190.4 },
                { key: 'ssr-product', rps: 21000, rssMb: 170 },
                { key: 'ssr-product-miss', rps: 314.6, rssMb: 240.6 },
              ],
              nginx: { home: { rps: 80000 }, category: { rps: 75000 }, html: { rps: 84000 } },
            },
          ],
          budgets: [{ status: 'pass' }, { status: 'fail' }, { status: 'not run' }, { status: 'pass' }],
        },
      },
      {
        // An early run: every page compared with nginx's one product page.
        file: '2026-11-23T08-35-22-135Z.json',
        run: {
          date: '2026-11-23T08:35:22.135Z',
          configs: [
            {
              database: 'postgres',
              products: 100000,
              scenarios: [
                { key: 'ssr-home', rps: 300 },
                { key: 'ssr-product', rps: 600 },
              ],
              nginx: { html: { rps: 1200 } },
            },
          ],
        },
      },
      { file: 'old.json', run: { date: '2026-11-22T21:56:07.297Z' } },
    ]);
    expect(rows).toEqual([
      '| [2026-11-29 14:25](results/2026-11-29T14-25-30-733Z.json) | `cf8da10` | 2.5 | postgres 100,000 | 0.25 / 0.20 / 0.25 | 315 | 241 | 2 / 3 |',
      '| [2026-11-23 08:35](results/2026-11-23T08-35-22-135Z.json) | – | – | postgres 100,000 | 0.25 / – / 0.50 | – | – | – |',
      '| [2026-11-22 21:56](results/old.json) | – | – | – | – | – | – | – |',
    ]);
  });
});
