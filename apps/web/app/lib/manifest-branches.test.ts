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

async function contextAt(pathname: string) {
  const handler = createStaticHandler(routes);
  const staticHandlerContext = await handler.query(new Request(`http://localhost${pathname}`));
  if (staticHandlerContext instanceof Response) throw new Error('unexpected response');
  // What React Router hands the entry: the handler's ranked branches of the whole table.
  const branches = (handler as unknown as { _internalRouteBranches: EntryContext['branches'] })
    ._internalRouteBranches;
  return { branches, staticHandlerContext } as unknown as EntryContext;
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
