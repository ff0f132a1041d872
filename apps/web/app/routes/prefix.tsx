import { Outlet, data, redirect } from 'react-router';
import { isLanguagePrefix, isLocale } from '@catalogue/shared/domain/locales';
import type { Route } from './+types/prefix';

/**
 * The locale (`en-in`) or language (`hi`) segment. A two-letter code the site does not offer falls
 * back to English: the visitor is sent to the same page without it, so every address
 * has one canonical form. Anything else is not a prefix, so the page does not exist.
 */
function checkPrefix(segment: string, address: string): null {
  const prefix = segment.toLowerCase();
  if (isLocale(prefix) || isLanguagePrefix(prefix)) return null;
  if (/^[a-z]{2}$/.test(prefix)) {
    const url = new URL(address);
    const rest = url.pathname.slice(segment.length + 1) || '/';
    throw redirect(`${rest}${url.search}`, 301);
  }
  throw data(null, { status: 404 });
}

export function loader({ params, request }: Route.LoaderArgs) {
  return checkPrefix(params.prefix, request.url);
}

/**
 * On client-side navigation the same check runs in the browser: it needs nothing of the server,
 * and a server round trip of its own made the page fail as a whole (the generic error screen)
 * whenever the data requests failed, instead of showing the page's own failure text.
 */
export function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  return checkPrefix(params.prefix, request.url);
}

export default function Prefix() {
  return <Outlet />;
}
