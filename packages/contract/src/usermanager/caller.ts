import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { emptyData } from '../user/schemas.js';
import { passwordSchema, positiveId, usernameSchema } from '../validation.js';

/**
 * What the console asks about the caller before it shows user-management actions, the templates it may give, and the
 * CK group calls (spec 7, issue 12; our reading in docs/people.md).
 */

export const MANAGER_OR_USER = ['manager', 'user', 'neither'] as const;
export type ManagerOrUser = (typeof MANAGER_OR_USER)[number];

/** A permission template as the pickers offer it. */
export const templateOption = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  builtin: z.string().nullable(),
});
export type TemplateOption = z.infer<typeof templateOption>;

export const deviceIdQuery = z.object({ device_id: positiveId() });

/** What a recall of the device by the caller would do (check_recall_dev_ck). */
export const recallCheck = z.object({
  /** Whether the caller may recall it: they are in its assignment chain above its owner. */
  recallable: z.boolean(),
  /** Who owns it now. */
  holder: z.string(),
  /** The sub-manager the caller assigned it to (null when the caller did not assign it). */
  assignedTo: z.string().nullable(),
  /** Assignments and shares below the caller that the recall ends. */
  ends: z.number().int(),
  /** The CK code of its box, and whether it is the caller's own. */
  ck: z.string().nullable(),
  sameCk: z.boolean(),
});
export type RecallCheck = z.infer<typeof recallCheck>;

/** The users of a device's CK group who reach it by that code (get_dev_ck_users). */
export const devCkUsers = z.object({
  ck: z.string().nullable(),
  users: z.array(
    z.object({
      username: z.string(),
      company: z.string(),
      role: z.enum(['factory', 'distributor']),
    }),
  ),
});
export type DevCkUsers = z.infer<typeof devCkUsers>;

export const resetCkPasswordBody = z.object({ username: usernameSchema, password: passwordSchema });

const tags = ['usermanager'] as const;

export const callerEndpoints = {
  getPrivilegeLevel: endpoint({
    method: 'GET',
    path: '/user_register/get_privilege_level',
    access: 'usermanager',
    response: z.object({ level: z.number().int(), roles: z.array(z.string()) }),
    tags,
    summary: "The caller's level in the hierarchy (1 root … 8 end user) and roles",
  }),
  checkIsAdmin: endpoint({
    method: 'GET',
    path: '/user_register/check_is_admin',
    access: 'usermanager',
    response: z.object({ isAdmin: z.boolean() }),
    tags,
    summary: 'Whether the caller sees every device: root, admin or limited_admin',
  }),
  checkIsManagerOrUser: endpoint({
    method: 'GET',
    path: '/user_register/check_is_manager_or_user',
    access: 'usermanager',
    response: z.object({ kind: z.enum(MANAGER_OR_USER) }),
    tags,
    summary: 'Whether the caller is a manager (role manager: may have sub-managers and helpers), an end user, or neither',
  }),
  getLevelModels: endpoint({
    method: 'GET',
    path: '/user_register/get_level_models',
    access: 'usermanager',
    response: z.object({ templates: z.array(templateOption) }),
    tags,
    summary: "The permission templates the caller may give: those whose level is the caller's level or below",
  }),
  checkRecallDevCk: endpoint({
    method: 'GET',
    path: '/user_register/check_recall_dev_ck',
    access: 'managerDevice',
    query: deviceIdQuery,
    response: recallCheck,
    tags,
    summary: 'Before a recall: whether the caller may recall the device, who holds it, what the recall ends, and its CK code',
  }),
  getDevCkUsers: endpoint({
    method: 'GET',
    path: '/user_register/get_dev_ck_users',
    access: 'usermanager',
    query: deviceIdQuery,
    response: devCkUsers,
    tags,
    summary: "The CK factory and distributors who reach a device the caller reaches through its box's CK code",
  }),
  checkIsCkFactory: endpoint({
    method: 'GET',
    path: '/user/check_is_ck_factory',
    access: 'usermanager',
    response: z.object({ isCkFactory: z.boolean(), ck: z.string().nullable() }),
    tags,
    summary: 'Whether the caller is the factory of a CK group (role manufacturer with a CK code), and its code',
  }),
  resetCkUserPwd: endpoint({
    method: 'POST',
    path: '/user/resetCkUserPwd',
    access: 'usermanager',
    body: resetCkPasswordBody,
    response: emptyData,
    tags,
    summary: "A CK factory sets the password of a user of its CK group below it in the user tree; the user's sessions end",
  }),
};
