import { Code, message, REALTIME_AUTH_TIMEOUT_MS, REALTIME_MAX_SUBSCRIPTIONS, type Language, type ServerEvent } from '@dms/contract';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { checkAccess, seesAll, visibleIds } from '../access/index.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { valuesRecord } from '../ingest/codec.js';
import type { IngestService } from '../ingest/service.js';
import type { AuthContext } from '../types.js';

/** What the hub needs of the user module: the session behind a sign-in token (the same check as HTTP requests). */
export interface SessionCheck {
  authenticate(token: string | null): Promise<AuthContext>;
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

interface Connection {
  socket: WebSocket;
  lang: Language;
  auth: AuthContext | null;
  devices: Set<number>;
  dropped: number;
  /** Watching every device it sees (watchFleet): the ids it sees ('all' for root and admin), and when they were read. */
  fleet: { visible: Set<number> | 'all'; readAt: number; reading: boolean } | null;
  /** Messages are handled one after another, in the order they came (an auth is done before the next message). */
  queue: Promise<void>;
}

/**
 * The live push (docs/api.md): connections authenticate with the sign-in token, subscribe to devices they may see,
 * and get register values and status changes of those, plus their own notifications. Each event is serialised once;
 * a connection that reads too slowly loses events (and is told how many) instead of slowing the others.
 */
export class RealtimeHub {
  private readonly byDevice = new Map<number, Set<Connection>>();
  private readonly connections = new Set<Connection>();
  /** Events dropped for slow connections since start. */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly users: SessionCheck,
    private readonly ingest: IngestService,
    private readonly log: FastifyBaseLogger,
  ) {
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
    const conn: Connection = { socket, lang, auth: null, devices: new Set(), dropped: 0, fleet: null, queue: Promise.resolve() };
    this.connections.add(conn);
    const timer = setTimeout(() => {
      if (!conn.auth) this.refuse(conn, Code.TOKEN_ILLEGAL, message(lang, 'error.tokenIllegal'), true);
    }, REALTIME_AUTH_TIMEOUT_MS);
    socket.on('message', (data: Buffer) => {
      conn.queue = conn.queue
        .then(() => this.handle(conn, data))
        .catch((err: unknown) => {
          this.log.error({ err }, 'realtime message failed');
        });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      this.connections.delete(conn);
      for (const id of conn.devices) this.byDevice.get(id)?.delete(conn);
    });
    socket.on('error', (err) => {
      this.log.debug({ err }, 'realtime socket error');
    });
  }

  private async handle(conn: Connection, data: Buffer): Promise<void> {
    let parsed: z.infer<typeof clientMessage>;
    try {
      parsed = clientMessage.parse(JSON.parse(data.toString('utf8')));
    } catch {
      this.refuse(conn, Code.VALIDATION_FAILED, message(conn.lang, 'validation.invalid', { field: 'message' }), false);
      return;
    }
    if (parsed.type === 'auth') {
      try {
        conn.auth = await this.users.authenticate(parsed.token);
      } catch (err) {
        if (err instanceof AppError) {
          this.refuse(conn, err.code, message(conn.lang, err.key, err.params), true);
          return;
        }
        throw err;
      }
      this.sendEvent(conn, { type: 'ready', userId: conn.auth.user.id });
      return;
    }
    if (!conn.auth) {
      this.refuse(conn, Code.TOKEN_ILLEGAL, message(conn.lang, 'error.tokenIllegal'), true);
      return;
    }
    if (parsed.type === 'watchFleet') {
      conn.fleet = { visible: new Set(), readAt: 0, reading: false };
      await this.readFleet(conn);
      return;
    }
    if (parsed.type === 'unwatchFleet') {
      conn.fleet = null;
      return;
    }
    if (parsed.type === 'subscribe') {
      const wanted = [...new Set(parsed.devices)];
      const visible = await checkAccess(this.db, { auth: conn.auth, permission: 'device.read', ids: wanted });
      const refused = wanted.filter((id) => !visible.has(id));
      for (const id of visible) {
        if (conn.devices.size >= REALTIME_MAX_SUBSCRIPTIONS) break;
        conn.devices.add(id);
        let set = this.byDevice.get(id);
        if (!set) this.byDevice.set(id, (set = new Set()));
        set.add(conn);
        const state = this.ingest.device(id);
        if (state)
          this.sendEvent(conn, { type: 'state', device: id, status: state.status, ts: state.latestTs, values: valuesRecord(state.latest) });
      }
      if (refused.length > 0)
        this.sendEvent(conn, { type: 'error', code: Code.FORBIDDEN, message: message(conn.lang, 'error.forbidden'), devices: refused });
    } else {
      for (const id of parsed.devices) {
        conn.devices.delete(id);
        this.byDevice.get(id)?.delete(conn);
      }
    }
    this.sendEvent(conn, { type: 'subscribed', devices: [...conn.devices] });
  }

  private refuse(conn: Connection, code: number, text: string, close: boolean): void {
    this.sendEvent(conn, { type: 'error', code, message: text });
    if (close) conn.socket.close(4000 + (code === Code.FORBIDDEN ? 403 : 401), 'unauthorized');
  }

  private toDevice(deviceId: number, event: ServerEvent): void {
    const subscribers = this.byDevice.get(deviceId);
    if (!subscribers || subscribers.size === 0) return;
    const text = JSON.stringify(event);
    for (const c of subscribers) this.send(c, text);
  }

  /** Reads which devices a fleet watcher sees (all of them for root and admin). */
  private async readFleet(conn: Connection): Promise<void> {
    const fleet = conn.fleet;
    if (!fleet || !conn.auth || fleet.reading) return;
    fleet.reading = true;
    try {
      fleet.visible = await visibleIds(this.db, conn.auth);
      fleet.readAt = Date.now();
    } finally {
      fleet.reading = false;
    }
  }

  /**
   * A transition to every fleet watcher who sees the device: root and admin, its owner (known from ingest's memory,
   * so a device created after the watcher's last read is not missed), or a watcher whose set of visible ids holds it.
   * A set older than FLEET_REFRESH_MS is read again (links change), and the event goes out if the fresh set holds it.
   */
  private toFleet(device: { id: number; ownerId: number }, event: ServerEvent): void {
    let text: string | null = null;
    const out = () => (text ??= JSON.stringify(event));
    for (const c of this.connections) {
      const fleet = c.fleet;
      if (!fleet || !c.auth) continue;
      if (fleet.visible === 'all' || c.auth.user.id === device.ownerId || fleet.visible.has(device.id)) {
        this.send(c, out());
        continue;
      }
      if (Date.now() - fleet.readAt > FLEET_REFRESH_MS) {
        this.readFleet(c)
          .then(() => {
            if (c.fleet && c.fleet.visible !== 'all' && c.fleet.visible.has(device.id)) this.send(c, out());
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
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
  }
}
