import { liveBox } from '../../access/index.js';
import {
  canAccess,
  message,
  type AddressState,
  type BoxAddressFilter,
  type BoxAddressPage,
  type BoxAddressRow,
  type boxAddressQuery,
  type Language,
  type MessageKey,
} from '@dms/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import { byCursor } from '../exports/chunks.js';
import type { ExportSource } from '../exports/service.js';
import { zoned, type XlsxColumn } from '../exports/xlsx.js';

/**
 * A box's address state in SQL (`b` the box, `s` its told address): both addresses are stored in one form
 * (`host:port`, lower-case), so a plain comparison says whether the box dials what it was told.
 */
const STATE = sql<AddressState>`case when s.address is null or b.dialed is null then 'unknown' when s.address = b.dialed then 'match' else 'mismatch' end`;

const COLUMNS: ReadonlyArray<[MessageKey, XlsxColumn['kind']]> = [
  ['address.column.boxId', 'text'],
  ['address.column.company', 'text'],
  ['address.column.boxType', 'text'],
  ['address.column.state', 'text'],
  ['address.column.told', 'text'],
  ['address.column.toldAt', 'time'],
  ['address.column.dialed', 'text'],
  ['address.column.dialedAt', 'time'],
  ['address.column.ip', 'text'],
  ['address.column.online', 'text'],
  ['address.column.lastSeen', 'time'],
];

/**
 * /smartbox/box-address (root): each registered box's told address against the one it dialed and where it connects
 * from, by box number; filtered by box and by state, with the fleet's count in each state; and the same to .xlsx.
 */
export class BoxAddressService {
  constructor(private readonly db: Db) {}

  private all() {
    return this.db.selectFrom('boxes as b').leftJoin('box_server_ips as s', 's.box_id', 'b.box_id').where(liveBox);
  }

  private matching(f: BoxAddressFilter) {
    let q = this.all();
    if (f.boxId !== undefined) q = q.where('b.box_id', '=', f.boxId);
    if (f.state !== undefined) q = q.where(STATE, '=', f.state);
    return q;
  }

  /** Rows of the filter by box number, after box `after` (0: from the first). */
  private rows(f: BoxAddressFilter, after: number, limit: number, offset = 0): Promise<BoxAddressRow[]> {
    return this.matching(f)
      .select(['b.box_id', 'b.box_type', 'b.company_name', 'b.dialed', 'b.dialed_at', 'b.ip', 'b.online', 'b.last_seen'])
      .select(['s.address', 's.updated_at', STATE.as('state')])
      .where('b.box_id', '>', after)
      .orderBy('b.box_id')
      .limit(limit)
      .offset(offset)
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          boxId: r.box_id,
          boxType: r.box_type,
          companyName: r.company_name,
          told: r.address,
          toldAt: r.updated_at,
          dialed: r.dialed,
          dialedAt: r.dialed_at,
          ip: r.ip,
          online: r.online === 1,
          lastSeen: r.last_seen,
          state: r.state,
        })),
      );
  }

  private async count(f: BoxAddressFilter): Promise<number> {
    const { n } = await this.matching(f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async page({ page, page_size, ...filter }: z.output<typeof boxAddressQuery>): Promise<BoxAddressPage> {
    const [total, counts, items] = await Promise.all([
      this.count(filter),
      this.all()
        .select([STATE.as('state'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(STATE)
        .execute(),
      this.rows(filter, 0, page_size, (page - 1) * page_size),
    ]);
    const byState = { match: 0, mismatch: 0, unknown: 0 };
    for (const c of counts) byState[c.state] = Number(c.n);
    return { total, counts: byState, items };
  }

  /** The export (kind `box-addresses`, root): the list's filter, by box number, a row a box. */
  exportSource(): ExportSource<'box-addresses'> {
    return async (auth, body, lang: Language) => {
      if (!canAccess(auth.roles, 'smartboxRoot')) throw forbidden();
      const { filter, tz } = body;
      const boxes = byCursor(
        (after: number | null, limit) => this.rows(filter, after ?? 0, limit),
        (r) => r.boxId,
      );
      return {
        fileName: 'box-addresses',
        sheet: message(lang, 'address.sheet'),
        columns: COLUMNS.map(([key, kind]) => ({ header: kind === 'time' ? zoned(message(lang, key), tz) : message(lang, key), kind })),
        total: await this.count(filter),
        rows: async function* () {
          for await (const r of boxes)
            yield [
              String(r.boxId),
              r.companyName,
              r.boxType,
              message(lang, `address.state.${r.state}`),
              r.told,
              r.toldAt,
              r.dialed,
              r.dialedAt,
              r.ip,
              message(lang, r.online ? 'address.online' : 'address.offline'),
              r.lastSeen,
            ];
        },
      };
    };
  }
}
