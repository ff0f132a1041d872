import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page. Forms that only
 * work through script stay disabled until then, so an early click cannot submit them natively
 * (which would put a password in the address) and an early keystroke is not lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
