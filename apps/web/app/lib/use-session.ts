import { useSyncExternalStore } from 'react';
import { enquiryStore } from '~/lib/enquiry/enquiry-store';
import { SESSION_EVENT, SESSION_KEYS } from '~/lib/api-client';

/** The browser's record of a signed-in visitor (token, userId, role in local storage). */
export type SessionSnapshot = { isLoggedIn: boolean; isAdmin: boolean };

function read(): string {
  try {
    const token = window.localStorage.getItem('token');
    const role = window.localStorage.getItem('role');
    return `${token ? 1 : 0}|${role === 'admin' ? 1 : 0}`;
  } catch {
    return '0|0';
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(SESSION_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(SESSION_EVENT, onChange);
  };
}

/**
 * Logged-in and admin state for menus. The server renders what its session cookie says; in the
 * browser the stored token and role decide, re-read when this tab stores or forgets a
 * session (api-client's event) and when another tab does (the storage event).
 */
export function useSession(server: { role: string } | null): SessionSnapshot {
  const value = useSyncExternalStore(subscribe, read, () =>
    server ? `1|${server.role === 'admin' ? 1 : 0}` : '0|0',
  );
  return { isLoggedIn: value.startsWith('1|'), isAdmin: value.endsWith('|1') };
}

/**
 * Logout: tell the server (a failure is ignored), forget the list and the session in
 * this browser, and reload.
 */
export async function logout(fetcher: typeof fetch = fetch) {
  const token = window.localStorage.getItem('token');
  try {
    await fetcher('/api/users/logout', {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    // The visitor is logged out here whatever the server said.
  }
  for (const key of SESSION_KEYS) window.localStorage.removeItem(key);
  // Only this browser's copy: the server keeps the list for the next login. The IndexedDB copy
  // must be empty before the reload, or the next page would restore the list from it.
  enquiryStore.clear();
  await Promise.race([enquiryStore.flush(), new Promise((resolve) => setTimeout(resolve, 1000))]);
  window.location.reload();
}
