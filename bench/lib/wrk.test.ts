import { describe, expect, it } from 'vitest';
import { splitByWeight } from './measure.ts';
import { parseWrkOutput, wrkScript } from './wrk.ts';

describe('wrkScript', () => {
  it('walks the paths in order and sends the headers, quoting what Lua would misread', () => {
    const script = wrkScript(
      ['/a?q="x"', '/b\\c'],
      { accept: 'text/html', 'accept-encoding': 'gzip' },
      false,
    );
    expect(script).toContain('local paths = { "/a?q=\\"x\\"", "/b\\\\c" }');
    expect(script).toContain('["accept"] = "text/html", ["accept-encoding"] = "gzip"');
    // Repeating: back to the first path after the last.
    expect(script).toContain('i = 1');
    expect(script).not.toContain('exhausted = true');
  });

  it('asks each path once when told to, and says so when the paths ran out', () => {
    const script = wrkScript(['/a'], {}, true);
    expect(script).toContain('exhausted = true');
    expect(script).not.toMatch(/then\s+i = 1/);
  });

  it('refuses an empty list', () => {
    expect(() => wrkScript([], {}, false)).toThrow(/at least one path/);
  });
});

describe('parseWrkOutput', () => {
  const out = (json: string) =>
    `Running 3s test @ http://127.0.0.1:3900\n  1 threads and 20 connections\nWRK_JSON ${json}\n`;

  it('reads requests per second from the count and duration, and latencies in ms', () => {
    const round = parseWrkOutput(
      out(
        '{"requests":30000,"durationUs":3000000,"p50Us":1250,"p99Us":4100,"errors":2,"non2xx":5,"exhausted":false}',
      ),
    );
    expect(round).toEqual({
      rps: 10_000,
      p50: 1.25,
      p99: 4.1,
      errors: 2,
      non2xx: 5,
      requests: 30_000,
      exhausted: false,
    });
  });

  it('counts a round in which nothing came back as an error', () => {
    const round = parseWrkOutput(
      out('{"requests":0,"durationUs":3000000,"p50Us":0,"p99Us":0,"errors":0,"non2xx":0,"exhausted":false}'),
    );
    expect(round.rps).toBe(0);
    expect(round.errors).toBe(1);
  });

  it('fails when wrk printed no summary', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:3900 Connection refused\n')).toThrow(
      /no summary/,
    );
  });
});

describe('splitByWeight', () => {
  it('gives rounds of equal length consecutive shares, none repeated', () => {
    expect(splitByWeight([1, 2, 3, 4, 5, 6, 7], [1, 1, 1])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6, 7],
    ]);
    expect(splitByWeight(['a', 'b'], [1])).toEqual([['a', 'b']]);
  });

  it('gives a longer round a larger share, in order, every path once', () => {
    const paths = Array.from({ length: 19 }, (_, i) => i);
    const shares = splitByWeight(paths, [10, 3, 3, 3]);
    expect(shares.map((s) => s.length)).toEqual([10, 3, 3, 3]);
    expect(shares.flat()).toEqual(paths);
    expect(splitByWeight(['a', 'b', 'c', 'd'], [1, 1])).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(splitByWeight([1, 2, 3], [2, 0, 1])).toEqual([[1, 2], [], [3]]);
  });
});
