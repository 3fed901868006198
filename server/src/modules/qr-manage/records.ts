import {
  canAccess,
  message,
  type MessageKey,
  type PasswordMode,
  type pwdRecordFilter,
  type PwdRecordPage,
  type PwdRecordQuery,
  type PwdRecordRow,
} from '@dms/contract';
import type { z } from 'zod';
import { userScope } from '../../access/users.js';
import type { Db } from '../../db/database.js';
import { containsAny } from '../../db/search.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import { byCursor } from '../exports/chunks.js';
import type { ExportSource } from '../exports/service.js';
import { zoned, type XlsxColumn } from '../exports/xlsx.js';

type Filter = z.output<typeof pwdRecordFilter>;

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['pwdRecord.column.time', 'time'],
  ['pwdRecord.column.user', 'text'],
  ['pwdRecord.column.box', 'text'],
  ['pwdRecord.column.serial', 'text'],
  ['pwdRecord.column.challenge', 'text'],
  ['pwdRecord.column.mode', 'text'],
  ['pwdRecord.column.remaining', 'text'],
];
const MODE_KEYS: Record<PasswordMode, MessageKey> = {
  'unlock-1d': 'pwdRecord.mode.unlock1d',
  'unlock-7d': 'pwdRecord.mode.unlock7d',
  'unlock-30d': 'pwdRecord.mode.unlock30d',
  permanent: 'pwdRecord.mode.permanent',
};

/**
 * The calculations a user may see (/qrManage/pwd-list; issue 24): their own and those of everyone below them (root
 * and 'admin': everyone's; access/users.ts `userScope`), newest first, filtered by user, box, mode and time; with
 * each user's count per mode over the filter, and the same rows to .xlsx (export kind `pwd-records`).
 */
export class PwdRecordService {
  constructor(private readonly db: Db) {}

  private async matching(auth: AuthContext, f: Filter) {
    const scope = await userScope(this.db, auth);
    let q = this.db.selectFrom('pwd_records as r').innerJoin('users as u', 'u.id', 'r.user_id');
    if (scope !== null) q = q.where('r.user_id', 'in', scope);
    if (f.q) {
      q = q.where(containsAny(['u.username', 'u.name'], f.q));
    }
    if (f.boxId !== undefined) q = q.where('r.box_id', '=', f.boxId);
    if (f.mode) q = q.where('r.mode', '=', f.mode);
    if (f.from !== undefined) q = q.where('r.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('r.created_at', '<', f.to);
    return q;
  }

  /** Newest first; `before` is the id the last page ended on (an export's cursor). */
  private async rows(auth: AuthContext, f: Filter, limit: number, offset = 0, before?: number): Promise<PwdRecordRow[]> {
    let q = await this.matching(auth, f);
    if (before !== undefined) q = q.where('r.id', '<', before);
    const rows = await q
      .select(['r.id', 'r.created_at', 'r.user_id', 'u.username', 'r.box_id', 'r.serial', 'r.challenge', 'r.mode', 'r.remaining'])
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      calculatedAt: r.created_at,
      userId: r.user_id,
      username: r.username,
      boxId: r.box_id,
      serial: r.serial,
      challenge: String(r.challenge).padStart(6, '0'),
      mode: r.mode as PasswordMode,
      remaining: r.remaining,
    }));
  }

  private async count(auth: AuthContext, f: Filter): Promise<number> {
    const r = await (await this.matching(auth, f)).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async page(auth: AuthContext, query: PwdRecordQuery & { page: number; page_size: number }): Promise<PwdRecordPage> {
    const { page, page_size, ...filter } = query;
    const totals = await (
      await this.matching(auth, filter)
    )
      .select((eb) => ['r.user_id', 'u.username', 'r.mode', eb.fn.countAll<number | string>().as('n')])
      .groupBy(['r.user_id', 'u.username', 'r.mode'])
      .orderBy('u.username')
      .orderBy('r.mode')
      .execute();
    const [total, items] = await Promise.all([this.count(auth, filter), this.rows(auth, filter, page_size, (page - 1) * page_size)]);
    return {
      total,
      items,
      totals: totals.map((t) => ({ userId: t.user_id, username: t.username, mode: t.mode as PasswordMode, count: Number(t.n) })),
    };
  }

  exportSource(): ExportSource<'pwd-records'> {
    return async (auth, body, lang) => {
      if (!canAccess(auth.roles, 'pwdList')) throw forbidden();
      const { filter, tz } = body;
      const rows = byCursor(
        (after: number | null, limit) => this.rows(auth, filter, limit, 0, after ?? undefined),
        (r) => r.id,
      );
      const noLimit = message(lang, 'pwdRecord.noLimit');
      return {
        fileName: 'dynamic-passwords',
        sheet: message(lang, 'pwdRecord.sheet'),
        columns: COLUMNS.map(([key, kind]) => ({ header: kind === 'time' ? zoned(message(lang, key), tz) : message(lang, key), kind })),
        total: await this.count(auth, filter),
        rows: async function* () {
          for await (const r of rows) {
            yield [
              r.calculatedAt,
              r.username,
              String(r.boxId),
              r.serial,
              r.challenge,
              message(lang, MODE_KEYS[r.mode]),
              r.remaining === null ? noLimit : String(r.remaining),
            ];
          }
        },
      };
    };
  }
}
