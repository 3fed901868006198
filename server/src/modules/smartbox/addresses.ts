import type { AddressState, BoxAddressPage, boxAddressQuery } from '@dms/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';

/**
 * A box's address state in SQL (`b` the box, `s` its told address): both addresses are stored in one form
 * (`host:port`, lower-case), so a plain comparison says whether the box dials what it was told.
 */
const STATE = sql<AddressState>`case when s.address is null or b.dialed is null then 'unknown' when s.address = b.dialed then 'match' else 'mismatch' end`;

/**
 * /smartbox/box-address (root): each registered box's told address against the one it dialed and where it connects
 * from, by box number; filtered by box and by state, with the fleet's count in each state.
 */
export class BoxAddressService {
  constructor(private readonly db: Db) {}

  async page({ boxId, state, page, page_size }: z.output<typeof boxAddressQuery>): Promise<BoxAddressPage> {
    const all = this.db.selectFrom('boxes as b').leftJoin('box_server_ips as s', 's.box_id', 'b.box_id');
    let q = all;
    if (boxId !== undefined) q = q.where('b.box_id', '=', boxId);
    if (state !== undefined) q = q.where(STATE, '=', state);
    const [total, counts, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      all
        .select([STATE.as('state'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy(STATE)
        .execute(),
      q
        .select(['b.box_id', 'b.box_type', 'b.company_name', 'b.dialed', 'b.dialed_at', 'b.ip', 'b.online', 'b.last_seen'])
        .select(['s.address', 's.updated_at', STATE.as('state')])
        .orderBy('b.box_id')
        .limit(page_size)
        .offset((page - 1) * page_size)
        .execute(),
    ]);
    const byState = { match: 0, mismatch: 0, unknown: 0 };
    for (const c of counts) byState[c.state] = Number(c.n);
    return {
      total: Number(total.n),
      counts: byState,
      items: rows.map((r) => ({
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
    };
  }
}
