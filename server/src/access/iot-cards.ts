import type { ExpressionBuilder } from 'kysely';
import type { Database, IotCardsTable } from '../db/schema.js';
import type { AuthContext } from '../types.js';
import { deviceScope } from './rule.js';

type WithCard = ExpressionBuilder<Database & { c: IotCardsTable }, 'c'>;

/**
 * The IoT cards a user sees (issue 22; docs/people.md "IoT cards"): root, admin and limited_admin every card; anyone
 * else the cards of the boxes they reach, that is boxes they own or with a device they see (`box.read`'s rule). It
 * fails closed: a card no box reports any more is seen only by those who see every card. Every path that lists cards
 * (the expired-device list, its count, its export) filters by this.
 */
export function cardsSeenBy(auth: AuthContext) {
  const userId = deviceScope(auth);
  return (eb: WithCard) =>
    userId === null
      ? eb.lit(true)
      : eb.or([
          eb('c.box_id', 'in', eb.selectFrom('boxes as b').select('b.box_id').where('b.owner_id', '=', userId)),
          eb(
            'c.box_id',
            'in',
            eb
              .selectFrom('devices as d')
              .select('d.box_id')
              .where('d.id', 'in', eb.selectFrom('device_reach as r').select('r.device_id').where('r.user_id', '=', userId)),
          ),
        ]);
}
