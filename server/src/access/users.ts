import { Code, ROOT_ROLE, type PermissionOf } from '@dms/contract';
import type { Db } from '../db/database.js';
import { AppError, forbidden } from '../errors.js';
import type { AuthContext } from '../types.js';
import { parseRoles } from './reach.js';
import * as repo from './repository.js';
import { changesAll, type Checker, type Rules } from './rule.js';

/** The users whose records a user sees: null for everyone (root, admin), else themselves and everyone below them. */
export async function userScope(db: Db, auth: AuthContext): Promise<number[] | null> {
  return changesAll(auth) ? null : repo.selfAndDescendants(db, auth.user.id);
}

/**
 * The people a user manages (docs/people.md "Managing the users below"): their own children holding the role, never
 * a grandchild or anyone else's, root and admin included. Someone else's and an id that is nobody's are refused alike.
 */
const childrenHolding =
  (role: repo.ChildRole): Checker =>
  async (db, auth, ids) =>
    new Set(await repo.childrenAmong(db, auth.user.id, role, ids));

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
  'user.helper': { check: childrenHolding('helper'), denied: () => new AppError(Code.FORBIDDEN, 'error.notYourHelper') },
  'user.manager': { check: childrenHolding('manager'), denied: () => new AppError(Code.FORBIDDEN, 'error.notYourManager') },
  'user.reset': {
    check: async (db, auth, ids) => {
      if (!auth.roles.includes(ROOT_ROLE)) return new Set();
      const rows = await db.selectFrom('users').select(['id', 'roles']).where('id', 'in', ids).execute();
      return new Set(rows.filter((r) => !parseRoles(r.roles).includes(ROOT_ROLE)).map((r) => r.id));
    },
    denied: () => new AppError(Code.FORBIDDEN, 'error.scripts.rootUser'),
  },
  'user.secondFactorReset': {
    check: async (db, auth, ids) => {
      if (!auth.roles.includes(ROOT_ROLE)) return new Set();
      const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).where('id', '!=', auth.user.id).execute();
      return new Set(rows.map((r) => r.id));
    },
    denied: () => new AppError(Code.FORBIDDEN, 'error.twoFactorResetNotAllowed'),
  },
  'user.quota': {
    check: async (db, auth, ids) => new Set(await repo.childrenAmong(db, auth.user.id, null, ids)),
    denied: () => new AppError(Code.FORBIDDEN, 'error.qrManage.notYourUser'),
  },
} as const satisfies Rules<PermissionOf<'user'>>;
