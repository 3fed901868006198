import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf, pageQuery } from '../envelope.js';
import { emptyData } from '../user/schemas.js';
import { normalizeClaim } from '../box-reg-info/labels.js';
import { CK_CODE, positiveId, trimmedText } from '../validation.js';
import * as people from './people.js';

/**
 * /user_register: add-device (claim a box by its CK code), sub-managers and assignment (spec 7, issue 12; rules in
 * docs/people.md). A sub-manager of X is a child of X with the role manager; X assigns the devices X owns to them,
 * which makes them the owner until X (or someone above X in the chain) recalls it.
 */

const userId = positiveId;

export const claimBody = z
  .object({
    boxId: z.coerce
      .number({ error: 'validation.field.positiveInteger' })
      .int('validation.field.positiveInteger')
      .min(1, 'validation.field.positiveInteger')
      .max(2_147_483_647, 'validation.boxId.range'),
    /** The CK code on the box; or, instead, */
    ck: z.string({ error: 'validation.ck.format' }).trim().regex(CK_CODE, 'validation.ck.format').optional(),
    /** the claim secret of its label (scanned, or typed from the label's text; box-reg-info/labels.ts). */
    claim: z
      .string({ error: 'validation.claim.proof' })
      .transform((v, ctx) => normalizeClaim(v) ?? (ctx.addIssue({ code: 'custom', message: 'validation.claim.proof' }), z.NEVER))
      .optional(),
    /** Claim for one of the caller's sub-managers: the devices are claimed and assigned to them in one step. */
    userId: userId().nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.ck === undefined && v.claim === undefined) ctx.addIssue({ code: 'custom', path: ['ck'], message: 'validation.claim.proof' });
  });
export type ClaimBody = z.input<typeof claimBody>;

export const claimResult = z.object({
  boxId: z.number().int(),
  /** Who owns the devices now: the caller, or the sub-manager they claimed for. */
  owner: z.string(),
  devices: z.array(z.object({ id: z.number().int(), controller: z.number().int(), typeCode: z.string().nullable() })),
});
export type ClaimResult = z.infer<typeof claimResult>;

export const MANAGER_STATES = ['enabled', 'disabled'] as const;
export type ManagerState = (typeof MANAGER_STATES)[number];

export const managerRow = people.personRow.extend({
  company: z.string(),
  ck: z.string(),
  disabled: z.boolean(),
  /** Devices the caller assigned to them and has not recalled. */
  assignedDevices: z.number().int(),
});
export type ManagerRow = z.infer<typeof managerRow>;

/** The search of the sub-manager list, and of its export. */
export const managersFilter = z.object({
  q: people.peopleSearch,
  state: z.enum(MANAGER_STATES).optional(),
});
export type ManagersFilter = z.output<typeof managersFilter>;
export const managersQuery = pageQuery.extend(managersFilter.shape);

/** An optional four-digit CK code: empty means the caller's own. */
const optionalCk = z
  .string()
  .trim()
  .refine((v) => v === '' || CK_CODE.test(v), 'validation.ck.format')
  .default('');

export const addManagerBody = people.newPersonBody({ company: trimmedText(128).default('') }, { ck: optionalCk });
export type AddManagerBody = z.input<typeof addManagerBody>;
/** A new sub-manager as the server reads the body (defaults applied). */
export type NewManager = z.output<typeof addManagerBody>;

export const managerDisabledBody = people.personIdBody.extend({ disabled: z.boolean({ error: 'validation.invalid' }) });

/** Most devices one batch assigns. */
export const MAX_BATCH_ASSIGN = 1000;
export const batchAssignBody = z.object({
  userId: userId(),
  deviceIds: z.array(userId()).min(1, 'validation.batch.empty').max(MAX_BATCH_ASSIGN, 'validation.batch.tooMany'),
});
/**
 * What assigning some devices would end, asked before assigning (the same rules, nothing changed): how many devices
 * would move, how many of them the caller shares, and each person whose shares end with how many devices they lose.
 * A recall does not bring those shares back.
 */
export const assignPreview = z.object({
  /** The devices the assignment would move (those already assigned to that sub-manager are left out). */
  devices: z.number().int(),
  /** Of those, the devices the caller shares with someone: their shares end. */
  sharedDevices: z.number().int(),
  /** Who loses devices, by user name: the people the caller shares them with, and how many each loses. */
  losing: z.array(z.object({ id: z.number().int(), username: z.string(), name: z.string(), devices: z.number().int() })),
});
export type AssignPreview = z.infer<typeof assignPreview>;

/**
 * A device on the manager-device screen: assigned to the sub-manager (with `assignedAt`, `holder` when they assigned it
 * further down, and `hidden` when they hid it from superiors) or assignable (one the caller owns).
 */
export const managerDeviceRow = people.personDeviceRow.extend({
  assignedAt: z.number().int().nullable(),
  holder: z.string().nullable(),
  hidden: z.boolean(),
});
export type ManagerDeviceRow = z.infer<typeof managerDeviceRow>;

/** The receiver of an assignment hides it from superiors, or shows it again. */
export const hiddenBody = z.object({ deviceId: userId(), hidden: z.boolean({ error: 'validation.invalid' }) });

