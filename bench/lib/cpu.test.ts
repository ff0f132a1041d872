import { describe, expect, it } from 'vitest';
import { backendCpuDelta, cpuPerRequest, processCpuSeconds } from './cpu.ts';

describe('processCpuSeconds', () => {
  it.runIf(process.platform === 'linux')('agrees with what Node counts for this process', () => {
    const before = processCpuSeconds(process.pid)!;
    const usage = process.cpuUsage();
    // Busy until Node has counted 200 ms of CPU (wall time would be longer on a busy machine).
    let x = 0;
    const used = () => {
      const u = process.cpuUsage(usage);
      return (u.user + u.system) / 1e6;
    };
    while (used() < 0.2) x += Math.sqrt(x + 1);
    const after = processCpuSeconds(process.pid)!;
    expect(x).toBeGreaterThan(0);
    // /proc counts in 10-ms ticks, and vitest's own threads may run meanwhile.
    expect(after - before).toBeGreaterThanOrEqual(used() - 0.03);
    expect(after - before).toBeLessThan(used() + 0.2);
  });

  it('is null for a process that does not exist', () => {
    expect(processCpuSeconds(2 ** 30)).toBeNull();
  });
});

describe('backendCpuDelta', () => {
  it('counts new backends from zero and ended ones up to their last sample', () => {
    const samples = [
      new Map([
        [1, 10],
        [2, 5],
      ]),
      new Map([
        [1, 11],
        [2, 7],
        [3, 1],
      ]),
      new Map([
        [1, 12.5],
        [3, 2],
      ]),
    ];
    // pid 1: 2.5; pid 2 ended after 2; pid 3 appeared and used 2.
    expect(backendCpuDelta(samples)).toBeCloseTo(6.5);
    expect(backendCpuDelta([])).toBe(0);
  });
});

describe('cpuPerRequest', () => {
  it('divides CPU seconds by the requests, in milliseconds', () => {
    expect(
      cpuPerRequest(
        { serverSeconds: 3, postgresSeconds: 1.5 },
        { serverSeconds: 6, postgresSeconds: null },
        1000,
      ),
    ).toEqual({ serverMs: 3, postgresMs: 1.5, serverMsWithMail: 6, postgresMsWithMail: null });
    expect(
      cpuPerRequest({ serverSeconds: 1, postgresSeconds: 1 }, { serverSeconds: 1, postgresSeconds: 1 }, 0),
    ).toEqual({
      serverMs: null,
      postgresMs: null,
      serverMsWithMail: null,
      postgresMsWithMail: null,
    });
  });
});
