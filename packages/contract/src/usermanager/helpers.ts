import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pageOf, pageQuery } from '../envelope.js';
import { emptyData } from '../user/schemas.js';
import { trimmedText } from '../validation.js';
import * as people from './people.js';

/**
 * /user_register and /device_user_permission: helpers, sharing and the switch right (spec 7, issue 12; rules in
 * docs/people.md). A helper of X is a child of X with the role helper; X shares the devices X owns with them.
 */

/** The kinds of helper (spec 3 "Helper adds type and region"); the console translates them. */
export const HELPER_TYPES = ['operator', 'maintenance', 'inspector', 'other'] as const;
export type HelperType = (typeof HELPER_TYPES)[number];

export const helperRow = people.personRow.extend({
  helperType: z.enum(HELPER_TYPES).nullable(),
  region: z.string(),
  sharedDevices: z.number().int(),
  switchDevices: z.number().int(),
});
export type HelperRow = z.infer<typeof helperRow>;

/** The search of the helper list. */
export const helpersFilter = z.object({ q: people.peopleSearch, helperType: z.enum(HELPER_TYPES).optional() });
export type HelpersFilter = z.output<typeof helpersFilter>;
export const helpersQuery = pageQuery.extend(helpersFilter.shape);

export const addHelperBody = people.newPersonBody(
  {},
  { helperType: z.enum(HELPER_TYPES, { error: 'validation.helperType.invalid' }), region: trimmedText(64).default('') },
);
export type AddHelperBody = z.input<typeof addHelperBody>;
/** A new helper as the server reads the body (defaults applied). */
export type NewHelper = z.output<typeof addHelperBody>;

export const shareBody = people.personDeviceBody.extend({ canSwitch: z.boolean().default(false) });
export const shareAllBody = people.personIdBody.extend({ canSwitch: z.boolean().default(false) });

/** A device on the helper-device screen: shared with the helper (with `canSwitch`, `sharedAt`) or shareable. */
export const helperDeviceRow = people.personDeviceRow.extend({ canSwitch: z.boolean(), sharedAt: z.number().int().nullable() });
export type HelperDeviceRow = z.infer<typeof helperDeviceRow>;

const tags = ['usermanager'] as const;

export const helperEndpoints = {
  getHelpers: endpoint({
    method: 'GET',
    path: '/user_register/get_helpers',
    access: 'editHelper',
    query: helpersQuery,
    response: pageOf(helperRow),
    tags,
    summary: "The caller's helpers (children with the role helper), searched by username, name or region",
  }),
  getHelperTypes: endpoint({
    method: 'GET',
    path: '/user_register/get_helper_types',
    access: 'editHelper',
    response: z.object({ types: z.array(z.enum(HELPER_TYPES)), regions: z.array(z.string()) }),
    tags,
    summary: "The helper types, and the regions the caller's helpers are in",
  }),
  addHelper: endpoint({
    method: 'POST',
    path: '/user_register/add_helper',
    access: 'addHelper',
    body: addHelperBody,
    response: z.object({ id: z.number().int() }),
    tags,
    summary: 'Creates a helper below the caller (role helper, level 7, the caller’s CK group)',
  }),
  changeHelperPassword: endpoint({
    method: 'POST',
    path: '/user_register/change_helper_password',
    access: 'editHelper',
    body: people.personPasswordBody,
    response: emptyData,
    tags,
    summary: "Sets a helper's password; their sessions end",
  }),
  changeHelperModel: endpoint({
    method: 'POST',
    path: '/user_register/change_helper_model',
    access: 'editHelper',
    body: people.personTemplateBody,
    response: emptyData,
    tags,
    summary: "Gives a helper a permission template (null: their role's default, Operator)",
  }),
  delHelper: endpoint({
    method: 'GET',
    path: '/user_register/del_helper',
    access: 'editHelper',
    query: people.personIdBody,
    response: emptyData,
    tags,
    summary:
      'Deletes a helper (GET, as spec 7 lists it): every share to them ends, their sessions end, and the account is disabled and leaves the caller; its user name stays taken',
  }),
  getHelper: endpoint({
    method: 'GET',
    path: '/user_register/get_helper',
    access: 'helperDevice',
    query: people.personIdBody,
    response: people.personSummary,
    tags,
    summary:
      "One of the caller's helpers (user name, name, company), as the page of their devices names them; anyone else's is refused alike (ours)",
  }),
  getSharedDevices: endpoint({
    method: 'GET',
    path: '/user_register/get_shared_devices',
    access: 'helperDevice',
    query: people.personDevicesQuery,
    response: pageOf(helperDeviceRow),
    tags,
    summary: 'The devices the caller shares with one of their helpers',
  }),
  getUnsharedDevices: endpoint({
    method: 'GET',
    path: '/user_register/get_unshared_devices',
    access: 'helperDevice',
    query: people.personDevicesQuery,
    response: pageOf(helperDeviceRow),
    tags,
    summary: 'The devices the caller owns and does not share with that helper',
  }),
  shareDevice: endpoint({
    method: 'POST',
    path: '/user_register/share_device',
    access: 'helperDevice',
    body: shareBody,
    response: people.changedCount,
    tags,
    summary: 'Shares one device the caller owns with their helper, with or without the switch right',
  }),
  shareAllDevice: endpoint({
    method: 'POST',
    path: '/user_register/share_all_device',
    access: 'helperDevice',
    body: shareAllBody,
    response: people.changedCount,
    tags,
    summary: 'Shares every device the caller owns and does not yet share with that helper, in one transaction',
  }),
  recallSharedDevice: endpoint({
    method: 'POST',
    path: '/user_register/recall_shared_device',
    access: 'helperDevice',
    body: people.personDeviceBody,
    response: people.changedCount,
    tags,
    summary: 'Ends the share of one device with that helper',
  }),
  recallAllSharedDevice: endpoint({
    method: 'POST',
    path: '/user_register/recall_all_shared_device',
    access: 'helperDevice',
    body: people.personIdBody,
    response: people.changedCount,
    tags,
    summary: 'Ends every share of the caller with that helper',
  }),
  addDeviceUserPermission: endpoint({
    method: 'POST',
    path: '/device_user_permission/add_device_user_permission',
    access: 'helperDevice',
    body: people.personDeviceBody,
    response: people.changedCount,
    tags,
    summary: 'Gives the helper the switch right on one device shared with them',
  }),
  delDeviceUserPermission: endpoint({
    method: 'POST',
    path: '/device_user_permission/del_device_user_permission',
    access: 'helperDevice',
    body: people.personDeviceBody,
    response: people.changedCount,
    tags,
    summary: 'Removes the switch right on one device shared with the helper',
  }),
  addAllDeviceUserPermission: endpoint({
    method: 'POST',
    path: '/device_user_permission/add_all_device_user_permission',
    access: 'helperDevice',
    body: people.personIdBody,
    response: people.changedCount,
    tags,
    summary: 'Gives the helper the switch right on every device shared with them',
  }),
  delAllDeviceUserPermission: endpoint({
    method: 'POST',
    path: '/device_user_permission/del_all_device_user_permission',
    access: 'helperDevice',
    body: people.personIdBody,
    response: people.changedCount,
    tags,
    summary: 'Removes the switch right on every device shared with the helper',
  }),
};
