import { createElement } from 'react';
import { createPath, Link, resolvePath, useLocation, type LinkProps } from 'react-router';
import { withPrefix } from '~/lib/prefix';

/** A link that keeps the visitor's locale or language prefix. */
export function PrefixedLink(props: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  const target = withPrefix(pathname, props.to);
  // On the server (no document) a link is only its markup. Asked at each render, not once: tests
  // render on both sides in one process.
  const onServer = typeof document === 'undefined';
  if (onServer && isPlainPath(target) && !props.mask && props.discover !== 'none' && !props.prefetch)
    return serverLink(target, props);
  return <Link {...props} to={target} />;
}

/** A path on this site (`/shopall?sort=new#top`), neither relative nor another origin's. */
function isPlainPath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}

/** Props `<Link>` consumes, none of which changes its markup on the server (`target` is placed apart). */
const LINK_ONLY = new Set([
  'to',
  'onClick',
  'reloadDocument',
  'replace',
  'state',
  'preventScrollReset',
  'relative',
  'viewTransition',
  'defaultShouldRevalidate',
  'discover',
  'prefetch',
  'mask',
  'target',
]);

/**
 * The markup React Router's `<Link>` renders on the server for a plain path (the site's basename is
 * `/`): the same `<a>` with the same `href` and `data-discover`, without the hooks a link needs only
 * in the browser (its click handler, navigation, prefetching, and resolving the path against every
 * matched route, twice). A product page carries ~50 links, and those hooks were ~4% of a first
 * render's time and ~12% of what it allocated. The browser hydrates the same markup with `<Link>`.
 * Its attributes are copied once, in the order `<Link>` writes them (the others, then `href`,
 * `target` and `data-discover`): object rest and spread made four copies of every link's props.
 */
function serverLink(to: string, props: LinkProps) {
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!LINK_ONLY.has(key)) attributes[key] = props[key as keyof LinkProps];
  attributes.href = createPath(resolvePath(to));
  attributes.target = props.target;
  attributes['data-discover'] = 'true';
  return createElement('a', attributes);
}
