import { randomInt } from 'node:crypto';
import { Code, message, ROOT_ROLE } from '@dms/contract';
import { z } from 'zod';
import { ckGroups, parseRoles, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { Audit } from '../datalog/service.js';
import { resetPassword } from '../usermanager/people.js';
import { defineScript, type Planned, type ScriptContext } from './script.js';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed from a screen. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** A new password: 12 of them (within spec 5's 6 to 20 characters), from the system's random source. */
export const generatePassword = () => Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const target = z.object({ userId: z.number().int(), username: z.string() });
type Target = z.infer<typeof target>;
interface UserLine {
  id: number;
  username: string;
  name: string;
  company: string;
}

const planned = (lang: ScriptContext['lang'], u: UserLine): Planned<Target> => ({
  target: u.name ? `${u.username} (${u.name})` : u.username,
  before: u.company || null,
  after: message(lang, 'scripts.generated'),
  payload: { userId: u.id, username: u.username },
});

/**
 * Sets a generated password through the one password change (usermanager/people.ts resetPassword: every session of
 * the user ends and their sockets close), checked (`user.reset`) in its transaction; the password is the run's
 * secret, shown once, and never stored.
 */
function resetOne(db: Db, bus: EventBus, audit: Audit, now: () => number) {
  return async ({ auth, ip }: ScriptContext, t: Target) => {
    const password = generatePassword();
    await resetPassword({ db, bus }, password, now(), async (trx) => {
      await requireAccess(trx, { auth, permission: 'user.reset', ids: [t.userId] });
      return { id: t.userId };
    });
    await audit.record({ user: auth.user, action: 'script.resetPassword', target: t.username, outcome: 'ok', ip });
    return { outcome: 'ok' as const, secret: password };
  };
}

/** reset-pwd: the chosen users' passwords, by username. A name nobody holds, or root's, is refused with the form. */
export function resetPwd(db: Db, bus: EventBus, audit: Audit, now: () => number) {
  return defineScript({
    name: 'reset-pwd',
    payload: target,
    noUndo: 'scripts.noUndo.password',
    async plan({ lang }, input) {
      const names = [...new Set(input.usernames)];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'name', 'company', 'roles'])
        .where('username', 'in', names)
        .execute();
      const byName = new Map(rows.map((r) => [r.username, r]));
      const unknown = names.find((n) => !byName.has(n));
      if (unknown !== undefined) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.unknownUser', { username: unknown });
      if (rows.some((r) => parseRoles(r.roles).includes(ROOT_ROLE))) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.rootUser');
      return names.map((n) => planned(lang, byName.get(n) as UserLine));
    },
    apply: resetOne(db, bus, audit, now),
  });
}

/**
 * ck-pwd: the passwords of a CK group's users: those with the code and a distributor role who have its factory above
 * them (access/reach.ts ckGroups, the rule of resetCkUserPwd and of CK reach); never the factory's own.
 */
export function ckPwd(db: Db, bus: EventBus, audit: Audit, now: () => number) {
  return defineScript({
    name: 'ck-pwd',
    payload: target,
    noUndo: 'scripts.noUndo.password',
    async plan({ lang }, input) {
      const ids = [...new Set((await ckGroups(db, [input.ck])).get(input.ck)?.flatMap((g) => g.userIds) ?? [])];
      const users =
        ids.length === 0
          ? []
          : await db.selectFrom('users').select(['id', 'username', 'name', 'company']).where('id', 'in', ids).orderBy('username').execute();
      if (users.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.noCkUsers', { ck: input.ck });
      return users.map((u) => planned(lang, u));
    },
    apply: resetOne(db, bus, audit, now),
  });
}
