import { createPath, Link, resolvePath, useLocation, type LinkProps } from 'react-router';
import { withPrefix } from '~/lib/prefix';

/** A link that keeps the visitor's locale or language prefix. */
export function PrefixedLink({ to, ...props }: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  const target = withPrefix(pathname, to);
  // On the server (no document) a link is only its markup. Asked at each render, not once: tests
  // render on both sides in one process.
  const onServer = typeof document === 'undefined';
  if (onServer && isPlainPath(target) && !props.mask && props.discover !== 'none' && !props.prefetch)
    return <ServerLink to={target} {...props} />;
  return <Link to={target} {...props} />;
}

/** A path on this site (`/shopall?sort=new#top`), neither relative nor another origin's. */
function isPlainPath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}

/**
 * The markup React Router's `<Link>` renders on the server for a plain path (the site's basename is
 * `/`): the same `<a>` with the same `href` and `data-discover`, without the hooks a link needs only
 * in the browser (its click handler, navigation, prefetching, and resolving the path against every
 * matched route, twice). A product page carries ~50 links, and those hooks were ~4% of a first
 * render's time and ~12% of what it allocated. The browser hydrates the same markup with `<Link>`.
 */
function ServerLink({
  to,
  // Props `<Link>` consumes, none of which changes its markup on the server.
  onClick: _onClick,
  reloadDocument: _reloadDocument,
  replace: _replace,
  state: _state,
  preventScrollReset: _preventScrollReset,
  relative: _relative,
  viewTransition: _viewTransition,
  defaultShouldRevalidate: _defaultShouldRevalidate,
  discover: _discover,
  prefetch: _prefetch,
  mask: _mask,
  target,
  ...rest
}: LinkProps & { to: string }) {
  return <a {...rest} href={createPath(resolvePath(to))} target={target} data-discover="true" />;
}
