import type { PermissionOf } from '@dms/contract';
import type { Db } from '../db/database.js';
import { forbidden } from '../errors.js';
import type { AuthContext } from '../types.js';
import * as repo from './repository.js';
import { changesAll, type Rules } from './rule.js';

/** The users whose records a user sees: null for everyone (root, admin), else themselves and everyone below them. */
export async function userScope(db: Db, auth: AuthContext): Promise<number[] | null> {
  return changesAll(auth) ? null : repo.selfAndDescendants(db, auth.user.id);
}

export const USER_RULES = {
  'user.read': {
    check: async (db, auth, ids) => {
      const scope = await userScope(db, auth);
      if (scope === null) return new Set(await repo.usersAmong(db, ids));
      const mine = new Set(scope);
      return new Set(ids.filter((id) => mine.has(id)));
    },
    denied: forbidden,
  },
} as const satisfies Rules<PermissionOf<'user'>>;
