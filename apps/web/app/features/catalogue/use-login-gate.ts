import { useCallback } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { pageOfHref } from '~/features/catalogue/listing-url';
import { loginPath } from '~/lib/paths';

function hasStoredToken(): boolean {
  try {
    return Boolean(window.localStorage.getItem('token'));
  } catch {
    return false;
  }
}

/**
 * The browser half of the listing login gate: a click on a link to page 2 or later goes straight to
 * the login page (history replaced, the wanted page in `from` and in the navigation state) when
 * nobody is logged in. The loader enforces the same rule for direct requests, so this only spares a
 * round trip and carries the state.
 */
export function useLoginGate() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const root = useRouteLoaderData('root') as { viewer?: unknown } | undefined;

  return useCallback(
    (event: React.MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor) return;
      const href = anchor.getAttribute('href') ?? '';
      if (pageOfHref(href) <= 1 || root?.viewer || hasStoredToken()) return;
      event.preventDefault();
      const from = href;
      navigate(loginPath(pathname, from), { replace: true, state: { from } });
    },
    [navigate, pathname, root?.viewer],
  );
}
