import { api, Code } from '@dms/contract';
import type { z } from 'zod';
import { isApiError } from '@/api/client';
import { issuesOf, problemsOf, type Problem } from '@/components/forms/issues';

/** A draft checked with the contract's schema: the body to send, or the problems at their paths. */
export type Checked<T> = { ok: true; body: T } | { ok: false; problems: Problem[] };

export function check<S extends z.ZodType>(schema: S, value: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, problems: problemsOf(parsed.error) };
}

/**
 * A refusal of the server that names fields: shown at them (`showServer`), and answered true so that the form does
 * not say it again as its message. Anything else is false: the form's error message says it.
 */
export function refusedFields(
  error: unknown,
  showServer: (issues: ReadonlyArray<{ path: string; message: string }>, shown?: RegExp) => boolean,
): boolean {
  if (!isApiError(error) || error.code !== Code.VALIDATION_FAILED) return false;
  const parsed = issuesOf.safeParse(error.data);
  // A refusal of the whole body (no path) is the form's message.
  return parsed.success && showServer(parsed.data.issues, /./);
}

/** What a change of the channels changes: the channels read (the SMTP server and the webhooks). */
export const CHANNEL_READS = [api.notice.channels];
