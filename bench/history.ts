/**
 * The benchmark history: one line per stored run in docs/benchmarks/results, written between the
 * markers of docs/benchmarks/README.md. `npm run bench` calls it after storing a run; by hand:
 * `node --import tsx bench/history.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(ROOT, 'docs/benchmarks/results');
const README = path.join(ROOT, 'docs/benchmarks/README.md');
const START = '<!-- history:start -->';
const END = '<!-- history:end -->';

type StoredRun = {
  date: string;
  commit?: string;
  mode?: string;
  loadavg?: { start?: number[] };
  durationSeconds?: number;
  configs?: Array<{ database: string; products: number }>;
  budgets?: Array<{ status: string }>;
};

/** One Markdown table row per run, oldest first. */
export function historyRows(runs: Array<{ file: string; run: StoredRun }>): string[] {
  return runs.map(({ file, run }) => {
    const configs = (run.configs ?? [])
      .map((c) => `${c.database} ${c.products.toLocaleString('en')}`)
      .join(', ');
    const budgets = (run.budgets ?? []).filter((b) => b.status !== 'not run');
    const passed = budgets.filter((b) => b.status === 'pass').length;
    const load = run.loadavg?.start?.[0];
    return [
      `[${run.date.slice(0, 16).replace('T', ' ')}](results/${file})`,
      run.commit ? `\`${run.commit.slice(0, 7)}\`` : '–',
      run.mode ?? '–',
      configs || '–',
      load === undefined ? '–' : load.toFixed(1),
      run.durationSeconds === undefined ? '–' : `${Math.round(run.durationSeconds / 60)} min`,
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
  const table = [
    '| run | commit | mode | configurations | load at start | took | budgets met / measured |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...historyRows(runs),
  ].join('\n');
  const text = fs.readFileSync(README, 'utf8');
  const at = text.indexOf(START);
  const end = text.indexOf(END);
  if (at < 0 || end < at) throw new Error(`${README} lacks the ${START} … ${END} markers`);
  fs.writeFileSync(README, `${text.slice(0, at + START.length)}\n${table}\n${text.slice(end)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeHistory();
