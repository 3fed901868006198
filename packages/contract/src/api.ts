import { z } from 'zod';
import { Code } from './codes.js';
import { ROLES } from './roles.js';
import { passwordSchema, usernameSchema } from './validation.js';

/** Base path of every call (spec 7) and the console's request timeout (spec 9). */
export const API_BASE = '/api/v2';
export const REQUEST_TIMEOUT_MS = 300_000;
/** Name of the cookie holding the session token (spec 4, 9). */
export const TOKEN_COOKIE = 'Admin-Token';

/** The envelope every call answers with. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}
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

// ---- /user ----

export const loginBody = z.object({ username: usernameSchema, password: passwordSchema });
export type LoginBody = z.input<typeof loginBody>;
export const loginData = z.object({ token: z.string(), expiresAt: z.number().int() });
export type LoginData = z.infer<typeof loginData>;

export const tokenQuery = z.object({ token: z.string().optional() });

export const userInfoData = z.object({
  roles: z.array(z.string()),
  name: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  level: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    group_extra: z.string().nullable(),
    is_manager: z.boolean(),
  }),
});
export type UserInfoData = z.infer<typeof userInfoData>;

export const changePasswordBody = z.object({ oldPassword: passwordSchema, newPassword: passwordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const emptyData = z.null();

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

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export const serverLogQuery = pageQuery.extend({ source: z.enum(SERVER_LOG_SOURCES).optional() });
export type ServerLogQuery = Partial<z.output<typeof serverLogQuery>>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), items: z.array(item) });
}
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
export const OPERATION_ACTIONS = ['user.login', 'user.logout', 'user.changePassword', 'box.register', 'device.write', 'device.edit'] as const;
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

export const roleSchema = z.enum(ROLES);
export { Code };
