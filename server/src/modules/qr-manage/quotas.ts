import { Code, type MyQuota, type QuotaChangeBody, type QuotaChanged, type QuotaPage, type QuotaQuery } from '@dms/contract';
import { sql } from 'kysely';
import { changesAll, requireAccess } from '../../access/index.js';
import { ckFactoryOf } from '../../access/reach.js';
import { childrenWithRole } from '../../access/repository.js';
import type { Db } from '../../db/database.js';
import { containsAny } from '../../db/search.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';

/** Root (and 'admin') and the CK factories calculate and give quota without a limit. */
export const unlimited = (auth: AuthContext): boolean => changesAll(auth) || ckFactoryOf(auth) !== null;

export async function balance(db: Db, userId: number): Promise<number> {
  return (await db.selectFrom('pwd_quotas').select('remaining').where('user_id', '=', userId).executeTakeFirst())?.remaining ?? 0;
}

/** Takes `n` units from `userId` if they hold them (one statement: two takers at once never take more); whether it did. */
export async function take(db: Db, userId: number, n: number, now: number): Promise<boolean> {
  const done = await db
    .updateTable('pwd_quotas')
    .set((eb) => ({ remaining: eb('remaining', '-', n), updated_at: now }))
    .where('user_id', '=', userId)
    .where('remaining', '>=', n)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

async function give(db: Db, userId: number, n: number, now: number): Promise<void> {
  await db
    .insertInto('pwd_quotas')
    .values({ user_id: userId, remaining: n, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ remaining: sql`pwd_quotas.remaining + ${n}`, updated_at: now }))
    .execute();
}

/**
 * Password quotas (/qrManage/pwd-quota; spec 5, docs/dynamic-password.md): a superior gives units of their own quota
 * to the users directly below them and takes them back. An increase cannot exceed the caller's remaining quota, a
 * decrease the user's; root and the CK factories give without a limit (nothing is taken from them or returned).
 * Each change is checked (`user.quota`) and made in one transaction, and logged with both balances.
 */
export class QuotaService {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async mine(auth: AuthContext): Promise<MyQuota> {
    return unlimited(auth) ? { unlimited: true, remaining: null } : { unlimited: false, remaining: await balance(this.db, auth.user.id) };
  }

  async page(auth: AuthContext, query: QuotaQuery): Promise<QuotaPage> {
    const page = query.page ?? 1;
    const size = query.page_size ?? 20;
    let users = childrenWithRole(this.db, auth.user.id, null);
    if (query.q) {
      users = users.where(containsAny(['u.username', 'u.name'], query.q));
    }
    const total = Number((await users.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await users
      .leftJoin('pwd_quotas as q', 'q.user_id', 'u.id')
      .select((eb) => [
        'u.id',
        'u.username',
        'u.name',
        'u.roles',
        'q.remaining',
        eb
          .selectFrom('pwd_records as r')
          .select((r) => r.fn.countAll<number | string>().as('n'))
          .whereRef('r.user_id', '=', 'u.id')
          .as('used'),
        eb
          .selectFrom('pwd_records as r')
          .select((r) => r.fn.max('r.created_at').as('t'))
          .whereRef('r.user_id', '=', 'u.id')
          .as('lastAt'),
      ])
      .orderBy('u.username')
      .limit(size)
      .offset((page - 1) * size)
      .execute();
    return {
      total,
      items: rows.map((r) => ({
        userId: r.id,
        username: r.username,
        name: r.name,
        roles: JSON.parse(r.roles) as string[],
        remaining: r.remaining ?? 0,
        used: Number(r.used ?? 0),
        lastAt: r.lastAt,
      })),
    };
  }

  async change(auth: AuthContext, body: QuotaChangeBody, ip: string): Promise<QuotaChanged> {
    const free = unlimited(auth);
    const done = await this.db.transaction().execute(async (tx) => {
      await requireAccess(tx, { auth, permission: 'user.quota', ids: [body.userId] });
      const now = this.now();
      const theirsBefore = await balance(tx, body.userId);
      const mineBefore = free ? null : await balance(tx, auth.user.id);
      if (body.change > 0) {
        if (!free && !(await take(tx, auth.user.id, body.change, now))) {
          throw new AppError(Code.REJECTED, 'error.qrManage.overYourQuota', { remaining: String(await balance(tx, auth.user.id)) });
        }
        await give(tx, body.userId, body.change, now);
      } else {
        if (!(await take(tx, body.userId, -body.change, now))) {
          throw new AppError(Code.REJECTED, 'error.qrManage.overTheirQuota', { remaining: String(await balance(tx, body.userId)) });
        }
        if (!free) await give(tx, auth.user.id, -body.change, now);
      }
      const who = await tx.selectFrom('users').select('username').where('id', '=', body.userId).executeTakeFirstOrThrow();
      return {
        username: who.username,
        theirsBefore,
        mineBefore,
        result: { userId: body.userId, remaining: await balance(tx, body.userId), mine: free ? null : await balance(tx, auth.user.id) },
      };
    });
    const mine = (n: number | null) => (n === null ? 'no limit' : String(n));
    await this.audit.record({
      user: { id: auth.user.id, username: auth.user.username },
      action: 'quota.change',
      target: done.username,
      oldValue: `${done.theirsBefore} (giver: ${mine(done.mineBefore)})`,
      newValue: `${done.result.remaining} (giver: ${mine(done.result.mine)}), ${body.change > 0 ? '+' : ''}${body.change}`,
      outcome: 'ok',
      ip,
    });
    return done.result;
  }
}
