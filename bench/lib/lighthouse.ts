import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './stats.ts';
import type { LighthousePage } from './types.ts';
import { ROOT } from './server.ts';

const CLI = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export type Report = {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  /**
   * `benchmarkIndex`: the speed of the machine's CPU as Lighthouse measures it before each run. Its
   * simulated throttling slows the observed main-thread work down 4×, a factor calibrated for a
   * host of index ~1,000 or more; below 1,000 it warns that the CPU is slower than it expects and
   * the score suffers (Total Blocking Time most: only each task's time past 50 ms counts).
   */
  environment?: { benchmarkIndex?: number };
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

/**
 * Every picture address a page's HTML names (`src` and each `srcset` candidate under `/media/`),
 * absolute, once each, in the order they appear.
 */
export function pictureUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  for (const [, attribute, value] of html.matchAll(/\s(src|srcset)="([^"]*)"/gi)) {
    const candidates = attribute!.toLowerCase() === 'srcset' ? value!.split(',') : [value!];
    for (const candidate of candidates) {
      const address = candidate.trim().split(/\s+/)[0]!.replaceAll('&amp;', '&');
      if (!address) continue;
      const url = new URL(address, pageUrl);
      if (url.pathname.startsWith('/media/')) found.add(url.href);
    }
  }
  return [...found];
}

/** How long a page's pictures may take to be ready as AVIF before its runs start anyway. */
const WARM_LIMIT_MS = 120_000;

/**
 * The server encodes a picture's variant on its first request: WebP at once, AVIF in the
 * background for the next request. A page's first visit after an upload therefore measures the
 * encoder beside the browser on the same two cores, and gets other bytes than every later visitor.
 * Before a page's measured runs, each picture its HTML names is asked for as AVIF until all answer
 * AVIF, so the runs measure the page as visitors after the first one get it.
 */
export async function warmPictures(pageUrl: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const html = await (await fetch(pageUrl)).text();
  const urls = pictureUrls(html, pageUrl);
  let waiting = urls;
  while (waiting.length > 0 && Date.now() - started < WARM_LIMIT_MS) {
    const answers = await Promise.all(
      waiting.map(async (url) => {
        const response = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } });
        await response.arrayBuffer();
        return response.headers.get('content-type') === 'image/avif';
      }),
    );
    waiting = waiting.filter((_, i) => !answers[i]);
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`  ${urls.length - waiting.length} of ${urls.length} pictures ready as AVIF after ${seconds} s`);
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
    await warmPictures(baseUrl + pagePath, log);
    for (let r = 0; r < runs; r++) {
      log(`  lighthouse ${page} run ${r + 1}/${runs}`);
      const keepAs = `${page.replace(/\W+/g, '-')}-${r + 1}`;
      const report = await withRetries(() => runOnce(baseUrl + pagePath, keepAs), log);
      if (report) reports.push(report);
    }
    // A page whose every run failed is left out (its budgets read "not run"), not the whole table.
    if (reports.length > 0) results.push(summarize(page, pagePath, reports));
  }
  return results;
}

/** The medians of one page's Lighthouse runs (at least one). */
export function summarize(page: string, url: string, reports: Report[]): LighthousePage {
  const audit = (id: string) => median(reports.map((rep) => rep.audits[id]?.numericValue ?? Number.NaN));
  const indexes = reports.flatMap((rep) => rep.environment?.benchmarkIndex ?? []);
  return {
    page,
    url,
    runs: reports.length,
    score: Math.round(median(reports.map((rep) => (rep.categories.performance.score ?? 0) * 100))),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    totalBytes: Math.round(audit('total-byte-weight')),
    benchmarkIndex: indexes.length ? Math.round(median(indexes)) : null,
  };
}
