import {
  Code,
  message,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE_SESSION_ENDED,
  REALTIME_MAX_SUBSCRIPTIONS,
  type Language,
  type MessageKey,
  type ServerEvent,
} from '@dms/contract';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { checkAccess, readable, registerRights, seesAll, visibleIds, type RegisterRights } from '../access/index.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { valuesRecord } from '../ingest/codec.js';
import type { IngestService } from '../ingest/service.js';
import { liveFaults, type DeviceState } from '../ingest/state.js';
import type { LiveSession, SessionEvent, SessionEvents } from '../security/session-events.js';
import type { AuthContext } from '../types.js';

/**
 * What the hub needs of the user module: the session behind a sign-in token (the same check as HTTP requests), the
 * same check again by session id with the user's current rights, and the news of sessions that end or users that change.
 */
export interface SessionCheck {
  sessionOfToken(token: string | null): Promise<LiveSession>;
  sessionById(sessionId: number): Promise<LiveSession>;
  readonly events: SessionEvents;
}

/** Past this many bytes waiting to go out, a connection is slow: its events are dropped (and counted) until it drains. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 64 * 1024;

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(256) }),
  z.object({ type: z.literal('subscribe'), devices: z.array(z.number().int().positive()).max(REALTIME_MAX_SUBSCRIPTIONS) }),
  z.object({ type: z.literal('unsubscribe'), devices: z.array(z.number().int().positive()).max(REALTIME_MAX_SUBSCRIPTIONS) }),
  z.object({ type: z.literal('watchFleet') }),
  z.object({ type: z.literal('unwatchFleet') }),
]);

/** How long a fleet watcher's set of visible devices is trusted before it is read again. */
const FLEET_REFRESH_MS = 30_000;
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

/** Whether the hub closed or ended the connection (a call, as it may change while a step awaits the database). */
const isClosed = (conn: Connection): boolean => conn.closed;

interface FleetWatch {
  visible: Set<number> | 'all';
  data: Set<number> | 'all';
  readAt: number;
  reading: boolean;
}

const freshWatch = (): FleetWatch => ({ visible: new Set(), data: new Set(), readAt: 0, reading: false });

interface Connection {
  socket: WebSocket;
  lang: Language;
  auth: AuthContext | null;
  /** When the session expires (the app's clock): the connection is closed then. */
  expiresAt: number;
  /** Closed or ended by the hub: nothing more is sent or subscribed. */
  closed: boolean;
  authTimer: ReturnType<typeof setTimeout> | undefined;
  devices: Set<number>;
  dropped: number;
  /**
   * Watching every device it sees (watchFleet): the ids it sees and those whose data it reads ('all' for root and
   * admin), and when they were read.
   */
  fleet: FleetWatch | null;
  /** What the user's permission template lets them read (read with the session; null before sign-in: everything). */
  rights: RegisterRights | null;
  /** Messages are handled one after another, in the order they came (an auth is done before the next message). */
  queue: Promise<void>;
}

/**
 * The live push (docs/api.md): connections authenticate with the sign-in token, subscribe to devices they may see,
 * and get register values and status changes of those, plus their own notifications. Each event is serialised once;
 * a connection that reads too slowly loses events (and is told how many) instead of slowing the others.
 *
 * A connection lives only as long as its session: sign-out, a password changed elsewhere, a disabled account and expiry
 * close it with REALTIME_CLOSE_SESSION_ENDED; a change of the user's rights checks every subscription again. Each
 * subscribe and fleet watch reads the session and the user's rights afresh.
 */
