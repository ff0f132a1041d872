import { describe, expect, it } from 'vitest';
import { serverProcessEnv } from '../../../scripts/server-process.mjs';

describe('serverProcessEnv', () => {
  it('adds two malloc arenas to what the caller sets', () => {
    expect(serverProcessEnv({ PATH: '/bin', PORT: '3000' })).toEqual({
      PATH: '/bin',
      PORT: '3000',
      MALLOC_ARENA_MAX: '2',
    });
  });

  it('keeps what the operator chose', () => {
    expect(serverProcessEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
});
