import os from 'node:os';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const argon = vi.hoisted(() => ({ running: 0, most: 0 }));
vi.mock('@node-rs/argon2', () => {
  const work = async <T>(value: T) => {
    argon.running++;
    argon.most = Math.max(argon.most, argon.running);
    await new Promise((r) => setTimeout(r, 5));
    argon.running--;
    return value;
  };
  return {
    hash: (password: string) => work(`hashed:${password}`),
    verify: async (stored: string, password: string) => {
      if (!stored.startsWith('hashed:')) throw new Error('not an argon2 hash');
      return work(stored === `hashed:${password}`);
    },
  };
});

const { hashPassword, verifyPassword } = await import('./password.ts');

describe('password hashing', () => {
  beforeEach(() => {
    argon.most = 0;
  });

  it('runs at most one hash per core at once (at most four), however many are asked for', async () => {
    const hashes = await Promise.all(Array.from({ length: 12 }, (_, i) => hashPassword(`pw-${i}`)));
    expect(hashes[3]).toBe('hashed:pw-3');
    expect(argon.most).toBe(Math.min(4, os.availableParallelism()));
  });

  it('verifies through the same limit, and a malformed stored hash is a mismatch, not an error', async () => {
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => verifyPassword('hashed:right', 'right')),
      verifyPassword('hashed:right', 'wrong'),
      verifyPassword('not-a-hash', 'right'),
    ]);
    expect(results).toEqual([...Array(8).fill(true), false, false]);
    expect(argon.most).toBe(Math.min(4, os.availableParallelism()));
  });
});
