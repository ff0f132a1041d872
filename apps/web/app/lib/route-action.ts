import { useCallback, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { settle, type Loaded } from '~/lib/route-data';

/**
 * A write as a screen sends it to its route's `clientAction`: a plain object (JSON) naming what
 * to do in `intent` and carrying the fields that write needs.
 */
export type RouteWrite = { intent: string } & Record<string, string | number | boolean | null | string[]>;

/**
 * A route's `clientAction`: reads the write the screen sent and performs it with `perform` (the
 * `/api` call). The outcome is handed back as a value, the answer or the ApiError, never thrown, so
 * the screen shows a failure beside its form instead of the route error page. The router then
 * asks the page's loaders again, so the screen shows the data as the write left it.
 */
export async function performWrite<W extends RouteWrite>(
  request: Request,
  perform: (write: W) => Promise<unknown>,
): Promise<Loaded<unknown>> {
  return settle(request.json().then((write) => perform(write as W)));
}

/**
 * Sends writes through the current route's `clientAction` with a fetcher of its own (one per form,
 * row or dialog, so each keeps its own pending state and outcome). `write` resolves with the
 * server's answer once the action is done and the page's data is fresh (`A`: the answer's type as
 * the write's `/api` call declares it), and rejects with the ApiError, which the caller shows
 * beside its fields; `isPending` holds meanwhile.
 */
export function useRouteWrite<W extends RouteWrite, A = unknown>() {
  const fetcher = useFetcher<Loaded<unknown>>();
  const { submit } = fetcher;
  const waiting = useRef<{ resolve: (data: A) => void; reject: (error: unknown) => void } | null>(null);
  const settled = useRef<Loaded<unknown> | undefined>(undefined);

  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== 'idle' || !outcome || outcome === settled.current) return;
    settled.current = outcome;
    const caller = waiting.current;
    waiting.current = null;
    if (outcome.error) caller?.reject(outcome.error);
    else caller?.resolve(outcome.data as A);
  }, [fetcher.state, fetcher.data]);

  const write = useCallback(
    (body: W) =>
      new Promise<A>((resolve, reject) => {
        waiting.current = { resolve, reject };
        void submit(body, { method: 'post', encType: 'application/json' });
      }),
    [submit],
  );

  return { write, isPending: fetcher.state !== 'idle' };
}

/**
 * A route's `shouldRevalidate` for screens that write through `performWrite`: a refused write
 * changed nothing, so the page's data is not asked for again; after any other write, navigation
 * or Retry the router's own rule applies.
 */
export function revalidateAfterWrites({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  const isRefusedWrite =
    typeof actionResult === 'object' &&
    actionResult !== null &&
    'error' in actionResult &&
    actionResult.error !== null;
  return isRefusedWrite ? false : defaultShouldRevalidate;
}
