/** The permission template pages (spec 2 /device-type). */
export const PERMISSION_PATH = '/device-type/permission';
export const permissionModifyPath = (id: number) => `/device-type/permission/modify/${id}`;
