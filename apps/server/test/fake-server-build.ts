import type { ServerBuild } from 'react-router';

type FakeRoute = { path?: string; [key: string]: unknown };

/**
 * A storefront build of hand-written routes under one root, for tests of how the server answers
 * pages (stored pages, caches in front) without building the storefront. `handleRequest` is the
 * build's entry; every route has a loader and nothing else.
 */
export function fakeServerBuild(
  routes: Record<string, FakeRoute>,
  handleRequest: (...args: never[]) => unknown,
): ServerBuild {
  const parentOf = (id: string) => (id === 'root' ? undefined : 'root');
  return {
    entry: { module: { default: handleRequest } },
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, r]) => [
        id,
        { id, parentId: parentOf(id), caseSensitive: false, ...r },
      ]),
    ),
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: Object.fromEntries(
        Object.entries(routes).map(([id, r]) => [
          id,
          {
            id,
            parentId: parentOf(id),
            path: r.path,
            module: `/${id}.js`,
            hasLoader: true,
            hasAction: false,
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasErrorBoundary: false,
          },
        ]),
      ),
      url: '/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
