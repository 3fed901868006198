import { Code, type PermissionOf } from '@dms/contract';
import { AppError } from '../errors.js';
import type { Rules } from './rule.js';

/** API keys (issue 27): a user revokes their own; a key that does not exist is nobody's, refused like someone else's. */
export const API_KEY_RULES = {
  'apiKey.revoke': {
    check: async (db, auth, ids) => {
      const rows = await db.selectFrom('api_keys').select('id').where('id', 'in', ids).where('user_id', '=', auth.user.id).execute();
      return new Set(rows.map((r) => r.id));
    },
    denied: () => new AppError(Code.FORBIDDEN, 'error.apiKeyNotYours'),
  },
} as const satisfies Rules<PermissionOf<'apiKey'>>;
