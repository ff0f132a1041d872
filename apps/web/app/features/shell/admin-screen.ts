import { useMatches } from 'react-router';

/** What the admin frame's route declares as its `handle`, so the shell can tell its screens apart. */
export const ADMIN_SCREEN_HANDLE = { isAdminScreen: true } as const;

/** True on every screen inside the admin frame (the dashboard and the other admin routes). */
export function useIsAdminScreen(): boolean {
  return useMatches().some(
    (match) => (match.handle as { isAdminScreen?: boolean } | undefined)?.isAdminScreen === true,
  );
}