export class RealtimeHub {
  private readonly byDevice = new Map<number, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  /** Events dropped for slow connections since start. */
  dropped = 0;
  /** Client frames refused since start: over the size limit (the socket closes with 1009), or not a message we know. */
  readonly refusedFrames = { oversize: 0, malformed: 0 };
  /** Visibility checks of subscriptions since start, and the time they took (metrics; `npm run bench -- reach`). */
  readonly subscribeChecks = { count: 0, seconds: 0 };
  /** Counts session events, so a check knows whether one came while it read the database. */
  private seq = 0;
  /** Sessions ended lately (by id), and users changed lately (by id, with the event's seq), with when (Date.now). */
  private readonly endedSessions = new Map<number, number>();
  private readonly changedUsers = new Map<number, { seq: number; at: number }>();
  private readonly sweep: ReturnType<typeof setInterval>;
  private readonly stopListening: () => void;

  constructor(
    private readonly db: Db,
    private readonly users: SessionCheck,
    private readonly ingest: IngestService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.stopListening = users.events.on((event) => {
      this.onSessionEvent(event);
    });
    this.sweep = setInterval(() => {
      this.sweepExpired();
    }, EXPIRY_SWEEP_MS);
    this.sweep.unref();
    ingest.on('values', ({ device, ts, values }) => {
      this.toDevice(device.id, { type: 'values', device: device.id, ts, values: valuesRecord(values) });
    });
    ingest.on('status', ({ device, from, to, time }) => {
      this.toDevice(device.id, { type: 'status', device: device.id, from, to, time });
      this.toFleet(device, {
        type: 'transition',
        device: device.id,
        boxId: device.boxId,
        controller: device.controller,
        kind: device.type?.kind ?? null,
        from,
        to,
        time,
      });
    });
    ingest.on('provisioned', ({ reached }) => {
      this.reachChanged(reached);
    });
    ingest.on('notification', ({ id, device, type, status, time, recipients }) => {
      const event: ServerEvent = {
        type: 'notification',
        id,
        device: device.id,
        boxId: device.boxId,
        controller: device.controller,
        kind: type,
        status,
        time,
      };
      const text = JSON.stringify(event);
      const to = new Set(recipients);
      for (const c of this.connections) if (c.auth && (to.has(c.auth.user.id) || seesAll(c.auth))) this.send(c, text);
    });
  }

  get size(): number {
    return this.connections.size;
  }

  accept(socket: WebSocket, lang: Language): void {
    const conn: Connection = {
      socket,
      lang,
      auth: null,
      expiresAt: 0,
      closed: false,
      authTimer: undefined,
      devices: new Set(),
      dropped: 0,
      fleet: null,
      rights: null,
      queue: Promise.resolve(),
    };
    this.connections.add(conn);
    conn.authTimer = setTimeout(() => {
      if (!conn.auth) this.refuse(conn, Code.TOKEN_ILLEGAL, message(lang, 'error.tokenIllegal'), true);
    }, REALTIME_AUTH_TIMEOUT_MS);
    socket.on('message', (data: Buffer) => {
      this.enqueue(conn, () => this.handle(conn, data));
    });
    socket.on('close', () => {
      this.forget(conn);
    });
    socket.on('error', (err: Error & { code?: string }) => {
      // The client's fault (a frame over the limit, a broken frame): a counted warning, no stack.
      if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.refusedFrames.oversize += 1;
      else this.refusedFrames.malformed += 1;
      this.log.warn({ reason: err.code ?? err.message }, 'realtime frame refused');
    });
  }

  /** Runs a step of a connection after the ones before it (messages, checks of its session). */
  private enqueue(conn: Connection, step: () => Promise<void>): void {
    conn.queue = conn.queue.then(step).catch((err: unknown) => {
      this.log.error({ err }, 'realtime message failed');
    });
  }

  /** Drops a connection from every index; its socket is closing or closed. */
  private forget(conn: Connection): void {
    conn.closed = true;
    conn.auth = null;
    conn.fleet = null;
    clearTimeout(conn.authTimer);
    this.connections.delete(conn);
    for (const id of conn.devices) this.unwatch(conn, id);
  }

  private unwatch(conn: Connection, id: number): void {
    conn.devices.delete(id);
    const set = this.byDevice.get(id);
    set?.delete(conn);
    if (set?.size === 0) this.byDevice.delete(id);
  }

