import type { PermissionOf } from '@dms/contract';
import { forbidden } from '../errors.js';
import * as repo from './repository.js';
import { deviceScope, type Rules } from './rule.js';

/** A box's page is seen by its owner and by whoever sees a device on it (root, admin: every box). */
export const BOX_RULES = {
  'box.read': { check: async (db, auth, ids) => new Set(await repo.boxesAmong(db, deviceScope(auth), ids)), denied: forbidden },
} as const satisfies Rules<PermissionOf<'box'>>;
