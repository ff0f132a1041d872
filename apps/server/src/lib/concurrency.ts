import { AppError } from '@catalogue/shared/errors';

/**
 * Runs at most `concurrency` tasks at once; up to `queueLimit` more wait their turn and beyond that
 * the caller gets 503 at once. Bounds what a burst of costly work can take from a small host.
 * With `releaseAfterMs`, a task that has run that long gives its place to the next one and goes on
 * without it: a task stuck on something that never answers (a query on a connection lost without
 * a word) then cannot hold a place for ever and stop every later task.
 */
export function createLimiter(
  concurrency: number,
  queueLimit: number,
  busyMessage: string,
  options: { releaseAfterMs?: number } = {},
) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= concurrency) {
      if (waiting.length >= queueLimit) throw new AppError('UNAVAILABLE', busyMessage);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    active++;
    let isReleased = false;
    const releaseOnce = () => {
      if (isReleased) return;
      isReleased = true;
      clearTimeout(timer);
      active--;
      waiting.shift()?.();
    };
    const timer =
      options.releaseAfterMs === undefined ? undefined : setTimeout(releaseOnce, options.releaseAfterMs);
    try {
      return await task();
    } finally {
      releaseOnce();
    }
  };
}

/**
 * Calls `fn` on every item with at most `limit` calls in flight, and answers the results in the
 * items' order. Every started call is allowed to finish before a failure is passed on (the first
 * one), so a caller that stops afterwards never cuts work in the middle.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  const lanes = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane),
  );
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
  return results;
}
