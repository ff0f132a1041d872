import { useCallback, useEffect, useState } from 'react';
import type { PublicUser } from '@catalogue/shared/schemas/user';
import { apiRequest } from '~/lib/api-client';

export type ProfileState =
  { status: 'idle' | 'loading' } | { status: 'ready'; profile: PublicUser } | { status: 'error' };

/**
 * The signed-in account's own details from `GET /api/users/me`, for a browser whose page was
 * rendered without them (a token in storage but no session cookie, or a failed server read).
 * A 401 forgets the stored session (api-client), after which the page shows its sample again.
 */
export function useProfile({ enabled }: { enabled: boolean }) {
  const [state, setState] = useState<ProfileState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    apiRequest<PublicUser>('/users/me', { signal: controller.signal }).then(
      (profile) => setState({ status: 'ready', profile }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
