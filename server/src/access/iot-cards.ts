import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { CardFeedbackTable, Database, IotCardsTable } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { AuthContext } from '../types.js';
import { liveBox } from './repository.js';
import { deviceScope, type Checker, type Rules } from './rule.js';

type WithCard = ExpressionBuilder<Database & { c: IotCardsTable }, 'c'>;
type WithFeedback = ExpressionBuilder<Database & { f: CardFeedbackTable }, 'f'>;

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
      ? // Every card but those of deleted boxes (a card no box reports any more has no box: NOT IN would hide it).
        eb.or([eb('c.box_id', 'is', null), eb('c.box_id', 'not in', eb.selectFrom('box_deletions as x').select('x.box_id'))])
      : eb.or([
          eb('c.box_id', 'in', eb.selectFrom('boxes as b').select('b.box_id').where('b.owner_id', '=', userId).where(liveBox)),
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

/**
 * The renewal feedback a user sees (docs/people.md "IoT cards"): those who see every card see all of it (root and
 * limited_admin handle it); anyone else only what they sent. The list, the top bar's count and `feedback.read` use it.
 */
export function feedbackSeenBy(auth: AuthContext) {
  const userId = deviceScope(auth);
  return (eb: WithFeedback) => (userId === null ? eb.lit(true) : eb('f.user_id', '=', userId));
}

const readsCard: Checker = async (db: Db, auth, ids) => {
  const rows = await db.selectFrom('iot_cards as c').select('c.id').where('c.id', 'in', ids).where(cardsSeenBy(auth)).execute();
  return new Set(rows.map((r) => r.id));
};

const readsFeedback: Checker = async (db: Db, auth, ids) => {
  const rows = await db.selectFrom('card_feedback as f').select('f.id').where('f.id', 'in', ids).where(feedbackSeenBy(auth)).execute();
  return new Set(rows.map((r) => r.id));
};

export const CARD_RULES = {
  'card.read': { check: readsCard, denied: notFound },
  'feedback.read': { check: readsFeedback, denied: notFound },
} as const satisfies Rules<'card.read' | 'feedback.read'>;