const tags = ['usermanager'] as const;

export const managerEndpoints = {
  registerDeviceToUser: endpoint({
    method: 'POST',
    path: '/user_register/register_device_to_user',
    access: 'addDevice',
    body: claimBody,
    response: claimResult,
    tags,
    summary:
      "Claims a registered box by its id and CK code: its devices become the caller's (or, with userId, are assigned on to the caller's sub-manager). Wrong codes are limited per user and per box (docs/people.md)",
  }),
  getManagers: endpoint({
    method: 'GET',
    path: '/user_register/get_managers',
    access: 'editManager',
    query: managersQuery,
    response: pageOf(managerRow),
    tags,
    summary: "The caller's sub-managers (children with the role manager), searched by user name, name, company or phone",
  }),
  addNextManager: endpoint({
    method: 'POST',
    path: '/user_register/add_next_manager',
    access: 'addManager',
    body: addManagerBody,
    response: z.object({ id: z.number().int() }),
    tags,
    summary: "Creates a sub-manager below the caller (role manager, the caller's level, the caller's CK code unless one is given)",
  }),
  changeManagerModel: endpoint({
    method: 'POST',
    path: '/user_register/change_manager_model',
    access: 'editManager',
    body: people.personTemplateBody,
    response: emptyData,
    tags,
    summary: "Gives a sub-manager a permission template offered at the caller's level (null: the role's default, Full control)",
  }),
  resetManagerPassword: endpoint({
    method: 'POST',
    path: '/user_register/reset_manager_password',
    access: 'editManager',
    body: people.personPasswordBody,
    response: emptyData,
    tags,
    summary: "Sets a sub-manager's password; their sessions end (ours: the spec names no call for it)",
  }),
  setManagerDisabled: endpoint({
    method: 'POST',
    path: '/user_register/set_manager_disabled',
    access: 'editManager',
    body: managerDisabledBody,
    response: emptyData,
    tags,
    summary: 'Disables a sub-manager (their sessions end, sign-in is refused) or enables them again (ours)',
  }),
  getManager: endpoint({
    method: 'GET',
    path: '/user_register/get_manager',
    access: 'managerDevice',
    query: people.personIdBody,
    response: people.personSummary,
    tags,
    summary:
      "One of the caller's sub-managers (user name, name, company), as the page of their devices names them; anyone else's is refused alike (ours)",
  }),
  getAssignedDevices: endpoint({
    method: 'GET',
    path: '/user_register/get_assigned_devices',
    access: 'managerDevice',
    query: people.personDevicesQuery,
    response: pageOf(managerDeviceRow),
    tags,
    summary: 'The devices the caller assigned to one of their sub-managers and has not recalled',
  }),
  getUnassignedDevices: endpoint({
    method: 'GET',
    path: '/user_register/get_unassigned_devices',
    access: 'managerDevice',
    query: people.personDevicesQuery,
    response: pageOf(managerDeviceRow),
    tags,
    summary: 'The devices the caller owns: those they may assign',
  }),
  assignDevice: endpoint({
    method: 'POST',
    path: '/user_register/assign_device',
    access: 'managerDevice',
    body: people.personDeviceBody,
    response: people.changedCount,
    tags,
    summary: "Assigns one device the caller owns to their sub-manager: the sub-manager becomes its owner; the caller's shares of it end",
  }),
  batchAssignDevices: endpoint({
    method: 'POST',
    path: '/user_register/batch_assign_devices',
    access: 'managerDevice',
    body: batchAssignBody,
    response: people.changedCount,
    tags,
    summary: `Assigns up to ${MAX_BATCH_ASSIGN} devices in one transaction: all or none (a device the caller does not own refuses the batch)`,
  }),
  previewAssign: endpoint({
    method: 'POST',
    path: '/user_register/preview_assign',
    access: 'managerDevice',
    body: batchAssignBody,
    response: assignPreview,
    tags,
    summary:
      'What assigning these devices to that sub-manager would end, without assigning: the shares of them and who loses them (a POST for the list of ids; ours)',
  }),
  recallAssignedDevice: endpoint({
    method: 'POST',
    path: '/user_register/recall_assigned_device',
    access: 'managerDevice',
    body: people.personDeviceBody,
    response: people.changedCount,
    tags,
    summary:
      'Takes back a device the caller assigned to that sub-manager: the caller owns it again; every assignment and share made below ends',
  }),
  recallAllAssignedDevice: endpoint({
    method: 'POST',
    path: '/user_register/recall_all_assigned_device',
    access: 'managerDevice',
    body: people.personIdBody,
    response: people.changedCount,
    tags,
    summary: 'Takes back every device the caller assigned to that sub-manager, in one transaction',
  }),
  hideFromSuperior: endpoint({
    method: 'POST',
    path: '/user_register/hide_from_superior',
    access: 'usermanager',
    body: hiddenBody,
    response: people.changedCount,
    tags,
    summary:
      'The receiver of an assignment hides the device’s values, history and exports from everyone above them, or shows them again (ours)',
  }),
};
