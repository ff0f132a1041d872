import { useCallback, useEffect, useState } from 'react';
import { apiRequest, ApiError } from '~/lib/api-client';

export type ApiData<T> = {
  data: T | null;
  error: ApiError | null;
  isLoading: boolean;
  /** Fetches again (after a delete, or from a Retry button). */
  reload: () => void;
};

/**
 * Loads one admin resource in the browser, where the bearer token lives. A newer request (the path
 * changed, or `reload`) aborts the older one so a slow answer never overwrites a newer one.
 * `path` null waits (nothing to ask yet).
 */
export function useApiData<T>(path: string | null): ApiData<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; isLoading: boolean }>({
    data: null,
    error: null,
    isLoading: path !== null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, error: null, isLoading: true }));
    apiRequest<T>(path, { signal: controller.signal }).then(
      (data) => setState({ data, error: null, isLoading: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure =
          error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : '');
        setState((previous) => ({ ...previous, error: failure, isLoading: false }));
      },
    );
    return () => controller.abort();
  }, [path, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

/** A value that follows `value` once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
