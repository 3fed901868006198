import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { ROLES } from '../roles.js';
import { passwordSchema, usernameSchema } from '../validation.js';
import { secondStepData } from './two-factor.js';

// ---- /user ----

export const loginBody = z.object({ username: usernameSchema, password: passwordSchema });
export type LoginBody = z.input<typeof loginBody>;
/** A session: its token and when it expires. */
export const signedInData = z.object({ token: z.string(), expiresAt: z.number().int() });
export type SignedInData = z.infer<typeof signedInData>;
/** A sign-in answers a session, or, for a user with two-factor sign-in on, the challenge of its second step. */
export const loginData = z.union([signedInData, secondStepData]);
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
  /** Two-factor sign-in: on, and required by the user's role (required and off: only enrolment is open to them). */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});
export type UserInfoData = z.infer<typeof userInfoData>;

export const changePasswordBody = z.object({ oldPassword: passwordSchema, newPassword: passwordSchema });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const emptyData = z.null();

export const roleSchema = z.enum(ROLES);

// ---- sessions: a user's own (/profile/index) and every user's (/tools/sessions, root) ----

/**
 * One signed-in session: the browser's user agent (the console names the browser and system from it), the address it
 * signed in from, when, and when it last made a call (to the minute). `current` is the caller's own session.
 */
export const sessionItem = z.object({
  id: z.number().int(),
  username: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.number().int(),
  lastActiveAt: z.number().int(),
  expiresAt: z.number().int(),
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;
export const sessionsPage = pageOf(sessionItem);
export type SessionsPage = z.infer<typeof sessionsPage>;

export const sessionsQuery = pageQuery;
export type SessionsQuery = z.input<typeof sessionsQuery>;

/** A session's last activity is written at most once in this long (a call within it changes nothing). */
export const SESSION_ACTIVITY_STEP_MS = 60_000;

export const endSessionBody = z.object({ id: z.coerce.number().int().positive() });
export type EndSessionBody = z.input<typeof endSessionBody>;

/** How many sessions a call ended. */
export const sessionsEnded = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEnded>;
