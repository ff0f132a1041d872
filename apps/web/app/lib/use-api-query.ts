import { useCallback, useEffect, useState } from 'react';
import { ApiError, getJson, type AnswerSchema } from '~/lib/api-client';
import type { ScreenQuery } from '~/lib/route-data';

/**
 * GETs an `/api` path in the browser with the stored bearer token, checks the answer against the
 * endpoint's schema and keeps the latest answer; for a part of a page that loads on its own (a
 * request's comments, the buyer's request pages), where no route loader asks for it. A newer path
 * (or an unmount) cancels the call in flight, so a slow old answer never replaces a newer one.
 * `null` asks for nothing. `schema` is a module constant, so it never asks again by itself.
 */
export function useApiQuery<T>(path: string | null, schema: AnswerSchema<T>): ScreenQuery<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [isLoading, setIsLoading] = useState(path !== null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (path === null) return undefined;
    const controller = new AbortController();
    setIsLoading(true);
    setError(null);
    getJson(path, schema, { signal: controller.signal })
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
  }, [path, schema, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, isLoading, reload };
}
