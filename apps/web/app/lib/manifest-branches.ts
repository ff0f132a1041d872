import { matchRoutes, type EntryContext } from 'react-router';

type Branch = EntryContext['branches'][number];

/** Ancestor paths remembered at most; past it the memory starts again (any URL has ancestors). */
export const REMEMBERED_PATHS = 512;

/** Per route table (a new build in development is a new table): each path's first matching branch. */
const firstBranches = new WeakMap<readonly Branch[], Map<string, Branch | null>>();

/**
 * The paths whose routes React Router's `<Scripts>` puts in the page's partial route manifest
 * besides the page's own: `/` and every ancestor of the path (`/`, `/hi`, `/hi/singleproduct` for
 * `/hi/singleproduct/x`), exactly as it lists them.
 */
export function ancestorPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`);
    segments.pop();
  }
  return paths;
}

/**
 * `context` with only the route branches the page's partial manifest needs. `<Scripts>` finds the
 * routes of each ancestor path by trying the branches of the whole route table in rank order, and
 * each try compiles a regular expression for each route of the branch: with every page mounted
 * twice (bare and under a prefix) that was ~170 branches per path, ~10% of what a first render
 * allocated and ~3% of its time. Nothing else in a server render reads these branches. Each
 * ancestor path's first matching branch never changes for a route table, so it is found once
 * (React Router's own `matchRoutes`) and remembered; the list keeps the table's order, so the first
 * branch matching each path is the one React Router would find in the whole table.
 */
export function withManifestBranches(context: EntryContext): EntryContext {
  const { branches } = context;
  const { location, basename } = context.staticHandlerContext;
  const root = context.staticHandlerContext.matches[0]?.route;
  if (!root) return context;
  let known = firstBranches.get(branches);
  if (!known) firstBranches.set(branches, (known = new Map()));
  const needed = new Set<Branch>();
  for (const path of ancestorPaths(location.pathname)) {
    let branch = known.get(path);
    if (branch === undefined) {
      branch = firstBranchMatching(branches, [root], path, basename);
      if (known.size >= REMEMBERED_PATHS) known.clear();
      known.set(path, branch);
    }
    if (branch) needed.add(branch);
  }
  return { ...context, branches: branches.filter((branch) => needed.has(branch)) };
}

/** The branch (of `branches`) whose routes React Router matches for `path`, or null. */
function firstBranchMatching(
  branches: readonly Branch[],
  routes: Parameters<typeof matchRoutes>[0],
  path: string,
  basename: string | undefined,
): Branch | null {
  const matches = matchRoutes(routes, path, basename);
  if (!matches) return null;
  return (
    branches.find(
      (branch) =>
        branch.routesMeta.length === matches.length &&
        branch.routesMeta.every((meta, i) => meta.route === matches[i]!.route),
    ) ?? null
  );
}