  /** Tells the connection its session is gone (`code` is 50008, 50012 or 50014) and closes it; nothing follows. */
  private end(conn: Connection, code: number): void {
    if (conn.closed) return;
    this.sendEvent(conn, { type: 'error', code, message: message(conn.lang, LOGGED_OUT_KEYS[code] ?? 'error.tokenRevoked') });
    this.forget(conn);
    conn.socket.close(REALTIME_CLOSE_SESSION_ENDED, 'session ended');
  }

  private onSessionEvent(event: SessionEvent): void {
    this.seq += 1;
    if (event.type === 'sessionEnded') {
      this.endedSessions.set(event.sessionId, Date.now());
      for (const c of [...this.connections]) if (c.auth?.sessionId === event.sessionId) this.end(c, event.code);
      return;
    }
    this.changedUsers.set(event.userId, { seq: this.seq, at: Date.now() });
    for (const c of this.connections) {
      // Their roles, template or account changed: checked again, and the console told to reload what it shows.
      if (c.auth?.user.id === event.userId) this.enqueue(c, () => this.reauthoriseAndTell(c));
    }
  }

  /**
   * After a change of who reaches which devices (docs/people.md): those users' subscriptions are checked again (a
   * device they lost is unsubscribed at once), their fleet watches read again, and their consoles told to reload.
   */
  reachChanged(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    const ids = new Set(userIds);
    this.seq += 1;
    for (const id of ids) this.changedUsers.set(id, { seq: this.seq, at: Date.now() });
    for (const c of this.connections) if (c.auth && ids.has(c.auth.user.id)) this.enqueue(c, () => this.reauthoriseAndTell(c));
  }

  /** Checks a connection against its user's rights as they are now, then (if it stays open) sends `reach`. */
  private async reauthoriseAndTell(conn: Connection): Promise<void> {
    await this.reauthorise(conn);
    if (!isClosed(conn)) this.sendEvent(conn, { type: 'reach' });
  }

