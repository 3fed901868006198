/** The user-management pages' paths: the lists the hidden pages are reached from, and the hidden pages. */
export const EDIT_HELPER_PATH = '/usermanager/edit-helper';
export const HELPER_DEVICE_PATH = '/usermanager/helper-device';
export const ADD_HELPER_PATH = '/usermanager/add-helper';
export const EDIT_MANAGER_PATH = '/usermanager/edit-manager';
export const MANAGER_DEVICE_PATH = '/usermanager/manager-device';
export const ADD_MANAGER_PATH = '/usermanager/add-manager';
