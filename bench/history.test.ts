import { describe, expect, it } from 'vitest';
import { historyRows } from './history.ts';

describe('benchmark history rows', () => {
  it('names the run, its commit, configurations, load, length and budgets met', () => {
    const rows = historyRows([
      {
        file: '2026-11-23T08-35-22-135Z.json',
        run: {
          date: '2026-11-23T08:35:22.135Z',
          commit: '330c2a8e1f',
          mode: 'full',
          loadavg: { start: [1.34, 2.62, 2.89] },
          durationSeconds: 1059,
          configs: [
            { database: 'pglite', products: 1000 },
            { database: 'postgres', products: 100000 },
          ],
          budgets: [{ status: 'pass' }, { status: 'fail' }, { status: 'not run' }, { status: 'pass' }],
        },
      },
      { file: 'old.json', run: { date: '2026-11-22T21:56:07.297Z' } },
    ]);
    expect(rows).toEqual([
      '| [2026-11-23 08:35](results/2026-11-23T08-35-22-135Z.json) | `330c2a8` | full | pglite 1,000, postgres 100,000 | 1.3 | 18 min | 2 / 3 |',
      '| [2026-11-22 21:56](results/old.json) | – | – | – | – | – | – |',
    ]);
  });
});
