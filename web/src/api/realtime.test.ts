import { REALTIME_CLOSE_SESSION_ENDED, type ClientMessage, type ServerEvent } from '@dms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from './client';

/** A browser WebSocket the test drives: it opens, delivers events and closes when told. */
class FakeSocket {
  static readonly OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  readonly sent: ClientMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(text: string): void {
    this.sent.push(JSON.parse(text) as ClientMessage);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(event: ServerEvent): void {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  closedByServer(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const cookies = { cookie: 'Admin-Token=token-1' };
let realtime: typeof import('./realtime');
let ended: ApiError[];

function socket(i: number): FakeSocket {
  const s = FakeSocket.instances[i];
  if (!s) throw new Error(`no socket #${i}; ${FakeSocket.instances.length} opened`);
  return s;
}

/** Watches a device and brings the connection up: opened, signed in, subscribed. */
function live(ids: number[]): FakeSocket {
  realtime.watchDevices(ids);
  const s = socket(FakeSocket.instances.length - 1);
  s.open();
  s.receive({ type: 'ready', userId: 5 });
  return s;
}

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  FakeSocket.instances = [];
  cookies.cookie = 'Admin-Token=token-1';
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'console.test' });
  vi.stubGlobal('document', cookies);
  realtime = await import('./realtime');
  ended = [];
  realtime.configureRealtime({ onSessionEnded: (e) => ended.push(e) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live push: a session ended at the server', () => {
  it('signs in with the token and re-sends what is watched', () => {
    const s = live([7]);
    expect(s.url).toBe('ws://console.test/api/v2/ws');
    expect(s.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', devices: [7] },
    ]);
  });

  it(`closed with ${REALTIME_CLOSE_SESSION_ENDED}: reports the logged-out code to the auth module once and never reconnects with that token`, () => {
    const s = live([7]);
    s.receive({ type: 'error', code: 50012, message: 'You have been logged out' });
    s.closedByServer(REALTIME_CLOSE_SESSION_ENDED);
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ kind: 'loggedOut', status: 401, code: 50012, message: 'You have been logged out' });
    expect(realtime.liveState.get()).toBe('offline');
    vi.advanceTimersByTime(5 * 60_000);
    realtime.watchFleet();
    realtime.watchDevices([8]);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(ended).toHaveLength(1);
  });

  it('a new sign-in (another token) connects again', () => {
    live([7]).closedByServer(REALTIME_CLOSE_SESSION_ENDED);
    cookies.cookie = 'Admin-Token=token-2';
    realtime.watchDevices([9]);
    expect(FakeSocket.instances).toHaveLength(2);
    socket(1).open();
    expect(socket(1).sent[0]).toEqual({ type: 'auth', token: 'token-2' });
  });

  it('signing out in this console closes the socket first: the close the server sends after is not reported', () => {
    const s = live([7]);
    realtime.endLive();
    expect(s.readyState).toBe(3);
    expect(realtime.liveState.get()).toBe('idle');
    s.closedByServer(REALTIME_CLOSE_SESSION_ENDED);
    vi.advanceTimersByTime(60_000);
    realtime.watchDevices([8]);
    expect(ended).toHaveLength(0);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('any other close is no sign-out: it reconnects with back-off and reports nothing', () => {
    live([7]).closedByServer(1006);
    expect(ended).toHaveLength(0);
    expect(realtime.liveState.get()).toBe('offline');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
