import { useCallback, useState } from 'react';
import { isApiError } from '../../api/client';

/**
 * One way for a form to send: `run(...)` marks it busy, clears the last refusal, and keeps the server's translated
 * message when it refuses (a sign-out is the shell's to handle). Other failures are left to the global handler.
 */
export function useSubmit<A extends unknown[]>(work: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (...args: A): Promise<void> => {
      setBusy(true);
      setError(null);
      try {
        await work(...args);
      } catch (e) {
        if (isApiError(e) && e.kind !== 'loggedOut') setError(e.message);
      } finally {
        setBusy(false);
      }
    },
    [work],
  );
  const clearError = useCallback(() => {
    setError(null);
  }, []);
  return { busy, error, run, clearError };
}
