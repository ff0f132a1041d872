import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from '../../../scripts/server-process.mjs';

/** Largest young generation (MB) a fresh Node process with `env` reaches while allocating garbage. */
function youngGenerationMb(env: Record<string, string | undefined>): number {
  const script = `
    const v8 = require('node:v8');
    let peak = 0;
    for (let round = 0; round < 100; round++) {
      const garbage = Array.from({ length: 20_000 }, (_, i) => ({ i }));
      const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      peak = Math.max(peak, space.space_size, garbage.length);
    }
    console.log(peak / 2 ** 20);
  `;
  return Number(execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' }).trim());
}

describe('serverProcessEnv', () => {
  it('adds two malloc arenas and 8 MB semi-spaces to what the caller sets', () => {
    const env = serverProcessEnv({ PATH: '/bin', PORT: '3000' });
    expect(env).toMatchObject({ PATH: '/bin', PORT: '3000', MALLOC_ARENA_MAX: '2' });
    expect(env.NODE_OPTIONS).toBe('--max-semi-space-size=8');
  });

  it('keeps what the operator chose', () => {
    expect(serverProcessEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(serverProcessEnv({ NODE_OPTIONS: '--max-semi-space-size=32' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=32',
    );
    expect(serverProcessEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      '--enable-source-maps --max-semi-space-size=8',
    );
  });

  it('halves the young generation Node gives the server', () => {
    const base = { PATH: process.env.PATH ?? '' };
    const byDefault = youngGenerationMb(base);
    const server = youngGenerationMb(serverProcessEnv(base));
    expect(server).toBeLessThanOrEqual(16);
    expect(server).toBeLessThan(byDefault);
  });
});
