import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './stats.ts';
import type { LighthousePage } from './types.ts';
import { ROOT } from './server.ts';

const CLI = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
};

/** With `BENCH_LIGHTHOUSE_DIR` set, every run's full report (audits, trace-derived details) is kept there. */
const KEEP_DIR = process.env.BENCH_LIGHTHOUSE_DIR;

/** One Lighthouse run with its defaults: mobile emulation, simulated throttling, performance only. */
function runOnce(url: string, keepAs?: string): Promise<Report> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-bench-chrome-'));
  const args = [
    CLI,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=${userDataDir}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('exit', (code) => {
      fs.rmSync(userDataDir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}: ${err.slice(-500)}`));
      try {
        const report = JSON.parse(out) as Report;
        if (KEEP_DIR && keepAs) {
          fs.mkdirSync(KEEP_DIR, { recursive: true });
          fs.writeFileSync(path.join(KEEP_DIR, `${keepAs}.json`), out);
        }
        if (report.runtimeError)
          return reject(new Error(`lighthouse ${url}: ${report.runtimeError.message}`));
        resolve(report);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

/**
 * Lighthouse itself sometimes fails to record a trace (NO_NAVSTART), more often on a busy machine:
 * a run is tried up to this many times, and one that still fails is left out of the medians.
 */
export const ATTEMPTS = 3;

export async function withRetries<T>(run: () => Promise<T>, log: (line: string) => void): Promise<T | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0];
      if (attempt === ATTEMPTS) {
        log(`  ${reason}; left out after ${ATTEMPTS} attempts`);
        return null;
      }
      log(`  ${reason}; retrying`);
    }
  }
}

/** `runs` Lighthouse runs of each page; medians of score, LCP, TBT, CLS and bytes transferred. */
export async function lighthousePages(
  baseUrl: string,
  pages: { page: string; path: string }[],
  runs: number,
  log: (line: string) => void,
): Promise<LighthousePage[]> {
  const results: LighthousePage[] = [];
  for (const { page, path: pagePath } of pages) {
    const reports: Report[] = [];
    for (let r = 0; r < runs; r++) {
      log(`  lighthouse ${page} run ${r + 1}/${runs}`);
      const keepAs = `${page.replace(/\W+/g, '-')}-${r + 1}`;
      const report = await withRetries(() => runOnce(baseUrl + pagePath, keepAs), log);
      if (report) reports.push(report);
    }
    // A page whose every run failed is left out (its budgets read "not run"), not the whole table.
    if (reports.length === 0) continue;
    const audit = (id: string) => median(reports.map((rep) => rep.audits[id]?.numericValue ?? Number.NaN));
    results.push({
      page,
      url: pagePath,
      runs: reports.length,
      score: Math.round(median(reports.map((rep) => (rep.categories.performance.score ?? 0) * 100))),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      totalBytes: Math.round(audit('total-byte-weight')),
    });
  }
  return results;
}
