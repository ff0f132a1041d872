import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLocale, splitPathPrefix } from '@catalogue/shared/domain/locales';

export const LANG_AUTO_SET_KEY = 'lang_auto_set';

type Geo = { country?: string; locale?: string; language?: string };

/** Automated browsers (crawlers, test runners) keep the address they asked for. */
function isAutomated(nav: Navigator) {
  return nav.webdriver === true || /bot|crawl|spider|slurp|lighthouse/i.test(nav.userAgent);
}

/**
 * Where a visitor without a prefix should go once per session, or null to stay. The
 * session flag is set whatever happens, so a failure is never retried within the session.
 */
export async function findLocaleRedirect(
  location: { pathname: string; search: string; hash: string },
  deps: { storage: Storage; fetcher: typeof fetch; navigator: Navigator },
): Promise<string | null> {
  if (splitPathPrefix(location.pathname).prefix !== null) return null;
  try {
    if (deps.storage.getItem(LANG_AUTO_SET_KEY)) return null;
    deps.storage.setItem(LANG_AUTO_SET_KEY, 'true');
  } catch {
    return null;
  }
  if (isAutomated(deps.navigator)) return null;
  try {
    const response = await deps.fetcher('/api/geo', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const geo = (await response.json()) as Geo;
    const locale = geo.locale?.toLowerCase();
    if (!locale || !isLocale(locale)) return null;
    const rest = location.pathname === '/' ? '' : location.pathname;
    return `/${locale}${rest}${location.search}${location.hash}`;
  } catch {
    return null;
  }
}

/** Sends a visitor without a locale prefix to their country's prefix, once per browser session. */
export function useLocaleRedirect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    void findLocaleRedirect(location, {
      storage: window.sessionStorage,
      fetcher: window.fetch.bind(window),
      navigator: window.navigator,
    }).then((target) => {
      if (target && isCurrent && window.location.pathname === location.pathname)
        navigate(target, { replace: true });
    });
    return () => {
      isCurrent = false;
    };
    // Only the first page of a visit decides; later navigation finds the flag set.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
