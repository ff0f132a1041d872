import { Outlet, data } from 'react-router';
import { isLanguagePrefix, isLocale } from '@catalogue/shared/domain/locales';
import type { Route } from './+types/prefix';

/**
 * The locale (`en-in`) or language (`hi`) segment. A two-letter code that the site has no texts
 * for falls back to English (spec §2.1); anything else is not a prefix, so the page does not exist.
 */
export function loader({ params }: Route.LoaderArgs) {
  const prefix = params.prefix.toLowerCase();
  if (!isLocale(prefix) && !isLanguagePrefix(prefix) && !/^[a-z]{2}$/.test(prefix)) {
    throw data(null, { status: 404 });
  }
  return null;
}

export default function Prefix() {
  return <Outlet />;
}
