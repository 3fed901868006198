import { REALTIME_CLOSE_SESSION_ENDED, REALTIME_PATH, type ClientMessage, type ServerEvent, type ServerEvents } from '@dms/contract';
import { useEffect } from 'react';
import { readToken } from '../auth/token';
import { createStore, useStore } from '../lib/store';
import { useLatest } from '../lib/useLatest';
import { ApiError } from './client';

/**
 * The console's one live-push connection (docs/api.md, `packages/contract/src/realtime.ts`). It opens when the first
 * page asks for events, authenticates with the session token in its first message, keeps the union of what the
 * pages watch (devices by id, or the whole fleet), and reconnects with back-off, re-sending what was watched.
 * Pages use the hooks below and never see the socket.
 *
 * When the server closes it with REALTIME_CLOSE_SESSION_ENDED the session is gone (signed out elsewhere, password
 * changed, expired, account disabled): it is not opened again with that token, and the auth module is told, as for a
 * logged-out answer over HTTP (spec 8: the logged-out confirm).
 */

type Handler = (event: ServerEvent) => void;
export type LiveState = 'idle' | 'connecting' | 'live' | 'offline';

/** Whether the push is working, for a small "live" mark on pages that use it. */
export const liveState = createStore<LiveState>('idle');
export function useLiveState(): LiveState {
  return useStore(liveState, (s) => s);
}

const deviceRefs = new Map<number, number>();
let fleetRefs = 0;
/** Pages that want the user's notifications (the bell): they come without subscribing, once connected. */
let notificationRefs = 0;
const handlers = new Set<Handler>();
let socket: WebSocket | null = null;
let ready = false;
let retry = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** The token whose session the server said had ended: no connection is opened with it again. */
let endedToken: string | undefined;

/** What the connection needs of the rest of the console. Set once at start-up (and by tests). */
export interface RealtimeHooks {
  /** The server ended the connection's session; the same handler as the HTTP client's logged-out report. */
  onSessionEnded(error: ApiError): void;
}
let hooks: RealtimeHooks = { onSessionEnded: () => undefined };

export function configureRealtime(next: Partial<RealtimeHooks>): void {
  hooks = { ...hooks, ...next };
}

function send(message: ClientMessage): void {
  if (socket && ready && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function wanted(): boolean {
  return deviceRefs.size > 0 || fleetRefs > 0 || notificationRefs > 0;
}

function connect(): void {
  if (socket || !wanted()) return;
  const token = readToken();
  if (!token || token === endedToken) return;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
  const ws = new WebSocket(url);
  socket = ws;
  ready = false;
  liveState.set('connecting');
  /** The last refusal before a close: its code says why the session ended (50008, 50012, 50014). */
  let refusal: { code: number; message: string } | null = null;
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: 'auth', token } satisfies ClientMessage));
  };
  ws.onmessage = (e: MessageEvent<string>) => {
    let event: ServerEvent;
    try {
      event = JSON.parse(e.data) as ServerEvent;
    } catch {
      return;
    }
    if (event.type === 'ready') {
      ready = true;
      retry = 0;
      liveState.set('live');
      if (deviceRefs.size > 0) send({ type: 'subscribe', devices: [...deviceRefs.keys()] });
      if (fleetRefs > 0) send({ type: 'watchFleet' });
    }
    if (event.type === 'error' && !event.devices) refusal = { code: event.code, message: event.message };
    for (const h of [...handlers]) h(event);
  };
  ws.onclose = (e: CloseEvent) => {
    if (socket !== ws) return;
    socket = null;
    ready = false;
    if (e.code === REALTIME_CLOSE_SESSION_ENDED) {
      endedToken = token;
      liveState.set('offline');
      hooks.onSessionEnded(new ApiError('loggedOut', 401, refusal?.code ?? null, refusal?.message ?? ''));
      return;
    }
    if (!wanted()) {
      liveState.set('idle');
      return;
    }
    liveState.set('offline');
    const delay = Math.min(30_000, 1000 * 2 ** retry);
    retry += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  };
}

/**
 * The console signs out by itself: the connection is closed first and not opened again with this token, so the
 * server's close of it (the session ended) is not taken for a sign-out elsewhere.
 */
export function endLive(): void {
  endedToken = readToken();
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  ready = false;
  ws?.close(1000, 'signed out');
  liveState.set('idle');
}

