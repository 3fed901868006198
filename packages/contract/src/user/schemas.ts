import { z } from 'zod';
import { ROLES } from '../roles.js';
import { passwordSchema, usernameSchema } from '../validation.js';

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

export const roleSchema = z.enum(ROLES);
