import { useState } from 'react';
import { isApiError } from '../../api/client';

/**
 * One way for a form to send: `run(...)` marks it busy, clears the last refusal, and keeps the server's translated
 * message when it refuses. A sign-out is the shell's to handle, and nothing else is caught by the calls it wraps (they
 * send with `errorDisplay: 'none'` and fail only with an ApiError), so only a refusal is shown here.
 */
export function useSubmit<A extends unknown[]>(work: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(...args: A): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await work(...args);
    } catch (e) {
      if (isApiError(e) && e.kind !== 'loggedOut') setError(e.message);
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    error,
    run,
    clearError: () => {
      setError(null);
    },
  };
}
