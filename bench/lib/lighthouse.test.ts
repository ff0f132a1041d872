import { describe, expect, it } from 'vitest';
import { ATTEMPTS, withRetries } from './lighthouse.ts';

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
