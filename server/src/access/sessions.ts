import { Code, ROOT_ROLE, type PermissionOf } from '@dms/contract';
import { AppError } from '../errors.js';
import type { Rules } from './rule.js';

/**
 * Signed-in sessions (issue 27): a user ends their own; root ends anyone's. A session that does not exist is nobody's,
 * so it is refused like someone else's.
 */
export const SESSION_RULES = {
  'session.end': {
    check: async (db, auth, ids) => {
      let rows = db.selectFrom('sessions').select('id').where('id', 'in', ids);
      if (!auth.roles.includes(ROOT_ROLE)) rows = rows.where('user_id', '=', auth.user.id);
      return new Set((await rows.execute()).map((r) => r.id));
    },
    denied: () => new AppError(Code.FORBIDDEN, 'error.sessionNotYours'),
  },
} as const satisfies Rules<PermissionOf<'session'>>;
