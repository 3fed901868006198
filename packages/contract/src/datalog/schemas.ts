import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';

// ---- /datalog ----

export const SERVER_LOG_SOURCES = ['server', 'console'] as const;
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

/** A console error reported in production (spec 9: errors are logged in production only). */
export const clientErrorBody = z.object({
  message: z.string().min(1).max(2000),
  detail: z.string().max(20_000).default(''),
  url: z.string().max(2000).default(''),
});
export type ClientErrorBody = z.input<typeof clientErrorBody>;

/** What the operation log records. Later areas add their actions here. */
export const OPERATION_ACTIONS = [
  'user.login',
  'user.logout',
  'user.changePassword',
  'box.register',
  'device.write',
  'device.edit',
] as const;
export type OperationAction = (typeof OPERATION_ACTIONS)[number];
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
