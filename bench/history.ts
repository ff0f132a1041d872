/**
 * The benchmark history: one line per stored run in docs/benchmarks/results, written between the
 * markers of docs/benchmarks/README.md. `npm run bench` calls it after storing a run; by hand:
 * `node --import tsx bench/history.ts`. Each line gives what the budgets are about, read from the
 * run's largest configuration: the stored pages as a ratio to nginx serving the same bytes, the
 * first renders per second, the server's peak RSS, and how many budgets held.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(ROOT, 'docs/benchmarks/results');
const README = path.join(ROOT, 'docs/benchmarks/README.md');
const START = '<!-- history:start -->';
const END = '<!-- history:end -->';

type Measured = { rps: number; rssMb?: number | null };

type StoredRun = {
  date: string;
  commit?: string;
  loadavg?: { start?: number[] };
  configs?: Array<{
    database: string;
    products: number;
    scenarios?: Array<Measured & { key: string }>;
    nginx?: Partial<Record<'json' | 'home' | 'category' | 'html', Measured>>;
  }>;
  budgets?: Array<{ status: string }>;
};

export const HISTORY_HEADER = [
  '| run | commit | load at start | largest configuration | home / category / product ÷ nginx | first renders/s | peak RSS MB | budgets met / measured |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];

/** `n` with a comma between thousands, as the tables write counts. */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** One Markdown table row per run, in the order given. */
export function historyRows(runs: Array<{ file: string; run: StoredRun }>): string[] {
  return runs.map(({ file, run }) => {
    const largest = (run.configs ?? []).reduce<NonNullable<StoredRun['configs']>[number] | null>(
      (best, c) => (!best || c.products >= best.products ? c : best),
      null,
    );
    const scenario = (key: string) => largest?.scenarios?.find((s) => s.key === key);
    // Older runs compared every page with one nginx product page ("html").
    const ratio = (key: string, reference: 'home' | 'category' | 'html') => {
      const ours = scenario(key)?.rps;
      const nginx = largest?.nginx?.[reference]?.rps ?? largest?.nginx?.html?.rps;
      return ours && nginx ? (ours / nginx).toFixed(2) : '–';
    };
    const pages = largest
      ? [ratio('ssr-home', 'home'), ratio('ssr-category', 'category'), ratio('ssr-product', 'html')].join(
          ' / ',
        )
      : '–';
    const miss = scenario('ssr-product-miss')?.rps;
    const rss = Math.max(0, ...(largest?.scenarios ?? []).map((s) => s.rssMb ?? 0));
    const budgets = (run.budgets ?? []).filter((b) => b.status !== 'not run');
    const passed = budgets.filter((b) => b.status === 'pass').length;
    const load = run.loadavg?.start?.[0];
    return [
      `[${run.date.slice(0, 16).replace('T', ' ')}](results/${file})`,
      run.commit ? `\`${run.commit.slice(0, 7)}\`` : '–',
      load === undefined ? '–' : load.toFixed(1),
      largest ? `${largest.database} ${grouped(largest.products)}` : '–',
      pages,
      miss === undefined ? '–' : String(Math.round(miss)),
      rss > 0 ? String(Math.round(rss)) : '–',
      budgets.length ? `${passed} / ${budgets.length}` : '–',
    ]
      .join(' | ')
      .replace(/^/, '| ')
      .concat(' |');
  });
}

export function writeHistory(): void {
  const files = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const runs = files.map((file) => ({
    file,
    run: JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, file), 'utf8')) as StoredRun,
  }));
  const table = [...HISTORY_HEADER, ...historyRows(runs)].join('\n');
  const text = fs.readFileSync(README, 'utf8');
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  if (at < 0 || end < at) throw new Error(`${README} lacks the ${START} … ${END} markers`);
  fs.writeFileSync(README, `${text.slice(0, at + START.length)}\n${table}\n${text.slice(end)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeHistory();
