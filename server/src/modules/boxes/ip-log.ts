import { deletedBoxIds } from '../../access/index.js';
import { canAccess, message, type IpChangeRow, type IpLogFilter, type Language, type MessageKey } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import { byCursor } from '../exports/chunks.js';
import type { ExportSource } from '../exports/service.js';
import { zoned, type XlsxColumn } from '../exports/xlsx.js';

type IpLogDbRow = { id: number; box_id: number; source_ip: string; destination_ip: string; time: number };

export function toIpChange(r: IpLogDbRow): IpChangeRow {
  return { id: r.id, boxId: r.box_id, sourceIp: r.source_ip, destinationIp: r.destination_ip, time: r.time };
}

/** The log's rows the filter takes: a box, part of either IP, [from, to). */
function matching(db: Db, f: IpLogFilter) {
  // A deleted box's changes go with it (/smartbox/box-delete).
  let q = db.selectFrom('box_ip_log').where('box_id', 'not in', deletedBoxIds(db));
  if (f.boxId !== undefined) q = q.where('box_id', '=', f.boxId);
  if (f.ip) {
    // Digits, dots and colons only (the contract's rule): nothing in it is a LIKE wildcard.
    const part = `%${f.ip}%`;
    q = q.where((eb) => eb.or([eb('source_ip', 'like', part), eb('destination_ip', 'like', part)]));
  }
  if (f.from !== undefined) q = q.where('time', '>=', f.from);
  if (f.to !== undefined) q = q.where('time', '<', f.to);
  return q;
}

/** One page of the IP change log, newest first, and how many match. */
export async function ipLogPage(db: Db, f: IpLogFilter, page: number, pageSize: number): Promise<{ total: number; items: IpChangeRow[] }> {
  const q = matching(db, f);
  const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .selectAll()
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .offset((page - 1) * pageSize)
    .limit(pageSize)
    .execute();
  return { total: Number(total), items: rows.map(toIpChange) };
}

/** Matching rows after a change (the newest first: older, or as old with a lower id), `limit` of them. */
function changesAfter(db: Db, f: IpLogFilter, after: { time: number; id: number } | null, limit: number): Promise<IpLogDbRow[]> {
  let q = matching(db, f);
  if (after) {
    const { time, id } = after;
    q = q.where((eb) => eb.or([eb('time', '<', time), eb.and([eb('time', '=', time), eb('id', '<', id)])]));
  }
  return q.selectAll().orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['ipLog.column.boxId', 'text'],
  ['ipLog.column.sourceIp', 'text'],
  ['ipLog.column.destinationIp', 'text'],
  ['ipLog.column.time', 'time'],
];

/** The IP log's export (kind `ip-log`, root, as the list): the list's filter, newest first, a row a change. */
export function ipLogSource(db: Db): ExportSource<'ip-log'> {
  return async (auth: AuthContext, body, lang: Language) => {
    if (!canAccess(auth.roles, 'smartboxRoot')) throw forbidden();
    const { total } = await matching(db, body.filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    return {
      fileName: 'ip-log',
      sheet: message(lang, 'ipLog.sheet'),
      columns: COLUMNS.map(([key, kind]) => ({ header: kind === 'time' ? zoned(message(lang, key), body.tz) : message(lang, key), kind })),
      total: Number(total),
      rows: async function* () {
        const changes = byCursor(
          (after: { time: number; id: number } | null, limit) => changesAfter(db, body.filter, after, limit),
          (r) => ({ time: r.time, id: r.id }),
        );
        for await (const r of changes) yield [String(r.box_id), r.source_ip, r.destination_ip, r.time];
      },
    };
  };
}
