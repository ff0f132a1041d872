import { useEffect } from 'react';
import { redirect, useLocation, useNavigate, useSearchParams } from 'react-router';
import { withPrefix } from '~/lib/prefix';
import { readReturnPath, sanitiseReturnPath } from './return-path';

/** The path of a same-site `Referer`, when it is a page a visitor may be sent back to. */
function refererPath(request: Request): string | null {
  const referer = request.headers.get('referer');
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin) return null;
    return sanitiseReturnPath(`${from.pathname}${from.search}`);
  } catch {
    return null;
  }
}

/**
 * The login and sign-up pages are for visitors without an account session. A logged-in visitor
 * who opens one goes back where they came from: `?from=`, else the page that linked here, else home.
 */
export function redirectSignedIn(request: Request, isLoggedIn: boolean): void {
  if (!isLoggedIn) return;
  const url = new URL(request.url);
  const destination =
    readReturnPath(null, url.searchParams) ?? refererPath(request) ?? withPrefix(url.pathname, '/');
  throw redirect(destination);
}

/**
 * The browser's side of the same rule, for a session the server did not see (kept only in this
 * browser's storage): checked once when the page opens, so a login made on this page is not cut short.
 */
export function useLeaveWhenSignedIn(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  useEffect(() => {
    let hasToken = false;
    try {
      hasToken = Boolean(window.localStorage.getItem('token'));
    } catch {
      return;
    }
    if (!hasToken) return;
    const back = readReturnPath(location.state, search) ?? withPrefix(location.pathname, '/');
    void navigate(back, { replace: true });
    // Only on opening the page: a login made here navigates by itself once its work is done.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
