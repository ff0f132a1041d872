import { useCallback } from 'react';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import { ApiError } from '~/lib/api-client';

/**
 * One answer a route's `clientLoader` asked for: its data, or the error that stopped it. A screen
 * shows its own error state (message, detail, Retry) inside the admin frame instead of the route
 * error page, so a loader hands failures over as values rather than throwing them.
 */
export type Loaded<T> = { data: T; error: null } | { data: null; error: ApiError };

/** Waits for `answer` and keeps its outcome; anything thrown that is not an ApiError becomes one with status 0. */
export async function settle<T>(answer: Promise<T>): Promise<Loaded<T>> {
  try {
    return { data: await answer, error: null };
  } catch (reason) {
    const error =
      reason instanceof ApiError
        ? reason
        : new ApiError(0, reason instanceof Error ? reason.message : String(reason));
    return { data: null, error };
  }
}

/**
 * Asks the current route's loaders again (Retry, Refresh, after a change the answer depends on).
 * `isReloading` holds while they run, and while a navigation to another address of the same page
 * (a new search or page number) loads.
 */
export function useRouteReload(): { reload: () => void; isReloading: boolean } {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { revalidate } = revalidator;
  const reload = useCallback(() => void revalidate(), [revalidate]);
  const isReloading =
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === pathname);
  return { reload, isReloading };
}

/** What a screen reads of its answer: the data, the error, whether it is (re)loading, and Retry. */
export type ScreenQuery<T> = {
  data: T | null;
  error: ApiError | null;
  isLoading: boolean;
  reload: () => void;
};

/**
 * A route loader's answer as the screen reads it; `null` while the page starts (its
 * `HydrateFallback`), which shows as loading. The data stays on screen while it is asked again.
 */
export function useLoadedQuery<T>(loaded: Loaded<T> | null): ScreenQuery<T> {
  const { reload, isReloading } = useRouteReload();
  return {
    data: loaded?.data ?? null,
    error: loaded?.error ?? null,
    isLoading: loaded === null || isReloading,
    reload,
  };
}
