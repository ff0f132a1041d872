// @vitest-environment node
import { createStaticHandler, type EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ancestorPaths, REMEMBERED_PATHS, withManifestBranches } from './manifest-branches';

/** The storefront's shape: every page bare and again under a `:prefix` route, with a catch-all. */
const pages = (prefix: string) => [
  { id: `${prefix}home`, index: true },
  { id: `${prefix}singleproduct/:id?`, path: 'singleproduct/:id?' },
  { id: `${prefix}category/:category`, path: 'category/:category' },
  { id: `${prefix}category/:category/:subcategory`, path: 'category/:category/:subcategory' },
  { id: `${prefix}blogs`, path: 'blogs' },
];
const routes = [
  {
    id: 'root',
    path: '',
    children: [
      ...pages(''),
      { id: 'prefix', path: ':prefix', children: [...pages('prefixed:'), { id: 'prefixed:*', path: '*' }] },
    ],
  },
];

type Route = { id: string; children?: Route[] };
/** The build's route manifest for the table: every route by id, with its parent's. */
const manifestRoutes = (table: Route[], parentId?: string): Record<string, unknown> =>
  Object.assign(
    {},
    ...table.map((route) => ({
      [route.id]: { id: route.id, parentId, module: `/${route.id}.js` },
      ...manifestRoutes(route.children ?? [], route.id),
    })),
  );
const manifest = { entry: { module: '/entry.js', imports: [] }, url: '/manifest.js', version: '1' };

async function contextAt(pathname: string) {
  const handler = createStaticHandler(routes);
  const staticHandlerContext = await handler.query(new Request(`http://localhost${pathname}`));
  if (staticHandlerContext instanceof Response) throw new Error('unexpected response');
  // What React Router hands the entry: the handler's ranked branches of the whole table.
  const branches = (handler as unknown as { _internalRouteBranches: EntryContext['branches'] })
    ._internalRouteBranches;
  return {
    branches,
    staticHandlerContext,
    manifest: { ...manifest, routes: manifestRoutes(routes) },
  } as unknown as EntryContext;
}

/** Each kept branch by the ids of its routes. */
const kept = (context: EntryContext) =>
  withManifestBranches(context).branches.map((branch) =>
    branch.routesMeta.map((meta) => meta.route.id).join(' > '),
  );

describe('the branches a page’s partial route manifest needs', () => {
  it('lists the ancestor paths as React Router does', () => {
    expect(ancestorPaths('/hi/singleproduct/abc')).toEqual(['/', '/hi/singleproduct', '/hi']);
    expect(ancestorPaths('/')).toEqual(['/']);
    expect(ancestorPaths('/blogs/')).toEqual(['/']);
  });

  it('keeps the first branch matching each ancestor path, in the table’s order', async () => {
    const all = await contextAt('/hi/singleproduct/abc');
    expect(all.branches.length).toBeGreaterThan(10);
    expect(kept(all)).toEqual([
      'root > prefix > prefixed:singleproduct/:id?',
      'root > prefix > prefixed:home', // `/:prefix` ranks above `/`
      'root > home',
    ]);
    expect(kept(await contextAt('/category/Rings/withgemstone'))).toEqual([
      'root > category/:category',
      'root > prefix > prefixed:home', // `/category` is a prefix's home in this table
      'root > home',
    ]);
    expect(kept(await contextAt('/en-in/nothing/here'))).toEqual([
      'root > prefix > prefixed:home',
      'root > home',
      'root > prefix > prefixed:*', // a splat ranks last
    ]);
  });

  it('gives the same answer when it remembers it, and for a new route table', async () => {
    const first = await contextAt('/singleproduct/abc');
    expect(kept(first)).toEqual(kept(first));
    const again = await contextAt('/singleproduct/abc');
    expect(again.branches).not.toBe(first.branches);
    expect(kept(again)).toEqual(['root > singleproduct/:id?', 'root > home']);
  });

  it('gives the router only the routes of those branches and of the page’s own matches', async () => {
    const all = await contextAt('/hi/singleproduct/abc');
    expect(Object.keys(all.manifest.routes).length).toBeGreaterThan(10);
    const { manifest: part } = withManifestBranches(all);
    expect(Object.keys(part.routes).sort()).toEqual([
      'home',
      'prefix',
      'prefixed:home',
      'prefixed:singleproduct/:id?',
      'root',
    ]);
    expect(part.routes['prefixed:singleproduct/:id?']).toBe(
      all.manifest.routes['prefixed:singleproduct/:id?'],
    );
    expect(part.entry).toBe(all.manifest.entry);
    expect(part.url).toBe('/manifest.js');
    expect(part.version).toBe('1');
    // A page whose own route is not an ancestor path's (the path itself is not its own ancestor).
    const blog = withManifestBranches(await contextAt('/blogs')).manifest;
    expect(Object.keys(blog.routes).sort()).toEqual(['blogs', 'home', 'root']);
  });

  it('makes the routes for a page once per route table, and shares them', async () => {
    const first = await contextAt('/singleproduct/abc');
    const again = { ...first, staticHandlerContext: { ...first.staticHandlerContext } };
    expect(withManifestBranches(again).manifest.routes).toBe(withManifestBranches(first).manifest.routes);
    const other = await contextAt('/blogs');
    expect(withManifestBranches(other).manifest.routes).not.toBe(withManifestBranches(first).manifest.routes);
  });

  it('remembers a bounded number of paths however many URLs it sees', async () => {
    const context = await contextAt('/blogs');
    for (let i = 0; i < REMEMBERED_PATHS + 10; i += 1) {
      const at = {
        ...context,
        staticHandlerContext: { ...context.staticHandlerContext, location: { pathname: `/x${i}/y` } },
      };
      expect(kept(at as EntryContext)).toEqual(['root > prefix > prefixed:home', 'root > home']);
    }
  });
});
