import { Code, message, REALTIME_CLOSE_SESSION_ENDED, type MessageKey } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { registerRights } from '../access/index.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../events/bus.js';
import type { LiveSession } from '../security/live-session.js';
import type { AuthContext } from '../types.js';
import type { Connection, Outbox } from './connection.js';
import type { Subscriptions } from './subscriptions.js';

/**
 * What the hub needs of the user module: the session behind a sign-in token (the same check as HTTP requests), and the
 * same check again by session id with the user's current rights. The news of sessions that end, users that change and
 * reach that changes comes on the event bus.
 */
export interface SessionCheck {
  sessionOfToken(token: string | null): Promise<LiveSession>;
  sessionById(sessionId: number): Promise<LiveSession>;
}

/** How often open connections are checked for an expired session (so one closes within a second of its expiry). */
const EXPIRY_SWEEP_MS = 250;
/** How long an ended session or a changed user is remembered, for a check that was under way when the news came. */
const RECENT_MS = 60_000;

/** The message of each logged-out code (spec 8). */
const LOGGED_OUT_KEYS: Readonly<Record<number, MessageKey>> = {
  [Code.TOKEN_ILLEGAL]: 'error.tokenIllegal',
  [Code.TOKEN_REVOKED]: 'error.tokenRevoked',
  [Code.TOKEN_EXPIRED]: 'error.tokenExpired',
};

/**
 * The open connections and the sessions behind them. A connection lives only as long as its session: sign-out, a
 * password changed elsewhere, a disabled account and expiry close it with REALTIME_CLOSE_SESSION_ENDED; a change of the
 * user's rights or reach checks every subscription again and tells the console to reload. Each step of a connection
 * runs after the ones before it.
 */
export class Sessions {
  readonly connections = new Set<Connection>();
  /** Counts session events, so a check knows whether one came while it read the database. */
  private seq = 0;
  /** Sessions ended lately (by id), and users changed lately (by id, with the event's seq), with when (Date.now). */
  private readonly endedSessions = new Map<number, number>();
  private readonly changedUsers = new Map<number, { seq: number; at: number }>();
  private readonly sweep: ReturnType<typeof setInterval>;
  private readonly stopListening: Array<() => void>;

