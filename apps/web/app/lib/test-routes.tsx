import { render } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { vi } from 'vitest';
import { ApiError, type apiRequest } from '~/lib/api-client';
import { revalidateAfterWrites } from '~/lib/route-action';

/**
 * Test-only: the browser's `fetch` answering every `/api` call with what `answer(path, options)`
 * gives (a mock of `apiRequest` with its table of answers), so the reads that go through
 * `getJson` meet the same answers as the writes that call the mock directly. A thrown ApiError
 * becomes an answer with its status and message; one with status 0 becomes no answer at all.
 * A call outside `/api` finds no server.
 */
export function fetchAnswering(answer: typeof apiRequest) {
  const fetcher = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    // Only the app's own `/api` calls reach the table; anything else finds no server.
    if (!url.pathname.startsWith('/api/')) throw new TypeError('Failed to fetch');
    const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
    const method = (init?.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE';
    try {
      const body: unknown = await answer(path, { method, signal: init?.signal ?? undefined });
      return new Response(body === undefined ? null : JSON.stringify(body), { status: 200 });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ message: error.message }), { status: error.status });
    }
  });
  vi.stubGlobal('fetch', fetcher);
  return fetcher;
}

/** One call the browser made to `fetch`, its JSON body read. */
export type FetchCall = { url: string; method: string; body: unknown };

const readCall = (url: string, init?: RequestInit): FetchCall => ({
  url,
  method: init?.method ?? 'GET',
  body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
});

/**
 * Test-only: the browser's `fetch` answering the calls in turn, each with what its answer makes of
 * the call (past the last answer, a 500), and the calls as they were made.
 */
export function fetchInTurn(answers: Array<(call: FetchCall) => Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetcher = vi.fn((url: string, init?: RequestInit) => {
    const call = readCall(url, init);
    calls.push(call);
    const answer = answers.shift();
    return Promise.resolve(
      answer ? answer(call) : new Response(JSON.stringify({ message: 'unexpected' }), { status: 500 }),
    );
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

/** An answer of a test's server: its status and JSON body. */
export type JsonAnswer = { status: number; body: unknown };

/**
 * Test-only: the browser's `fetch` answering every call with the status and JSON body `answer`
 * makes of it, and the calls as they were made.
 */
export function fetchServing(answer: (call: FetchCall) => JsonAnswer): FetchCall[] {
  const calls: FetchCall[] = [];
  const fetcher = vi.fn((url: string, init?: RequestInit) => {
    const call = readCall(url, init);
    calls.push(call);
    const { status, body } = answer(call);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetcher);
  return calls;
}

type LoaderArgs = { request: Request; params: Record<string, string | undefined> };

/**
 * Test-only: renders `Screen` in a data router at `path` (matched by `pattern`), with what `load`
 * answers as its `loaded`, and `null` while the first load runs, as a route module's `clientLoader`,
 * default export and `HydrateFallback` do. `act` is the route's `clientAction`, which the screen's
 * writes go through.
 */
export function renderLoaded<T>(
  Screen: (props: { loaded: T | null }) => React.ReactNode,
  load: (args: LoaderArgs) => Promise<T>,
  {
    path = '/',
    pattern = path,
    act,
  }: { path?: string; pattern?: string; act?: (args: LoaderArgs) => Promise<unknown> } = {},
) {
  function Loaded() {
    return <Screen loaded={useLoaderData() as T} />;
  }
  const Stub = createRoutesStub([
    {
      path: pattern,
      Component: Loaded,
      HydrateFallback: () => <Screen loaded={null} />,
      loader: (args: LoaderArgs) => load(args),
      ...(act ? { action: (args: LoaderArgs) => act(args), shouldRevalidate: revalidateAfterWrites } : {}),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
