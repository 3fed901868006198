import { Code, message, REALTIME_AUTH_TIMEOUT_MS, REALTIME_MAX_SUBSCRIPTIONS, type Language } from '@dms/contract';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import { decodeValues, valuesRecord } from '../ingest/codec.js';
import type { IngestService } from '../ingest/service.js';
import { newConnection, Outbox, type Connection } from './connection.js';
import { Fanout } from './fanout.js';
import { Sessions, type SessionCheck } from './sessions.js';
import { Subscriptions } from './subscriptions.js';

export type { SessionCheck } from './sessions.js';

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(256) }),
  z.object({ type: z.literal('subscribe'), devices: z.array(z.number().int().positive()).max(REALTIME_MAX_SUBSCRIPTIONS) }),
  z.object({ type: z.literal('unsubscribe'), devices: z.array(z.number().int().positive()).max(REALTIME_MAX_SUBSCRIPTIONS) }),
  z.object({ type: z.literal('watchFleet') }),
  z.object({ type: z.literal('unwatchFleet') }),
]);

/**
 * The live push (docs/api.md): connections authenticate with the sign-in token, subscribe to devices they may see,
 * and get register values and status changes of those, plus their own notifications. Its parts:
 * - `Sessions` (sessions.ts): the open connections and the sessions behind them (sign-in, expiry, sign-out, a change
 *   of the user's rights or reach);
 * - `Subscriptions` (subscriptions.ts): what each connection watches, and its right to;
 * - `Fanout` (fanout.ts): who gets which event, serialised as few times as it can be;
 * - `Outbox` (connection.ts): the way out, which drops events for a connection that reads too slowly.
 * This file reads the clients' messages and joins the parts to ingest's events.
 */
export class RealtimeHub {
  private readonly out = new Outbox();
  private readonly subscriptions: Subscriptions;
  private readonly sessions: Sessions;
  private readonly fanout: Fanout;
  /** Client frames refused since start: over the size limit (the socket closes with 1009), or not a message we know. */
  readonly refusedFrames = { oversize: 0, malformed: 0 };

  constructor(
    db: Db,
    users: SessionCheck,
    bus: EventBus,
    ingest: IngestService,
    private readonly log: FastifyBaseLogger,
    now: () => number,
  ) {
    this.subscriptions = new Subscriptions(db, ingest, this.out);
    this.sessions = new Sessions(db, users, bus, this.subscriptions, this.out, log, now);
    this.fanout = new Fanout(this.sessions.connections, this.subscriptions, ingest, this.out, log);
    ingest.on('values', ({ device, ts, vals }) => {
      this.fanout.toDevice(device.id, () => ({ type: 'values', device: device.id, ts, values: valuesRecord(decodeValues(vals)) }));
    });
    ingest.on('status', ({ device, from, to, time }) => {
      this.fanout.toDevice(device.id, () => ({ type: 'status', device: device.id, from, to, time }));
      const transition = { type: 'transition', device: device.id, boxId: device.boxId, controller: device.controller } as const;
      this.fanout.toFleet(device, { ...transition, kind: device.type?.kind ?? null, from, to, time });
    });
    ingest.on('provisioned', ({ reached }) => {
      this.sessions.changed(reached);
    });
    bus.on('notificationPushed', ({ userIds, notification }) => {
      this.fanout.toUsers({ type: 'notification', ...notification }, userIds);
    });
    bus.on('announcementChanged', ({ id, pin, userIds }) => {
      this.fanout.toUsers({ type: 'announcement', id, pin }, userIds);
    });
    bus.on('liveToRole', ({ role, event }) => {
      this.fanout.toRole(event, role);
    });
  }

  get size(): number {
    return this.sessions.connections.size;
  }

  /** Events dropped for slow connections since start. */
  get dropped(): number {
    return this.out.dropped;
  }

  /** Visibility checks of subscriptions since start, and the time they took (metrics; `npm run bench -- reach`). */
  get subscribeChecks(): { count: number; seconds: number } {
    return this.subscriptions.checks;
  }

  accept(socket: WebSocket, lang: Language): void {
    const conn = newConnection(socket, lang);
    this.sessions.connections.add(conn);
    conn.authTimer = setTimeout(() => {
      if (!conn.auth) this.sessions.refuse(conn, Code.TOKEN_ILLEGAL, message(lang, 'error.tokenIllegal'), true);
    }, REALTIME_AUTH_TIMEOUT_MS);
    socket.on('message', (data: Buffer) => {
      this.sessions.enqueue(conn, () => this.handle(conn, data));
    });
    socket.on('close', () => {
      this.sessions.forget(conn);
    });
    socket.on('error', (err: Error & { code?: string }) => {
      // The client's fault (a frame over the limit, a broken frame): a counted warning, no stack.
      if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.refusedFrames.oversize += 1;
      else this.refusedFrames.malformed += 1;
      this.log.warn({ reason: err.code ?? err.message }, 'realtime frame refused');
    });
  }

  closeAll(): void {
    this.sessions.close();
  }

  private async handle(conn: Connection, data: Buffer): Promise<void> {
    if (conn.closed) return;
    let parsed: z.infer<typeof clientMessage>;
    try {
      parsed = clientMessage.parse(JSON.parse(data.toString('utf8')));
    } catch {
      this.refusedFrames.malformed += 1;
      this.sessions.refuse(conn, Code.VALIDATION_FAILED, message(conn.lang, 'validation.invalid', { field: 'message' }), false);
      return;
    }
    if (parsed.type === 'auth') {
      const auth = await this.sessions.signIn(conn, parsed.token);
      if (auth) this.out.event(conn, { type: 'ready', userId: auth.user.id });
      return;
    }
    if (!conn.auth) {
      this.sessions.refuse(conn, Code.TOKEN_ILLEGAL, message(conn.lang, 'error.tokenIllegal'), true);
      return;
    }
    switch (parsed.type) {
      case 'watchFleet':
        if (await this.sessions.refresh(conn)) await this.subscriptions.watchFleet(conn);
        return;
      case 'unwatchFleet':
        conn.fleet = null;
        return;
      case 'subscribe':
        // Every subscription is authorised against the session and the rights as they are now, not as at sign-in.
        if (!(await this.sessions.refresh(conn))) return;
        await this.subscriptions.subscribe(conn, parsed.devices);
        break;
      case 'unsubscribe':
        for (const id of parsed.devices) this.subscriptions.unwatch(conn, id);
        break;
    }
    this.out.event(conn, { type: 'subscribed', devices: [...conn.devices] });
  }
}
