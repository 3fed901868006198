import { Code, FINAL_COMMAND_STATES } from '@dms/contract';
import type { Db } from '../db/database.js';
import { AppError, notFound } from '../errors.js';
import type { AuthContext } from '../types.js';
import type { Checker, Rules } from './rule.js';

/** Root's rows of a table with an integer id: those that exist, for root; nothing for anyone else. */
function rootsOf(table: 'box_images' | 'box_rollouts'): Checker {
  return async (db: Db, auth: AuthContext, ids) => {
    if (!auth.roles.includes('root')) return new Set();
    const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  };
}

/**
 * Box images and firmware rollouts (/smartbox/upload, /smartbox/box-software) are root's alone (spec 6). An image or
 * a rollout that does not exist, or one asked for by anyone else, is not found.
 */
export const FIRMWARE_RULES = {
  'image.manage': { check: rootsOf('box_images'), denied: notFound },
  'rollout.manage': { check: rootsOf('box_rollouts'), denied: notFound },
} as const satisfies Rules<'image.manage' | 'rollout.manage'>;

/**
 * Whether a box may download an image: only while a firmware command naming the image's SHA-256 is open for it
 * (queued, sent, or answered but not final). Credentials alone never fetch an image a box was not told to install;
 * a box without such a command is answered as if the image did not exist.
 */
export async function requireBoxDownload(db: Db, boxId: number, sha256: string): Promise<void> {
  const open = await db
    .selectFrom('box_commands')
    .select('id')
    .where('box_id', '=', boxId)
    .where('cmd', '=', 'firmware')
    .where('state', 'not in', [...FINAL_COMMAND_STATES])
    .where('args', 'like', `%"sha256":"${sha256}"%`)
    .limit(1)
    .executeTakeFirst();
  if (!open) throw new AppError(Code.NOT_FOUND, 'error.firmware.notFound');
}
