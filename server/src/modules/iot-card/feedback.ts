import {
  Code,
  type FeedbackKind,
  type FeedbackRow,
  type FeedbackStatus,
  type feedbackBody,
  type feedbackListQuery,
  type handleFeedbackBody,
} from '@dms/contract';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { feedbackSeenBy, requireAccess } from '../../access/index.js';
import { isUniqueViolation, type Db } from '../../db/database.js';
import { containsAny } from '../../db/search.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';

const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.feedbackNotFound', { id });

/** The answer to feedback, for its sender (the bus's `cardNotice`, told by modules/msg). */
export interface Answered {
  feedbackId: number;
  senderId: number;
  boxId: number | null;
  iccid: string;
  expiresOn: string | null;
  status: 'done' | 'declined';
  reply: string;
  time: number;
}

/**
 * Renewal feedback (the top bar's recharge-feedback page; issue 22; docs/iot-cards.md): a user sends it about a card
 * they see (`card.read`), one pending at a time per card; root and limited_admin see all of it and handle it with a
 * status and a reply, which goes back to the sender as a notification (`answered`, on the bus). Others see what they
 * sent (`feedbackSeenBy`), in the list and in the top bar's count alike.
 */
export class FeedbackService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly audit: Audit,
    private readonly answered: (a: Answered) => void,
  ) {}

  private seen(auth: AuthContext, filter: { status?: FeedbackStatus | undefined; query?: string | undefined }) {
    let q = this.db
      .selectFrom('card_feedback as f')
      .innerJoin('iot_cards as c', 'c.id', 'f.card_id')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .where(feedbackSeenBy(auth));
    if (filter.status) q = q.where('f.status', '=', filter.status);
    if (filter.query) {
      q = q.where(containsAny(['c.iccid', 'u.username', sql`cast(c.box_id as varchar(16))`], filter.query));
    }
    return q;
  }

  /** The top bar's count: feedback not yet handled, of what the user sees. */
  async pending(auth: AuthContext): Promise<number> {
    const { n } = await this.seen(auth, { status: 'pending' })
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async page(auth: AuthContext, { page, page_size, ...filter }: z.output<typeof feedbackListQuery>) {
    const [count, rows] = await Promise.all([
      this.seen(auth, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.selected(this.seen(auth, filter))
        .orderBy(sql`case when f.status = 'pending' then 0 else 1 end`)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(page_size)
        .offset((page - 1) * page_size)
        .execute(),
    ]);
    return { total: Number(count.n), items: rows.map((r) => toRow(r, auth.user.id)) };
  }

  private selected(q: ReturnType<FeedbackService['seen']>) {
    return q.select([
      'f.id',
      'f.card_id',
      'c.iccid',
      'c.box_id',
      'c.expires_on',
      'f.kind',
      'f.note',
      'f.user_id',
      'u.username',
      'f.status',
      'f.reply',
      'f.handled_by',
      'f.created_at',
      'f.handled_at',
    ]);
  }

  private async one(auth: AuthContext, id: number): Promise<FeedbackRow> {
    const row = await this.selected(this.seen(auth, {})).where('f.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(id);
    return toRow(row, auth.user.id);
  }

  /** Sends feedback about a card the user sees; a second while the first is pending is refused by name. */
  async send(auth: AuthContext, body: z.output<typeof feedbackBody>, ip: string): Promise<FeedbackRow> {
    const now = this.now();
    let id: number;
    try {
      id = await this.db.transaction().execute(async (tx) => {
        await requireAccess(tx, { auth, permission: 'card.read', ids: [body.cardId] });
        await refusePending(tx, body.cardId, auth.user.id);
        const made = await tx
          .insertInto('card_feedback')
          .values({ card_id: body.cardId, user_id: auth.user.id, kind: body.kind, note: body.note, status: 'pending', created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return made.id;
      });
    } catch (err) {
      // Two sends at once: the partial unique index lets one in; the other answers as if it had seen the first.
      if (isUniqueViolation(err)) throw new AppError(Code.FEEDBACK_CONFLICT, 'error.feedbackPending');
      throw err;
    }
    const row = await this.one(auth, id);
    await this.audit.record({ user: auth.user, action: 'card.feedback', target: row.iccid, newValue: body.kind, outcome: 'ok', ip });
    return row;
  }

  /** Handles pending feedback (root, limited_admin): its status and reply; the sender is told. */
  async handle(auth: AuthContext, id: number, body: z.output<typeof handleFeedbackBody>, ip: string): Promise<FeedbackRow> {
    const now = this.now();
    const answer = await this.db.transaction().execute(async (tx) => {
      await requireAccess(tx, { auth, permission: 'feedback.read', ids: [id] });
      const done = await tx
        .updateTable('card_feedback')
        .set({ status: body.status, reply: body.reply, handled_by: auth.user.username, handled_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['user_id', 'card_id'])
        .executeTakeFirst();
      if (!done) throw new AppError(Code.FEEDBACK_CONFLICT, 'error.feedbackHandled');
      const card = await tx
        .selectFrom('iot_cards')
        .select(['iccid', 'box_id', 'expires_on'])
        .where('id', '=', done.card_id)
        .executeTakeFirstOrThrow();
      return { senderId: done.user_id, ...card };
    });
    const row = await this.one(auth, id);
    await this.audit.record({
      user: auth.user,
      action: 'card.handle',
      target: row.iccid,
      newValue: `${body.status}: ${body.reply}`,
      outcome: 'ok',
      ip,
    });
    this.answered({
      feedbackId: id,
      senderId: answer.senderId,
      boxId: answer.box_id,
      iccid: answer.iccid,
      expiresOn: answer.expires_on,
      status: body.status,
      reply: body.reply,
      time: now,
    });
    return row;
  }
}

async function refusePending(tx: Kysely<Database>, cardId: number, userId: number): Promise<void> {
  const pending = await tx
    .selectFrom('card_feedback')
    .select('id')
    .where('card_id', '=', cardId)
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) throw new AppError(Code.FEEDBACK_CONFLICT, 'error.feedbackPending');
}

function toRow(
  r: {
    id: number;
    card_id: number;
    iccid: string;
    box_id: number | null;
    expires_on: string | null;
    kind: string;
    note: string;
    user_id: number;
    username: string;
    status: string;
    reply: string;
    handled_by: string | null;
    created_at: number;
    handled_at: number | null;
  },
  me: number,
): FeedbackRow {
  return {
    id: r.id,
    cardId: r.card_id,
    iccid: r.iccid,
    boxId: r.box_id,
    expiresOn: r.expires_on,
    kind: r.kind as FeedbackKind,
    note: r.note,
    sender: r.username,
    mine: r.user_id === me,
    status: r.status as FeedbackStatus,
    reply: r.reply,
    handledBy: r.handled_by,
    createdAt: r.created_at,
    handledAt: r.handled_at,
  };
}
