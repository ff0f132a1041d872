import { describe, expect, it } from 'vitest';
import { ATTEMPTS, pictureUrls, type Report, summarize, withRetries } from './lighthouse.ts';

describe('withRetries', () => {
  it('answers the first run that succeeds, logging each failure before it', async () => {
    const log: string[] = [];
    let calls = 0;
    const report = await withRetries(
      async () => {
        calls++;
        if (calls < ATTEMPTS) throw new Error(`NO_NAVSTART ${calls}\nstack`);
        return 'report';
      },
      (line) => log.push(line),
    );
    expect(report).toBe('report');
    expect(calls).toBe(ATTEMPTS);
    expect(log).toEqual(['  NO_NAVSTART 1; retrying', '  NO_NAVSTART 2; retrying']);
  });

  it(`gives up after ${ATTEMPTS} failures with null, so the run is left out`, async () => {
    const log: string[] = [];
    let calls = 0;
    const report = await withRetries<string>(
      async () => {
        calls++;
        throw new Error('NO_NAVSTART');
      },
      (line) => log.push(line),
    );
    expect(report).toBeNull();
    expect(calls).toBe(ATTEMPTS);
    expect(log.at(-1)).toBe(`  NO_NAVSTART; left out after ${ATTEMPTS} attempts`);
  });
});

describe('pictureUrls', () => {
  it('lists each picture of src and srcset once, absolute, with &amp; decoded, and nothing else', () => {
    const html =
      '<link rel="icon" href="/favicon.svg"/>' +
      '<img src="https://media.example/media/a1?w=800&amp;q=86" ' +
      'srcSet="https://media.example/media/a1?w=800&amp;q=86 800w, https://media.example/media/a1?w=800&amp;q=86&amp;dpr=2 1600w"/>' +
      '<img src="/media/b2?w=80" srcset="/media/b2?w=80 1x, /media/b2?w=120&amp;dpr=2 3x"/>' +
      '<script src="/assets/entry.js"></script><img src="/images/logo.png"/>';
    expect(pictureUrls(html, 'http://127.0.0.1:3900/singleproduct/x')).toEqual([
      'https://media.example/media/a1?w=800&q=86',
      'https://media.example/media/a1?w=800&q=86&dpr=2',
      'http://127.0.0.1:3900/media/b2?w=80',
      'http://127.0.0.1:3900/media/b2?w=120&dpr=2',
    ]);
  });
});

describe('summarize', () => {
  const run = (score: number, lcp: number, tbt: number, index?: number): Report => ({
    categories: { performance: { score } },
    audits: {
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: 0.0004 },
      'total-byte-weight': { numericValue: 210_000.4 },
    },
    ...(index === undefined ? {} : { environment: { benchmarkIndex: index } }),
  });

  it("gives each figure's median over the runs, the host's CPU index included", () => {
    expect(
      summarize('home', '/', [
        run(0.83, 1158.2, 654, 812.5),
        run(0.9, 1101, 398, 1490),
        run(0.86, 1190, 543, 1003),
      ]),
    ).toEqual({
      page: 'home',
      url: '/',
      runs: 3,
      score: 86,
      lcpMs: 1158,
      tbtMs: 543,
      cls: 0,
      totalBytes: 210_000,
      benchmarkIndex: 1003,
    });
  });

  it('leaves the CPU index out when no run reported one', () => {
    expect(summarize('product', '/p', [run(1, 900, 20)]).benchmarkIndex).toBeNull();
  });
});