function closeIfUnused(): void {
  if (wanted() || !socket) return;
  const ws = socket;
  socket = null;
  ready = false;
  ws.close(1000, 'no longer needed');
  liveState.set('idle');
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/** Watches devices until the answered function is called (the hooks below use it; tests call it directly). */
export function watchDevices(ids: readonly number[]): () => void {
  const added = ids.filter((id) => {
    const n = deviceRefs.get(id) ?? 0;
    deviceRefs.set(id, n + 1);
    return n === 0;
  });
  connect();
  if (added.length > 0) send({ type: 'subscribe', devices: added });
  return () => {
    const removed = ids.filter((id) => {
      const n = (deviceRefs.get(id) ?? 1) - 1;
      if (n <= 0) deviceRefs.delete(id);
      else deviceRefs.set(id, n);
      return n <= 0;
    });
    if (removed.length > 0) send({ type: 'unsubscribe', devices: removed });
    closeIfUnused();
  };
}

/** Watches the fleet until the answered function is called. */
export function watchFleet(): () => void {
  fleetRefs += 1;
  connect();
  if (fleetRefs === 1) send({ type: 'watchFleet' });
  return () => {
    fleetRefs -= 1;
    if (fleetRefs === 0) send({ type: 'unwatchFleet' });
    closeIfUnused();
  };
}

/** Keeps the connection open for the user's notifications until the answered function is called. */
export function watchNotifications(): () => void {
  notificationRefs += 1;
  connect();
  return () => {
    notificationRefs -= 1;
    closeIfUnused();
  };
}

type EventOf<K extends keyof ServerEvents> = Extract<ServerEvent, { type: K }>;

/** Calls `onEvent` for each event of the given types; the latest callback is used without re-subscribing. */
function useEvents<K extends keyof ServerEvents>(types: readonly K[], onEvent: (event: EventOf<K>) => void): void {
  const callback = useLatest(onEvent);
  const key = types.join(',');
  useEffect(() => {
    const wantedTypes = new Set<string>(key.split(','));
    const handler: Handler = (event) => {
      if (wantedTypes.has(event.type)) callback.current(event as EventOf<K>);
    };
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
    };
  }, [key, callback]);
}

/**
 * Live values and status changes of these devices (ids, as the API gives them); first, on each subscription, a
 * device's current `state` (what changed since the page fetched it); `lagged` when events were lost (reload then).
 * Re-subscribes when the set of ids changes.
 */
export function useDeviceEvents(ids: readonly number[], onEvent: (event: EventOf<'state' | 'values' | 'status' | 'lagged'>) => void): void {
  useEvents(['state', 'values', 'status', 'lagged'], onEvent);
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return undefined;
    return watchDevices(key.split(',').map(Number));
  }, [key]);
}

/** Every status transition of the devices the user sees (dashboard, large screen, lists), plus `lagged`. */
export function useFleetEvents(onEvent: (event: EventOf<'transition' | 'lagged'>) => void, enabled = true): void {
  useEvents(['transition', 'lagged'], onEvent);
  useEffect(() => (enabled ? watchFleet() : undefined), [enabled]);
}

/** The user's notifications as they are stored or repeated (the bell), with the connection kept open for them. */
export function useNotificationEvents(onEvent: (event: EventOf<'notification'>) => void, enabled = true): void {
  useEvents(['notification'], onEvent);
  useEffect(() => (enabled ? watchNotifications() : undefined), [enabled]);
}

/** Announcements for the user published, changed or withdrawn (the banner, the list), with the connection kept open. */
export function useAnnouncementEvents(onEvent: (event: EventOf<'announcement'>) => void, enabled = true): void {
  useEvents(['announcement'], onEvent);
  useEffect(() => (enabled ? watchNotifications() : undefined), [enabled]);
}

/**
 * Events of the given types that the server pushes without a subscription (an area's own: root's box tools follow
 * `boxCommands` and `rollouts`), with the connection kept open while the page listens.
 */
export function useLiveEvents<K extends keyof ServerEvents>(
  types: readonly K[],
  onEvent: (event: EventOf<K>) => void,
  enabled = true,
): void {
  useEvents(types, onEvent);
  useEffect(() => (enabled ? watchNotifications() : undefined), [enabled]);
}

/**
 * Calls `listener` whenever what the signed-in user reaches changed (an assignment, share or recall): the console's
 * cache reloads what it shows, so a device lost leaves every open list and one gained joins it. Answers the undo.
 */
export function onReachChanged(listener: () => void): () => void {
  const handler: Handler = (event) => {
    if (event.type === 'reach') listener();
  };
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}
