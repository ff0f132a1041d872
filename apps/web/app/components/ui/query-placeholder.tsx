import type { ScreenQuery } from '~/lib/route-data';
import { LoadError } from './notice';
import { Spinner } from './spinner';

/**
 * What a screen shows until its first answer is there: a spinner while it loads, the error with
 * a retry when it failed; null once there is data (a reload keeps the data on screen). The words
 * are the caller's, so this piece carries no feature's namespace.
 */
export function queryPlaceholder<T>(
  query: ScreenQuery<T>,
  words: { loading: string; failed: string; retry: string },
) {
  if (query.isLoading && !query.data)
    return <Spinner size="lg" label={words.loading} className="w-full py-16" />;
  if (query.error && !query.data)
    return (
      <LoadError
        message={words.failed}
        detail={query.error.message}
        onRetry={query.reload}
        retryLabel={words.retry}
      />
    );
  return null;
}
