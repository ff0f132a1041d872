import { isRouteErrorResponse } from 'react-router';
import { TIMINGS_MS } from '@catalogue/shared/domain/limits';

type RetryOptions<T> = {
  /** A result that is the page's own error state (the server could not read the catalogue). */
  isFailed?: (result: T) => boolean;
  /** What the page shows when every attempt threw (the network or the server is down). */
  onFailure?: (error: unknown) => T | Promise<T>;
  attempts?: number;
  delayMs?: number;
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A redirect or a 404 is the server's answer, not a failure: it is never retried (a 5xx is). */
function isAnswer(error: unknown): boolean {
  return (error instanceof Response || isRouteErrorResponse(error)) && error.status < 500;
}

/**
 * The browser's product fetch: up to 3 attempts, 1 s apart, before the page says that
 * loading failed. Used by the client loaders of the catalogue pages, which run on client-side
 * navigation; the first page of a visit comes rendered from the server.
 */
export async function loadWithRetries<T>(load: () => Promise<T>, options: RetryOptions<T> = {}): Promise<T> {
  const {
    isFailed = () => false,
    onFailure,
    attempts = TIMINGS_MS.productFetchAttempts,
    delayMs = TIMINGS_MS.productFetchRetryDelay,
    wait = sleep,
  } = options;
  let last: { result: T } | { error: unknown } = { error: new Error('no attempt made') };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await wait(delayMs);
    try {
      const result = await load();
      if (!isFailed(result)) return result;
      last = { result };
    } catch (error) {
      if (isAnswer(error)) throw error;
      last = { error };
    }
  }
  if ('result' in last) return last.result;
  console.error('loading failed after retries', last.error);
  if (onFailure) return onFailure(last.error);
  throw last.error;
}
