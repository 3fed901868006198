import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { AREA_ACTIONS } from '../actions.generated.js';
import type { MessageKey } from '../messages/types.js';

// ---- /datalog ----

/**
 * Where a server-log entry comes from: the server's own failures. Console error reports are kept apart, in their
 * own capped store (`client_errors`, GET /datalog/client-errors), so a flood of them cannot push these out.
 */
export const SERVER_LOG_SOURCES = ['server'] as const;
export const serverLogEntry = z.object({
  id: z.number().int(),
  time: z.number().int(),
  source: z.enum(SERVER_LOG_SOURCES),
  level: z.string(),
  message: z.string(),
  detail: z.string(),
  username: z.string().nullable(),
  url: z.string(),
});
export type ServerLogEntry = z.infer<typeof serverLogEntry>;

export const serverLogQuery = pageQuery.extend({ source: z.enum(SERVER_LOG_SOURCES).optional() });
export type ServerLogQuery = Partial<z.output<typeof serverLogQuery>>;

export const serverLogPage = pageOf(serverLogEntry);
export type ServerLogPage = z.infer<typeof serverLogPage>;

/**
 * The limits of one console error report: the field lengths here, the body's bytes (CLIENT_ERROR_BODY_LIMIT, below
 * the server's 1 MiB), and how many a session may send per minute (more are refused with 429 / 42900).
 */
export const CLIENT_ERROR_LIMITS = { message: 1000, detail: 8000, url: 2000, bodyBytes: 16_384, perSessionPerMinute: 10 } as const;

/** A console error reported in production by a signed-in console (spec 9: errors are logged in production only). */
export const clientErrorBody = z.object({
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  detail: z.string().max(CLIENT_ERROR_LIMITS.detail).default(''),
  url: z.string().max(CLIENT_ERROR_LIMITS.url).default(''),
});
export type ClientErrorBody = z.input<typeof clientErrorBody>;

/** One stored console error report: who sent it (the session's user), what and where, and the browser. */
export const clientErrorEntry = z.object({
  id: z.number().int(),
  time: z.number().int(),
  username: z.string().nullable(),
  message: z.string(),
  detail: z.string(),
  url: z.string(),
  user_agent: z.string(),
});
export type ClientErrorEntry = z.infer<typeof clientErrorEntry>;

export const clientErrorsQuery = pageQuery;
export type ClientErrorsQuery = Partial<z.output<typeof clientErrorsQuery>>;

export const clientErrorsPage = pageOf(clientErrorEntry);
export type ClientErrorsPage = z.infer<typeof clientErrorsPage>;

/** What the operation log records: each area declares its own in `<area>/actions.ts`, named in its messages. */
export const OPERATION_ACTIONS = AREA_ACTIONS;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];

/** The message that names an action in the operation log (`action.<name>` in its area's messages): every action has one, or this does not compile. */
export function operationActionMessage(action: OperationAction): MessageKey {
  const key: `action.${OperationAction}` = `action.${action}`;
  return key;
}
export const operationLogEntry = z.object({
  id: z.number().int(),
  time: z.number().int(),
  username: z.string(),
  action: z.string(),
  target: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  outcome: z.enum(['ok', 'failed']),
  ip: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntry>;
export const operationLogQuery = pageQuery.extend({
  action: z.enum(OPERATION_ACTIONS).optional(),
  username: z.string().trim().max(64).optional(),
});
export type OperationLogQuery = Partial<z.output<typeof operationLogQuery>>;
export const operationLogPage = pageOf(operationLogEntry);
export type OperationLogPage = z.infer<typeof operationLogPage>;
