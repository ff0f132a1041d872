import { matchRoutes, type EntryContext } from 'react-router';
import { remembered } from './remembered';

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
 * allocated and ~3% of its time. Besides `<Scripts>`, only the static router reads these
 * branches, matching the same paths with them. Each ancestor path's first matching branch never
 * changes for a route table, so it is found once (React Router's own `matchRoutes`) and
 * remembered; the list keeps the table's order, so the first branch matching each path is the
 * one React Router would find in the whole table. Its route manifest holds only the routes of
 * those branches and of the page's own matches (`routesOf`).
 */
export function withManifestBranches(context: EntryContext): EntryContext {
  const branches = neededBranches(context);
  if (!branches) return context;
  const ids = new Set<string>();
  for (const match of context.staticHandlerContext.matches) ids.add(match.route.id);
  for (const branch of branches) for (const meta of branch.routesMeta) ids.add(meta.route.id);
  const { manifest } = context;
  return { ...context, branches, manifest: { ...manifest, routes: routesOf(manifest.routes, ids) } };
}

type ManifestRoutes = EntryContext['manifest']['routes'];

/** Per route table: its parts already made, by the ids they hold. */
const parts = new WeakMap<ManifestRoutes, Map<string, ManifestRoutes>>();

/**
 * The routes of `ids` out of the build's route manifest. `<ServerRouter>` makes a route object of
 * every route of the manifest it is given, at every render, for a router that renders only the
 * page's matches (`createServerRoutes`, then `createStaticRouter`: ~170 routes, every page mounted
 * bare and under a prefix, ~4% of a first render's time); and `<Scripts>` writes into the page only
 * the routes of its matches and of its ancestor paths' branches. Given those routes (with their
 * ancestors, which every branch starts from), both make exactly what they made from the whole
 * table. The part for a set of ids never changes for a build, so it is made once and shared.
 */
function routesOf(routes: ManifestRoutes, ids: Set<string>): ManifestRoutes {
  const key = [...ids].join('\n');
  let known = parts.get(routes);
  if (!known) parts.set(routes, (known = new Map()));
  return remembered(known, key, REMEMBERED_PATHS, () =>
    Object.fromEntries([...ids].filter((id) => routes[id]).map((id) => [id, routes[id]])),
  );
}

/** The branches of `context` that `withManifestBranches` keeps, or null to keep the context as is. */
function neededBranches(context: EntryContext): Branch[] | null {
  const { branches } = context;
  const { location, basename } = context.staticHandlerContext;
  const root = context.staticHandlerContext.matches[0]?.route;
  if (!root) return null;
  let known = firstBranches.get(branches);
  if (!known) firstBranches.set(branches, (known = new Map()));
  const needed = new Set<Branch>();
  for (const path of ancestorPaths(location.pathname)) {
    const branch = remembered(known, path, REMEMBERED_PATHS, () =>
      firstBranchMatching(branches, [root], path, basename),
    );
    if (branch) needed.add(branch);
  }
  return branches.filter((branch) => needed.has(branch));
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
