import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from '../../../scripts/server-process.mjs';

describe('serverProcessEnv', () => {
  it('adds two malloc arenas, a fixed mmap threshold, a smaller young generation and global.gc to what the caller sets', () => {
    expect(serverProcessEnv({ PATH: '/bin', PORT: '3000' })).toEqual({
      PATH: '/bin',
      PORT: '3000',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_OPTIONS: '--max-semi-space-size=4 --expose-gc',
    });
  });

  it('keeps the other Node options the caller gives', () => {
    expect(serverProcessEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      '--enable-source-maps --max-semi-space-size=4 --expose-gc',
    );
  });

  it('leaves a malloc setting out when the operator sets it empty, so glibc chooses (not 0)', () => {
    const env = serverProcessEnv({ MALLOC_MMAP_THRESHOLD_: '', PORT: '3000' });
    expect('MALLOC_MMAP_THRESHOLD_' in env).toBe(false);
    expect(env.MALLOC_ARENA_MAX).toBe('2');
    expect(env.PORT).toBe('3000');
  });

  it('keeps what the operator chose', () => {
    expect(serverProcessEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(serverProcessEnv({ NODE_OPTIONS: '--max-semi-space-size=16' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=16 --expose-gc',
    );
    expect(serverProcessEnv({ NODE_OPTIONS: '--expose-gc --max-semi-space-size=8' }).NODE_OPTIONS).toBe(
      '--expose-gc --max-semi-space-size=8',
    );
  });
});
