import { AppError } from '@catalogue/shared/errors';

/**
 * Runs at most `concurrency` tasks at once; up to `queueLimit` more wait their turn and beyond that
 * the caller gets 503 at once. Bounds what a burst of costly work can take from a small host.
 */
export function createLimiter(concurrency: number, queueLimit: number, busyMessage: string) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) {
      if (waiting.length >= queueLimit) throw new AppError('UNAVAILABLE', busyMessage);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
