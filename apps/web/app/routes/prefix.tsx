import { Outlet, data, redirect } from 'react-router';
import { isLanguagePrefix, isLocale } from '@catalogue/shared/domain/locales';
import type { Route } from './+types/prefix';

/**
 * The locale (`en-in`) or language (`hi`) segment. A two-letter code the site does not offer falls
 * back to English: the visitor is sent to the same page without it, so every address
 * has one canonical form. Anything else is not a prefix, so the page does not exist.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const prefix = params.prefix.toLowerCase();
  if (isLocale(prefix) || isLanguagePrefix(prefix)) return null;
  if (/^[a-z]{2}$/.test(prefix)) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(params.prefix.length + 1) || '/';
    throw redirect(`${rest}${url.search}`, 301);
  }
  throw data(null, { status: 404 });
}

export default function Prefix() {
  return <Outlet />;
}
