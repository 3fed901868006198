import type { PermissionOf } from '@dms/contract';
import { forbidden } from '../errors.js';
import * as repo from './repository.js';
import { deviceScope, seesAll, type Rules } from './rule.js';

/**
 * A box's page is seen by its owner and by whoever sees a device on it (root, admin: every box). Its fault records are
 * cleared only by those who see every box (the area lets root and limited_admin ask): nobody else, whatever they own.
 * A command goes to a box only from root (a move, a firmware or a reboot stops a plant's data): nobody else. Boxes are
 * assigned to an account only by limited_admin (spec 6: box-assign is theirs alone). Only root deletes a box and restores
 * it: the one permission that holds on a deleted box, which every other hides.
 */
export const BOX_RULES = {
  'box.read': { check: async (db, auth, ids) => new Set(await repo.boxesAmong(db, deviceScope(auth), ids)), denied: forbidden },
  'box.clearFaults': {
    check: async (db, auth, ids) => new Set(seesAll(auth) ? await repo.boxesAmong(db, deviceScope(auth), ids) : []),
    denied: forbidden,
  },
  'box.assign': {
    check: async (db, auth, ids) => new Set(auth.roles.includes('limited_admin') ? await repo.boxesAmong(db, deviceScope(auth), ids) : []),
    denied: forbidden,
  },
  'box.command': {
    check: async (db, auth, ids) => new Set(auth.roles.includes('root') ? await repo.boxesAmong(db, deviceScope(auth), ids) : []),
    denied: forbidden,
  },
  'box.update': {
    check: async (db, auth, ids) => new Set(auth.roles.includes('root') ? await repo.boxesAmong(db, deviceScope(auth), ids) : []),
    denied: forbidden,
  },
  'box.reset': {
    check: async (db, auth, ids) => new Set(auth.roles.includes('root') ? await repo.boxesAmong(db, deviceScope(auth), ids) : []),
    denied: forbidden,
  },
  'box.delete': {
    check: async (db, auth, ids) => new Set(auth.roles.includes('root') ? await repo.boxesRegistered(db, ids) : []),
    denied: forbidden,
  },
} as const satisfies Rules<PermissionOf<'box'>>;
