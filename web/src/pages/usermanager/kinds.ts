import { api } from '@dms/contract';
import { ADD_HELPER_PATH, ADD_MANAGER_PATH, EDIT_HELPER_PATH, EDIT_MANAGER_PATH, HELPER_DEVICE_PATH, MANAGER_DEVICE_PATH } from './paths';

/**
 * What the pages of helpers and of sub-managers say and call alike, each in its own words (docs/people.md "Managing
 * the users below"): the words of their area (`ns`), the prefix of their test ids, their paths, and the calls that
 * take the same input for both. What differs beyond this (columns, filters, the form's own fields, sharing or
 * assigning) stays with each page.
 */
export const HELPER_PAGES = {
  ns: 'helpers',
  testId: 'helper',
  listPath: EDIT_HELPER_PATH,
  addPath: ADD_HELPER_PATH,
  devicePath: HELPER_DEVICE_PATH,
  addArea: 'addHelper',
  /** The order of a row's password and template actions in the list. */
  actionOrder: ['password', 'template'],
  listTitle: 'usermanager.route.editHelper',
  addTitle: 'usermanager.route.addHelper',
  devicesTitle: 'usermanager.route.helperDevice',
  noPerson: 'helpers.noHelper',
  linkedTitle: 'helpers.sharedTitle',
  linkableTitle: 'helpers.shareableTitle',
  linkedTable: 'helper-shared-table',
  linkableTable: 'helper-shareable-table',
  person: api.usermanager.getHelper,
  password: api.usermanager.changeHelperPassword,
  template: api.usermanager.changeHelperModel,
  recallAll: api.usermanager.recallAllSharedDevice,
} as const;

export const MANAGER_PAGES = {
  ns: 'managers',
  testId: 'manager',
  listPath: EDIT_MANAGER_PATH,
  addPath: ADD_MANAGER_PATH,
  devicePath: MANAGER_DEVICE_PATH,
  addArea: 'addManager',
  actionOrder: ['template', 'password'],
  listTitle: 'usermanager.route.editManager',
  addTitle: 'usermanager.route.addManager',
  devicesTitle: 'usermanager.route.managerDevice',
  noPerson: 'managers.noManager',
  linkedTitle: 'managers.assignedTitle',
  linkableTitle: 'managers.assignableTitle',
  linkedTable: 'manager-assigned-table',
  linkableTable: 'manager-assignable-table',
  person: api.usermanager.getManager,
  password: api.usermanager.resetManagerPassword,
  template: api.usermanager.changeManagerModel,
  recallAll: api.usermanager.recallAllAssignedDevice,
} as const;

export type PersonPages = typeof HELPER_PAGES | typeof MANAGER_PAGES;
