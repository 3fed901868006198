import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { onReachChanged } from '../api/realtime';
import { onSignOut } from '../auth/session';

/** Most times a failed load is tried again (after the first try). */
const MAX_RETRIES = 2;

/**
 * Whether a failed load is worth trying again: no answer, a timeout, or a server-side failure (5xx, or an answer
 * that is not an envelope). A refusal (4xx), a session that ended, a cancelled call or data that does not match the
 * contract would only fail the same way again.
 */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return true;
    case 'badResponse':
    case 'failed':
      return error.status === 0 || error.status >= 500;
    default:
      return false;
  }
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransient(error);
}

/**
 * The console's one cache of server state (TanStack Query). Loads are tried again only when the failure was
 * transient; every request goes out whatever the browser says about being online (the HTTP client's policy shows
 * what failed); switching windows does not reload. Sign-out empties the cache, so the next user starts clean; a
 * change of what the user reaches (a live-push `reach` event) reloads it.
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, networkMode: 'always', refetchOnWindowFocus: false, refetchIntervalInBackground: true },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
  onSignOut(() => {
    client.clear();
  });
  // Who reaches which device changed: every list, count, map and page of devices is read again.
  onReachChanged(() => {
    void client.invalidateQueries();
  });
  return client;
}
