import { Code, type AllSessionsQuery, type SessionsEnded, type SessionsPage } from '@dms/contract';
import { requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import * as repo from './repository.js';

interface Paging {
  page: number;
  page_size: number;
}

/**
 * Signed-in sessions (issue 27; docs/people.md "Sessions"): a user's own in their profile, every user's for root
 * (/tools/sessions). Ending one revokes it and publishes `sessionEnded`, so its live sockets close on every instance
 * as at sign-out, and logs who ended whose session from where.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly bus: EventBus,
    private readonly now: () => number,
  ) {}

  /** The caller's own live sessions, the current one first. */
  mine(auth: AuthContext, query: Paging): Promise<SessionsPage> {
    return this.list(auth, { userId: auth.user.id }, query);
  }

  /** Every user's live sessions (the tools area: root), by user name. */
  all(auth: AuthContext, query: Paging & Pick<AllSessionsQuery, 'q'>): Promise<SessionsPage> {
    return this.list(auth, { userId: null, username: query.q }, query);
  }

  private async list(auth: AuthContext, of: { userId: number | null; username?: string | undefined }, q: Paging): Promise<SessionsPage> {
    const { total, rows } = await repo.listSessions(this.db, {
      ...of,
      currentId: auth.sessionId,
      now: this.now(),
      page: q.page,
      pageSize: q.page_size,
    });
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        username: r.username,
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: r.created_at,
        lastActiveAt: r.last_active_at ?? r.created_at,
        expiresAt: r.expires_at,
        current: r.id === auth.sessionId,
      })),
    };
  }

  /**
   * Ends a session: one's own, or root anyone's (permission session.end, checked in the transaction that ends it).
   * One that had already ended answers 0 and is not logged again.
   */
  async end(auth: AuthContext, id: number, ip: string): Promise<SessionsEnded> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      await requireAccess(trx, { auth, permission: 'session.end', ids: [id] });
      const owner = await repo.sessionOwner(trx, id);
      return { ended: await repo.revokeSession(trx, id, this.now()), owner };
    });
    if (!outcome.ended) return { ended: 0 };
    this.bus.publish('sessionEnded', { sessionId: id, code: Code.TOKEN_REVOKED });
    await this.audit.record({
      user: auth.user,
      action: 'user.endSession',
      target: `${outcome.owner?.username ?? ''} #${id}`,
      outcome: 'ok',
      ip,
    });
    return { ended: 1 };
  }

  /** Ends every live session of the caller but the current one. */
  async endOthers(auth: AuthContext, ip: string): Promise<SessionsEnded> {
    const ids = await repo.revokeOtherSessions(this.db, auth.user.id, auth.sessionId, this.now());
    for (const sessionId of ids) this.bus.publish('sessionEnded', { sessionId, code: Code.TOKEN_REVOKED });
    await this.audit.record({
      user: auth.user,
      action: 'user.endOtherSessions',
      target: auth.user.username,
      newValue: String(ids.length),
      outcome: 'ok',
      ip,
    });
    return { ended: ids.length };
  }
}
