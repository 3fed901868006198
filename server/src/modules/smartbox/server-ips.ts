import { deletedBoxIds } from '../../access/index.js';
import { canAccess, message, normalServerAddress, type MessageKey, type ServerIpQuery, type ServerIpRow } from '@dms/contract';
import type { z } from 'zod';
import type { serverIpFilter } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import { forbidden } from '../../errors.js';
import { byCursor } from '../exports/chunks.js';
import type { ExportSource } from '../exports/service.js';
import { zoned, type XlsxColumn } from '../exports/xlsx.js';

type Filter = z.output<typeof serverIpFilter>;

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['serverIp.column.boxId', 'text'],
  ['serverIp.column.address', 'text'],
  ['serverIp.column.addedAt', 'time'],
  ['serverIp.column.updatedAt', 'time'],
];

/**
 * The box server-IP table (spec 3 "Box server IP"; /smartbox/ip-config): the address each box is told (at its
 * registration, then by each move that arrived), when it was added and last changed; by box number, filtered by box
 * and by a part of the address; and the same to .xlsx (export kind `server-ips`).
 */
export class ServerIpService {
  constructor(private readonly db: Db) {}

  private matching(f: Filter) {
    let q = this.db.selectFrom('box_server_ips').where('box_id', 'not in', deletedBoxIds(this.db));
    if (f.boxId !== undefined) q = q.where('box_id', '=', f.boxId);
    // A whole address is compared in its normal form; a part of one anywhere.
    if (f.address) q = q.where(contains('address', normalServerAddress(f.address) ?? f.address));
    return q;
  }

  private rows(f: Filter, after: number, limit: number, offset = 0): Promise<ServerIpRow[]> {
    return this.matching(f)
      .select(['box_id as boxId', 'address', 'added_at as addedAt', 'updated_at as updatedAt'])
      .where('box_id', '>', after)
      .orderBy('box_id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  private async count(f: Filter): Promise<number> {
    const r = await this.matching(f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async page(query: ServerIpQuery & { page: number; page_size: number }): Promise<{ total: number; items: ServerIpRow[] }> {
    const { page, page_size, ...filter } = query;
    const [total, items] = await Promise.all([this.count(filter), this.rows(filter, 0, page_size, (page - 1) * page_size)]);
    return { total, items };
  }

  exportSource(): ExportSource<'server-ips'> {
    return async (auth, body, lang) => {
      if (!canAccess(auth.roles, 'smartboxRoot')) throw forbidden();
      const { filter, tz } = body;
      const rows = byCursor(
        (after: number | null, limit) => this.rows(filter, after ?? 0, limit),
        (r) => r.boxId,
      );
      return {
        fileName: 'box-server-ips',
        sheet: message(lang, 'serverIp.sheet'),
        columns: COLUMNS.map(([key, kind]) => ({ header: kind === 'time' ? zoned(message(lang, key), tz) : message(lang, key), kind })),
        total: await this.count(filter),
        rows: async function* () {
          for await (const r of rows) yield [String(r.boxId), r.address, r.addedAt, r.updatedAt];
        },
      };
    };
  }
}
