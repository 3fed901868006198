import type { ControllerKind } from './controller-types/schemas.js';
import type { DeviceStatus } from './devices/schemas.js';
import type { CardFacts, NotificationKind } from './msg/schemas.js';
import type { AnnouncementPin } from './notice/announcements.js';
import type { TransitionFault } from './fleet/schemas.js';

/** The live-push WebSocket (docs/api.md): `GET /api/v2/ws`, then an `auth` message with the sign-in token. */
export const REALTIME_PATH = '/api/v2/ws';
/** Seconds a connection may stay open without authenticating. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;
/** Most devices one connection may watch at once. */
export const REALTIME_MAX_SUBSCRIPTIONS = 500;
/**
 * The close code of a connection whose session is gone: its token was refused at `auth`, or the session ended while the
 * socket was open (sign-out, password changed elsewhere, expiry, account disabled). An `error` event with the logged-out
 * code (50008, 50012, 50014) comes just before. The console shows its logged-out confirm and does not reconnect.
 */
export const REALTIME_CLOSE_SESSION_ENDED = 4401;

/** What the console sends. */
export interface ClientMessages {
  auth: { token: string };
  subscribe: { devices: number[] };
  unsubscribe: { devices: number[] };
  /** Every status transition of every device the user sees, as `transition` events (dashboard, large screen, lists). */
  watchFleet: object;
  unwatchFleet: object;
}
export type ClientMessage = { [K in keyof ClientMessages]: { type: K } & ClientMessages[K] }[keyof ClientMessages];

/**
 * What the server pushes: one map of event name to payload. An area adds its own events from its folder
 * (`declare module '../realtime.js' { interface ServerEvents { … } }`, as smartbox/realtime.ts does).
 */
export interface ServerEvents {
  /** Authenticated; notifications for this user follow without subscribing. */
  ready: { userId: number };
  /** The devices now watched (after a subscribe or unsubscribe). */
  subscribed: { devices: number[] };
  /** The user's rights changed and these watched devices are no longer visible to them: they are watched no more. */
  unsubscribed: { devices: number[] };
  /**
   * The current state of a device just subscribed, sent for each device of a subscribe before `subscribed`, so what
   * changed between a page's fetch and its subscription is not missed (and a reconnect catches up). `ts` is null and
   * `values` empty when the device never reported.
   */
  state: { device: number; status: DeviceStatus; ts: number | null; values: Record<string, number> };
  /** A refused message: `code` is an envelope code; `devices` the ids refused, if any. */
  error: { code: number; message: string; devices?: number[] };
  /** New register values of a watched device (raw words by register number), read at `ts`. */
  values: { device: number; ts: number; values: Record<string, number> };
  /** A watched device changed status. */
  status: { device: number; from: DeviceStatus; to: DeviceStatus; time: number };
  /**
   * A notification for this user (issue 22): a change of a device they reach, or a repeat of one not yet acknowledged
   * (`push` > 1). The bell counts it; the console may show it as the browser's own notification.
   */
  notification: {
    id: number;
    device: number;
    boxId: number;
    controller: number;
    company: string;
    /** The device page's path in the console. */
    path: string;
    kind: NotificationKind;
    status: string;
    rule: string | null;
    /** The card, for the card kinds. */
    card: CardFacts | null;
    time: number;
    push: number;
  };
  /** An announcement for this user was published or changed (issue 22): reload the list and the banner. */
  announcement: { id: number; pin: AnnouncementPin };
  /** A device the user sees changed status (after watchFleet). */
  transition: {
    device: number;
    boxId: number;
    controller: number;
    kind: ControllerKind | null;
    from: DeviceStatus;
    to: DeviceStatus;
    time: number;
    /** Its active faults and alerts at that time, named in every language, newest first (at most ACTIVE_FAULTS_SHOWN). */
    faults?: TransitionFault[];
  };
  /**
   * What this user reaches changed (an assignment, a share or a recall, a claim, a hidden flag; docs/people.md): lists,
   * counts and maps are stale, reload what you show. Devices no longer visible are unsubscribed as well.
   */
  reach: object;
  /** Events were dropped because this connection read too slowly; reload what you show. */
  lagged: { dropped: number };
}
export type ServerEvent = { [K in keyof ServerEvents]: { type: K } & ServerEvents[K] }[keyof ServerEvents];
