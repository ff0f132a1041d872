import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiRequest } from '~/lib/api-client';

export type ApiQuery<T> = {
  data: T | null;
  error: ApiError | null;
  isLoading: boolean;
  /** Asks again (a Retry button, or after a change the answer depends on). */
  reload: () => void;
};

/**
 * GETs an `/api` path in the browser with the stored bearer token and keeps the latest answer.
 * A newer path (or an unmount) cancels the call in flight, so a slow old answer never replaces a
 * newer one. `null` asks for nothing.
 */
export function useApiQuery<T>(path: string | null): ApiQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [isLoading, setIsLoading] = useState(path !== null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === null) return undefined;
    const controller = new AbortController();
    setIsLoading(true);
    setError(null);
    apiRequest<T>(path, { signal: controller.signal })
      .then((answer) => {
        setData(answer);
        setIsLoading(false);
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(
          reason instanceof ApiError
            ? reason
            : new ApiError(0, reason instanceof Error ? reason.message : String(reason)),
        );
        setIsLoading(false);
      });
    return () => controller.abort();
  }, [path, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, isLoading, reload };
}
