import { describe, expect, it } from 'vitest';
import { SEMI_SPACE_FLAG, serverProcessEnv } from '../../../scripts/server-process.mjs';

describe('serverProcessEnv', () => {
  it('adds two malloc arenas, a fixed mmap threshold and a smaller young generation to what the caller sets', () => {
    expect(serverProcessEnv({ PATH: '/bin', PORT: '3000' })).toEqual({
      PATH: '/bin',
      PORT: '3000',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_OPTIONS: SEMI_SPACE_FLAG,
    });
  });

  it('keeps the other Node options the caller gives', () => {
    expect(serverProcessEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      `--enable-source-maps ${SEMI_SPACE_FLAG}`,
    );
  });

  it('keeps what the operator chose', () => {
    expect(serverProcessEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(serverProcessEnv({ NODE_OPTIONS: '--max-semi-space-size=16' }).NODE_OPTIONS).toBe(
      '--max-semi-space-size=16',
    );
  });
});