  /** Closes connections whose session expired, and forgets old news of sessions and users. */
  private sweepExpired(): void {
    const now = this.now();
    for (const c of [...this.connections]) if (c.auth && c.expiresAt <= now) this.end(c, Code.TOKEN_EXPIRED);
    const old = Date.now() - RECENT_MS;
    for (const [id, at] of this.endedSessions) if (at < old) this.endedSessions.delete(id);
    for (const [id, changed] of this.changedUsers) if (changed.at < old) this.changedUsers.delete(id);
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

  /**
   * Reads the connection's session and its user's rights again: answers them, or null when the session is gone (the
   * connection is then ended) or the connection closed meanwhile.
   */
  private async refresh(conn: Connection): Promise<AuthContext | null> {
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

  /** After a change of the user: the session is checked, then every subscription and the fleet watch against the new rights. */
  private async reauthorise(conn: Connection): Promise<void> {
    if (await this.refresh(conn)) await this.recheck(conn);
  }

  /** Unsubscribes the watched devices the user no longer sees (and says so), and reads the fleet watch's set again. */
  private async recheck(conn: Connection): Promise<void> {
    const auth = conn.auth;
    if (!auth) return;
    const watched = [...conn.devices];
    if (watched.length > 0) {
      const visible = await checkAccess(this.db, { auth, permission: 'device.data', ids: watched });
      if (isClosed(conn)) return;
      const gone = watched.filter((id) => !visible.has(id) && conn.devices.has(id));
      for (const id of gone) this.unwatch(conn, id);
      if (gone.length > 0) this.sendEvent(conn, { type: 'unsubscribed', devices: gone });
    }
    if (conn.fleet) {
      // A fresh watch: a read of the old rights still under way fills the old one.
      conn.fleet = freshWatch();
      await this.readFleet(conn);
    }
  }

  private async handle(conn: Connection, data: Buffer): Promise<void> {
    if (conn.closed) return;
    let parsed: z.infer<typeof clientMessage>;
    try {
      parsed = clientMessage.parse(JSON.parse(data.toString('utf8')));
    } catch {
      this.refusedFrames.malformed += 1;
      this.refuse(conn, Code.VALIDATION_FAILED, message(conn.lang, 'validation.invalid', { field: 'message' }), false);
      return;
    }
    if (parsed.type === 'auth') {
      const seq = this.seq;
      const before = conn.auth;
      let live: LiveSession;
      try {
        live = await this.users.sessionOfToken(parsed.token);
      } catch (err) {
        if (err instanceof AppError) {
          this.refuse(conn, err.code, message(conn.lang, err.key, err.params), true);
          return;
        }
        throw err;
      }
      const outcome = this.adopt(conn, live, seq);
      const auth = outcome === 'ok' ? live.auth : outcome === 'again' ? await this.refresh(conn) : null;
      if (!auth) return;
      if (outcome === 'ok') conn.rights = await registerRights(this.db, auth);
      // Another sign-in on the same socket: what was watched is checked against the new session's rights.
      if (before && before.sessionId !== auth.sessionId) await this.recheck(conn);
      this.sendEvent(conn, { type: 'ready', userId: auth.user.id });
      return;
    }
    if (!conn.auth) {
      this.refuse(conn, Code.TOKEN_ILLEGAL, message(conn.lang, 'error.tokenIllegal'), true);
      return;
    }
    if (parsed.type === 'watchFleet') {
      if (!(await this.refresh(conn))) return;
      conn.fleet = freshWatch();
      await this.readFleet(conn);
      return;
    }
    if (parsed.type === 'unwatchFleet') {
      conn.fleet = null;
      return;
    }
    if (parsed.type === 'subscribe') {
      // Every subscription is authorised against the session and the rights as they are now, not as at sign-in.
      const auth = await this.refresh(conn);
      if (!auth) return;
      const wanted = [...new Set(parsed.devices)];
      const checkStarted = performance.now();
      const visible = await checkAccess(this.db, { auth, permission: 'device.data', ids: wanted });
      this.subscribeChecks.count += 1;
      this.subscribeChecks.seconds += (performance.now() - checkStarted) / 1000;
      if (isClosed(conn)) return;
      const refused = wanted.filter((id) => !visible.has(id));
      for (const id of visible) {
        if (conn.devices.size >= REALTIME_MAX_SUBSCRIPTIONS) break;
        conn.devices.add(id);
        let set = this.byDevice.get(id);
        if (!set) this.byDevice.set(id, (set = new Set()));
        set.add(conn);
        const state = this.ingest.device(id);
        if (state)
          this.sendEvent(conn, {
            type: 'state',
            device: id,
            status: state.status,
            ts: state.latestTs,
            values: this.readableBy(conn, state.type?.id ?? null, valuesRecord(state.latest)),
          });
      }
      if (refused.length > 0)
        this.sendEvent(conn, { type: 'error', code: Code.FORBIDDEN, message: message(conn.lang, 'error.forbidden'), devices: refused });
    } else {
      for (const id of parsed.devices) this.unwatch(conn, id);
    }
    this.sendEvent(conn, { type: 'subscribed', devices: [...conn.devices] });
  }

  private refuse(conn: Connection, code: number, text: string, close: boolean): void {
    this.sendEvent(conn, { type: 'error', code, message: text });
    if (!close) return;
    this.forget(conn);
    conn.socket.close(REALTIME_CLOSE_SESSION_ENDED, 'unauthorized');
  }

  /** Values as one connection may see them: without the registers its user's template does not let them read. */
  private readableBy(conn: Connection, typeId: number | null, values: Record<string, number>): Record<string, number> {
    return conn.rights ? readable(conn.rights, typeId, values) : values;
  }

  /** An event to a device's subscribers: serialised once, and once more for each whose template withholds registers. */
  private toDevice(deviceId: number, event: ServerEvent): void {
    const subscribers = this.byDevice.get(deviceId);
    if (!subscribers || subscribers.size === 0) return;
    let text: string | undefined;
    // The device's type only matters to a subscriber whose template withholds registers: read it for the first one.
    let typeId: number | null | undefined;
    for (const c of subscribers) {
      if (event.type === 'values' && c.rights && !c.rights.readsAll) {
        typeId ??= this.ingest.device(deviceId)?.type?.id ?? null;
        this.send(c, JSON.stringify({ ...event, values: this.readableBy(c, typeId, event.values) }));
        continue;
      }
      text ??= JSON.stringify(event);
      this.send(c, text);
    }
  }

  /** Reads which devices a fleet watcher sees (all of them for root and admin). */
  private async readFleet(conn: Connection): Promise<void> {
    const fleet = conn.fleet;
    if (!fleet || !conn.auth || fleet.reading) return;
    fleet.reading = true;
    try {
      const [visible, data] = await Promise.all([visibleIds(this.db, conn.auth), visibleIds(this.db, conn.auth, true)]);
      fleet.visible = visible;
      fleet.data = data;
      fleet.readAt = Date.now();
    } finally {
      fleet.reading = false;
    }
  }

  /**
   * A transition to every fleet watcher who sees the device: root and admin, or a watcher whose set of visible ids
   * holds it (a new device and every change of reach read the sets of the users concerned again: `reachChanged`).
   * A set older than FLEET_REFRESH_MS is read again too, and the event goes out if the fresh set holds it. Its faults
   * are those the watcher may see (docs/people.md "Fault records"): none of a device whose data is hidden from them,
   * and only those of registers their template reads. Serialised once for every watcher who sees them all.
   */
  private toFleet(device: DeviceState, event: Extract<ServerEvent, { type: 'transition' }>): void {
    let full: string | null = null;
    const typeId = device.type?.id ?? null;
    const out = (c: Connection): string => {
      const fleet = c.fleet;
      if (!fleet || !(fleet.data === 'all' || fleet.data.has(device.id))) return JSON.stringify({ ...event, faults: [] });
      const rights = c.rights;
      if (rights && !rights.readsAll) return JSON.stringify({ ...event, faults: liveFaults(device, (r) => rights.canRead(typeId, r)) });
      return (full ??= JSON.stringify({ ...event, faults: liveFaults(device, () => true) }));
    };
    for (const c of this.connections) {
      const fleet = c.fleet;
      if (!fleet || !c.auth) continue;
      if (fleet.visible === 'all' || fleet.visible.has(device.id)) {
        this.send(c, out(c));
        continue;
      }
      if (Date.now() - fleet.readAt > FLEET_REFRESH_MS) {
        this.readFleet(c)
          .then(() => {
            if (c.fleet && c.fleet.visible !== 'all' && c.fleet.visible.has(device.id)) this.send(c, out(c));
          })
          .catch((err: unknown) => {
            this.log.warn({ err }, 'fleet read failed');
          });
      }
    }
  }

  private sendEvent(conn: Connection, event: ServerEvent): void {
    this.send(conn, JSON.stringify(event));
  }

  private send(conn: Connection, text: string): void {
    const socket = conn.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > HIGH_WATER) {
      conn.dropped += 1;
      this.dropped += 1;
      return;
    }
    if (conn.dropped > 0 && socket.bufferedAmount < LOW_WATER) {
      const lagged: ServerEvent = { type: 'lagged', dropped: conn.dropped };
      conn.dropped = 0;
      socket.send(JSON.stringify(lagged));
    }
    socket.send(text);
  }

  closeAll(): void {
    clearInterval(this.sweep);
    this.stopListening();
    for (const c of [...this.connections]) c.socket.close(1001, 'server shutting down');
  }
}
