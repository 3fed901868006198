import { callerEndpoints } from './caller.js';
import { helperEndpoints } from './helpers.js';
import { managerEndpoints } from './managers.js';

/** /user_register, /device_user_permission and the CK calls of /user: people and ownership (docs/people.md). */
export const endpoints = { ...managerEndpoints, ...helperEndpoints, ...callerEndpoints };