  constructor(
    private readonly db: Db,
    private readonly users: SessionCheck,
    bus: EventBus,
    private readonly subscriptions: Subscriptions,
    private readonly out: Outbox,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {
    this.stopListening = [
      bus.on('sessionEnded', ({ sessionId, code }) => {
        this.seq += 1;
        this.endedSessions.set(sessionId, Date.now());
        for (const c of [...this.connections]) if (c.auth?.sessionId === sessionId) this.end(c, code);
      }),
      // Their roles, template or account changed: checked again, and the console told to reload what it shows.
      bus.on('userChanged', ({ userId }) => {
        this.changed([userId]);
      }),
      bus.on('reachChanged', ({ userIds }) => {
        this.changed(userIds);
      }),
    ];
    this.sweep = setInterval(() => {
      this.sweepExpired();
    }, EXPIRY_SWEEP_MS);
    this.sweep.unref();
  }

  /** Runs a step of a connection after the ones before it (messages, checks of its session). */
  enqueue(conn: Connection, step: () => Promise<void>): void {
    conn.queue = conn.queue.then(step).catch((err: unknown) => {
      this.log.error({ err }, 'realtime message failed');
    });
  }

  /** Drops a connection from every index; its socket is closing or closed. */
  forget(conn: Connection): void {
    conn.closed = true;
    conn.auth = null;
    clearTimeout(conn.authTimer);
    this.connections.delete(conn);
    this.subscriptions.forget(conn);
  }

  /** Tells the connection `text` under `code` and, with `close`, closes it (an unknown or ended session). */
  refuse(conn: Connection, code: number, text: string, close: boolean): void {
    this.out.event(conn, { type: 'error', code, message: text });
    if (!close) return;
    this.forget(conn);
    conn.socket.close(REALTIME_CLOSE_SESSION_ENDED, 'unauthorized');
  }

  /** Tells the connection its session is gone (`code` is 50008, 50012 or 50014) and closes it; nothing follows. */
  end(conn: Connection, code: number): void {
    if (conn.closed) return;
    this.out.event(conn, { type: 'error', code, message: message(conn.lang, LOGGED_OUT_KEYS[code] ?? 'error.tokenRevoked') });
    this.forget(conn);
    conn.socket.close(REALTIME_CLOSE_SESSION_ENDED, 'session ended');
  }

  /**
   * After a change of these users (their roles, template, account) or of who reaches which devices (docs/people.md):
   * their sessions and subscriptions are checked again (a device they lost is unsubscribed at once), their fleet
   * watches read again, and their consoles told to reload.
   */
  changed(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    const ids = new Set(userIds);
    this.seq += 1;
    for (const id of ids) this.changedUsers.set(id, { seq: this.seq, at: Date.now() });
    for (const c of this.connections) if (c.auth && ids.has(c.auth.user.id)) this.enqueue(c, () => this.reauthoriseAndTell(c));
  }

  /** Signs a connection in with a token: answers the session's rights, or null when refused (the connection is told). */
  async signIn(conn: Connection, token: string): Promise<AuthContext | null> {
    const seq = this.seq;
    const before = conn.auth;
    let live: LiveSession;
    try {
      live = await this.users.sessionOfToken(token);
      // A role that must use two-factor sign-in gets no live data until it is on (as its HTTP calls: 40302).
      if (live.auth.secondFactorMissing) throw new AppError(Code.SECOND_FACTOR_NEEDED, 'error.twoFactorRequired');
    } catch (err) {
      if (err instanceof AppError) {
        this.refuse(conn, err.code, message(conn.lang, err.key, err.params), true);
        return null;
      }
      throw err;
    }
    const outcome = this.adopt(conn, live, seq);
    const auth = outcome === 'ok' ? live.auth : outcome === 'again' ? await this.refresh(conn) : null;
    if (!auth) return null;
    if (outcome === 'ok') conn.rights = await registerRights(this.db, auth);
    // Another sign-in on the same socket: what was watched is checked against the new session's rights.
    if (before && before.sessionId !== auth.sessionId) await this.subscriptions.recheck(conn);
    return auth;
  }

  /**
   * Reads the connection's session and its user's rights again: answers them, or null when the session is gone (the
   * connection is then ended) or the connection closed meanwhile.
   */
  async refresh(conn: Connection): Promise<AuthContext | null> {
    for (;;) {
      const sessionId = conn.auth?.sessionId;
      if (sessionId === undefined || conn.closed) return null;
      const seq = this.seq;
      let live: LiveSession;
      try {
        live = await this.users.sessionById(sessionId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        this.end(conn, err.code);
        return null;
      }
      const outcome = this.adopt(conn, live, seq);
      if (outcome === 'ok') conn.rights = await registerRights(this.db, live.auth);
      if (outcome !== 'again') return outcome === 'ok' ? live.auth : null;
    }
  }

  close(): void {
    clearInterval(this.sweep);
    for (const stop of this.stopListening) stop();
    for (const c of [...this.connections]) c.socket.close(1001, 'server shutting down');
  }

  /** Checks a connection against its user's rights as they are now, then (if it stays open) sends `reach`. */
  private async reauthoriseAndTell(conn: Connection): Promise<void> {
    if (await this.refresh(conn)) await this.subscriptions.recheck(conn);
    if (!conn.closed) this.out.event(conn, { type: 'reach' });
  }

  /**
   * Takes a session just read from the database (`seq` as it was before the read): 'gone' when the connection closed
   * or the session ended meanwhile (the connection is then ended), 'again' when the user changed meanwhile (read it
   * again), else 'ok'.
   */
  private adopt(conn: Connection, live: LiveSession, seq: number): 'ok' | 'gone' | 'again' {
    if (conn.closed) return 'gone';
    if (this.endedSessions.has(live.auth.sessionId)) {
      this.end(conn, Code.TOKEN_REVOKED);
      return 'gone';
    }
    conn.auth = live.auth;
    conn.expiresAt = live.expiresAt;
    return (this.changedUsers.get(live.auth.user.id)?.seq ?? 0) > seq ? 'again' : 'ok';
  }

  /** Closes connections whose session expired, and forgets old news of sessions and users. */
  private sweepExpired(): void {
    const now = this.now();
    for (const c of [...this.connections]) if (c.auth && c.expiresAt <= now) this.end(c, Code.TOKEN_EXPIRED);
    const old = Date.now() - RECENT_MS;
    for (const [id, at] of this.endedSessions) if (at < old) this.endedSessions.delete(id);
    for (const [id, changed] of this.changedUsers) if (changed.at < old) this.changedUsers.delete(id);
  }
}
