import { useEffect } from 'react';
import { redirect, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_PAGES } from '~/lib/page-table';
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

/** Whether `path` (bare or under a locale prefix, with any query) is one of the admin screens. */
export function isAdminScreen(path: string): boolean {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  return ADMIN_PAGES.some(({ path: pattern }) => {
    const parts = pattern.split('/');
    const matches = (candidate: string[]) =>
      candidate.length === parts.length && parts.every((p, i) => p.startsWith(':') || p === candidate[i]);
    return matches(segments) || matches(segments.slice(1));
  });
}

/**
 * Where a logged-in visitor who opens the login or sign-up page goes instead: where they came from
 * (`?from=`, else the page that linked here, else home). Null keeps them on the page when that is an
 * admin screen: its guard sends a visitor here to sign in as an administrator, and the server and
 * the browser may disagree about the role until they do (a stale role kept in this browser), so
 * sending them back could only bounce between the two pages.
 */
function signedInDestination(back: string): string | null {
  return isAdminScreen(back) ? null : back;
}

/** The server's side: a logged-in visitor is redirected before the page renders. */
export function redirectSignedIn(request: Request, isLoggedIn: boolean): void {
  if (!isLoggedIn) return;
  const url = new URL(request.url);
  const back =
    readReturnPath(null, url.searchParams) ?? refererPath(request) ?? withPrefix(url.pathname, '/');
  const destination = signedInDestination(back);
  if (destination) throw redirect(destination);
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
    try {
      if (!window.localStorage.getItem('token')) return;
    } catch {
      return;
    }
    const back = readReturnPath(location.state, search) ?? withPrefix(location.pathname, '/');
    const destination = signedInDestination(back);
    if (destination) void navigate(destination, { replace: true });
    // Only on opening the page: a login made here navigates by itself once its work is done.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
