import type { Language, ServerEvent } from '@dms/contract';
import type { WebSocket } from '@fastify/websocket';
import type { RegisterRights } from '../access/index.js';
import type { AuthContext } from '../types.js';

/** Past this many bytes waiting to go out, a connection is slow: its events are dropped (and counted) until it drains. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 64 * 1024;

/** A fleet watch (watchFleet): the ids the user sees and those whose data they read ('all' for root and admin), and when read. */
export interface FleetWatch {
  visible: Set<number> | 'all';
  data: Set<number> | 'all';
  readAt: number;
  reading: boolean;
}

export const freshWatch = (): FleetWatch => ({ visible: new Set(), data: new Set(), readAt: 0, reading: false });

/** One live-push socket and what the hub knows of it. */
export interface Connection {
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
  fleet: FleetWatch | null;
  /** What the user's permission template lets them read (read with the session; null before sign-in: everything). */
  rights: RegisterRights | null;
  /** Messages are handled one after another, in the order they came (an auth is done before the next message). */
  queue: Promise<void>;
}

export function newConnection(socket: WebSocket, lang: Language): Connection {
  return {
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
}

/**
 * The way out of every event: a connection that reads too slowly loses events (and is told how many when it has
 * drained) instead of slowing the others. Counts what it dropped since start.
 */
export class Outbox {
  dropped = 0;

  event(conn: Connection, event: ServerEvent): void {
    this.send(conn, JSON.stringify(event));
  }

  send(conn: Connection, text: string): void {
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
}
