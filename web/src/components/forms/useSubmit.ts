import type { EndpointSpec } from '@dms/contract';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { useInvalidate } from '@/api/invalidate';

export interface SubmitOptions {
  /**
   * The reads the write changes (e.g. the list a create form adds to): after a success their cached answers are read
   * again, so a list kept open behind another tab shows the change without Refresh.
   */
  invalidates?: readonly EndpointSpec[];
}

/**
 * One way for a form to send: `run(...)` marks it busy, clears the last refusal, keeps the server's translated
 * message when it refuses, and after a success refreshes what the write changed (`invalidates`). A sign-out is the
 * shell's to handle; an error that is not an ApiError is not swallowed: `run` rejects with it, and the console's error
 * reporting takes it.
 */
export function useSubmit<A extends unknown[]>(work: (...args: A) => Promise<void>, { invalidates = [] }: SubmitOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  async function run(...args: A): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      await work(...args);
      if (invalidates.length > 0) void invalidate(invalidates);
    } catch (e) {
      // A refusal is the form's to show; anything else is a fault of ours, passed on (the console reports it).
      if (!isApiError(e)) throw e;
      if (e.kind !== 'loggedOut') setError(e.message);
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
