import { z } from 'zod';

/** Base path of every call (spec 7) and the console's request timeout (spec 9). */
export const API_BASE = '/api/v2';
export const REQUEST_TIMEOUT_MS = 300_000;
/** Name of the cookie holding the session token (spec 4, 9). */
export const TOKEN_COOKIE = 'Admin-Token';

/** The envelope every call answers with. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}
/** A 20004 answer (spec 8): a warning for the user to confirm; nothing was done. */
export const confirmEnvelope = z.object({ code: z.literal(20004), message: z.string(), data: z.null().optional() });
export const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
/** The failures any route may answer (the one error handler's statuses), for route schemas and OpenAPI. */
export const errorResponses = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  429: errorEnvelope,
  500: errorEnvelope,
} as const;
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** One problem with the input: where it is and the translated message. */
export const validationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssue>;

/** A page of a server-paged list: which page and how many rows (spec 7: page, page_size). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
/** One page of rows and how many there are in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), items: z.array(item) });
}
