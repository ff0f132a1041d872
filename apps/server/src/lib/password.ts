import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createLimiter } from './concurrency.ts';

// argon2id with OWASP's recommended minimums (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes computed at once: one per core (at most libuv's pool of four). Each holds 19 MiB while it
 * runs; on a 2-core host four at once finished no sooner than two but held 76 MiB, and glibc
 * kept part of it resident afterwards. Waiting sign-ins cost nothing; the rate limits bound them.
 */
const runHash = createLimiter(
  Math.min(4, os.availableParallelism()),
  10_000,
  'Too many sign-ins at once, please retry shortly',
);

export function hashPassword(password: string): Promise<string> {
  return runHash(() => hash(password, OPTIONS));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return runHash(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
