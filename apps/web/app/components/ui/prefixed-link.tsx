import { Link, useLocation, type LinkProps } from 'react-router';
import { withPrefix } from '~/lib/prefix';

/** A link that keeps the visitor's locale or language prefix. */
export function PrefixedLink(props: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  return <Link {...props} to={withPrefix(pathname, props.to)} />;
}
