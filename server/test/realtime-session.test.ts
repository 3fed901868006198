import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_CLOSE_SESSION_ENDED, type BoxCredentials, type ServerEvent } from '@dms/contract';
import { refreshReach } from '../src/access/reach.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, linkHelper, login, testDialects, userIds, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
/** The promise: a session that ends closes its sockets within a second. */
const WITHIN_MS = 1000;

interface Live {
  ws: WebSocket;
  events: ServerEvent[];
  closed: Promise<{ code: number; reason: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dialects)('a session that ends closes its live-push sockets, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let box: BoxCredentials;
  let client: MqttClient;
  let device: number;
  let uid: (username: string) => number;
  const open: WebSocket[] = [];
  let seq = 0;

  /** A socket signed in with `token` and subscribed to the test device. */
  async function live(token: string, devices = [device]): Promise<Live> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    open.push(ws);
    const events: ServerEvent[] = [];
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      ws.once('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
      });
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'subscribe', devices }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'subscribed')).toBe(true);
    });
    return { ws, events, closed };
  }

  /** Resolves with the close of the socket, or fails when it is still open after WITHIN_MS. */
  async function closedSoon(s: Live): Promise<{ code: number; reason: string }> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`still open after ${WITHIN_MS} ms; events: ${JSON.stringify(s.events)}`));
      }, WITHIN_MS);
    });
    try {
      return await Promise.race([s.closed, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Publishes a new value of the device and waits until ingest holds it (its `values` event went out then). */
  async function publish(): Promise<number> {
    seq += 1;
    const ts = t.clock.now + seq;
    await send(client, box.boxId, 'data', data(ts, { '1': { [PRESSURE]: seq } }, seq + 1));
    await eventually(() => {
      expect(t.app.ingest.device(device)?.latestTs).toBe(ts);
    });
    return ts;
  }

  const valuesAt = (s: Live, ts: number) => s.events.filter((e) => e.type === 'values' && e.ts === ts);

  /** The socket ended with 4401 after an error event carrying `code`, and got nothing after it. */
  async function expectEnded(s: Live, code: number): Promise<void> {
    const close = await closedSoon(s);
    expect(close).toEqual({ code: REALTIME_CLOSE_SESSION_ENDED, reason: 'session ended' });
    expect(s.events.at(-1)).toMatchObject({ type: 'error', code });
    const ts = await publish();
    await sleep(100);
    expect(valuesAt(s, ts)).toHaveLength(0);
    expect(s.events.at(-1)).toMatchObject({ type: 'error', code });
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    [box] = (await registerBoxes(t.app, 7801, 7801)) as [BoxCredentials];
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await eventually(() => {
      expect(t.app.ingest.deviceAt(box.boxId, 1)?.status).toBe('online');
    });
    device = t.app.ingest.deviceAt(box.boxId, 1)?.id ?? 0;
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    for (const ws of open) ws.terminate();
    await client.endAsync();
    await t.close();
  });

  it('logout closes that session’s sockets with 4401 and 50012; another session of the user keeps its socket', async () => {
    const [a, b] = [await login(t.app, 'demo_manager'), await login(t.app, 'demo_manager')];
    const ended = await live(a);
    const kept = await live(b);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: bearer(a) });
    expect(body(res).code).toBe(20000);
    await expectEnded(ended, 50012);
    // The other session still gets what it watches, and may still subscribe.
    const ts = await publish();
    await eventually(() => {
      expect(valuesAt(kept, ts)).toHaveLength(1);
    });
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    kept.ws.close();
  });

  it('a session ended from another (the user’s own profile, or root) closes its sockets with 4401 and 50012', async () => {
    const [a, b, c] = [await login(t.app, 'demo_manager'), await login(t.app, 'demo_manager'), await login(t.app, 'demo_manager')];
    const [first, second] = [await live(a), await live(b)];
    const end = (token: string, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/v2/user/sessions/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
    const sessionOf = async (token: string) => (await t.app.users.sessionOfToken(token)).auth.sessionId;
    expect(body(await end(c, 'end', { id: await sessionOf(a) })).data).toEqual({ ended: 1 });
    await expectEnded(first, 50012);
    expect(body(await end(await login(t.app, 'demo_root'), 'end', { id: await sessionOf(b) })).data).toEqual({ ended: 1 });
    await expectEnded(second, 50012);
    const third = await live(await login(t.app, 'demo_manager'));
    // Every other session of the manager ends, the earlier tests' too.
    expect((body(await end(c, 'end-others')).data as { ended: number }).ended).toBeGreaterThanOrEqual(1);
    await expectEnded(third, 50012);
  });

  it('a disabled account’s sockets close; enabled again, the user signs in again', async () => {
    const manager = await login(t.app, 'demo_manager');
    const setDisabled = async (disabled: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user_register/set_manager_disabled',
        headers: bearer(manager),
        payload: { userId: uid('demo_submanager'), disabled },
      });
      expect(body(res).code).toBe(20000);
    };
    const sub = await live(await login(t.app, 'demo_submanager'), []);
    await setDisabled(true);
    await expectEnded(sub, 50012);
    await setDisabled(false);
    const again = await live(await login(t.app, 'demo_submanager'), []);
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
    again.ws.close();
  });

  it('a change of roles checks every subscription again: what is no longer visible is unsubscribed, and said so', async () => {
    const market = uid('demo_market');
    await t.app.users.setRoles(market, ['root']);
    const s = await live(await login(t.app, 'demo_market'));
    expect(s.events.find((e) => e.type === 'subscribed')).toEqual({ type: 'subscribed', devices: [device] });
    const before = await publish();
    await eventually(() => {
      expect(valuesAt(s, before)).toHaveLength(1);
    });

    await t.app.users.setRoles(market, ['market']);
    // Unsubscribed, then told to reload what the console shows.
    await eventually(() => {
      expect(s.events.slice(-2)).toEqual([{ type: 'unsubscribed', devices: [device] }, { type: 'reach' }]);
    }, WITHIN_MS);
    // The session itself is still valid: the socket stays, without the device's events.
    const after = await publish();
    await sleep(100);
    expect(valuesAt(s, after)).toHaveLength(0);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.send(JSON.stringify({ type: 'subscribe', devices: [device] }));
    await eventually(() => {
      expect(s.events.at(-1)).toEqual({ type: 'subscribed', devices: [] });
    });
    expect(s.events.at(-2)).toMatchObject({ type: 'error', code: 40300, devices: [device] });
    s.ws.close();
  });

  it('losing a device (a share recalled) unsubscribes it within a second, and its values stop; the session stays', async () => {
    await linkHelper(t, device);
    const s = await live(await login(t.app, 'demo_helper'));
    expect(s.events.find((e) => e.type === 'subscribed')).toEqual({ type: 'subscribed', devices: [device] });
    // The recall as the user-management calls make it: the link ends, the reach follows in the same transaction, and
    // the hub is told whose reach changed.
    const changed = await t.app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device_links')
        .set({ recalled_at: t.clock.now })
        .where('device_id', '=', device)
        .where('user_id', '=', uid('demo_helper'))
        .where('recalled_at', 'is', null)
        .execute();
      return refreshReach(trx, [device]);
    });
    expect(changed).toEqual([uid('demo_helper')]);
    t.app.bus.publish('reachChanged', { userIds: changed });
    // Unsubscribed, then told to reload its lists (the device leaves them).
    await eventually(() => {
      expect(s.events.slice(-2)).toEqual([{ type: 'unsubscribed', devices: [device] }, { type: 'reach' }]);
    }, WITHIN_MS);
    const after = await publish();
    await sleep(100);
    expect(valuesAt(s, after)).toHaveLength(0);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    s.ws.close();
  });

  it('each subscribe is authorised against the user’s rights as they are now, not as they were at sign-in', async () => {
    const market = uid('demo_market');
    // Roles written straight to the database: the hub hears of no change, so only its own reading can see one.
    const storeRoles = (roles: string[]) =>
      t.app.db
        .updateTable('users')
        .set({ roles: JSON.stringify(roles) })
        .where('id', '=', market)
        .execute();
    await storeRoles(['market']);
    const s = await live(await login(t.app, 'demo_market'));
    expect(s.events.find((e) => e.type === 'subscribed')).toEqual({ type: 'subscribed', devices: [] });
    await storeRoles(['root']);
    s.events.length = 0;
    s.ws.send(JSON.stringify({ type: 'subscribe', devices: [device] }));
    await eventually(() => {
      expect(s.events.at(-1)).toEqual({ type: 'subscribed', devices: [device] });
    });
    // And the other way: a session revoked behind the hub's back is refused at its next subscribe.
    const { id } = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', market)
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('sessions').set({ revoked_at: t.clock.now }).where('id', '=', id).execute();
    s.ws.send(JSON.stringify({ type: 'subscribe', devices: [device] }));
    await expectEnded(s, 50012);
    await storeRoles(['market']);
  });

  it('a password change closes the user’s other sessions’ sockets; the session that changed it keeps its own', async () => {
    const [changer, other] = [await login(t.app, 'demo_manager'), await login(t.app, 'demo_manager')];
    const kept = await live(changer);
    const ended = await live(other);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/changepassword',
      headers: bearer(changer),
      payload: { oldPassword: 'demo123456', newPassword: 'another-pass1' },
    });
    expect(body(res).code).toBe(20000);
    await expectEnded(ended, 50012);
    const ts = await publish();
    await eventually(() => {
      expect(valuesAt(kept, ts)).toHaveLength(1);
    });
    expect(kept.ws.readyState).toBe(WebSocket.OPEN);
    kept.ws.close();
  });

  it('expiry closes the socket with 50014 (the app clock moved past the session’s end)', async () => {
    const s = await live(await login(t.app, 'demo_root'));
    const start = t.clock.now;
    t.clock.now = start + t.config.sessionTtlMs + 1;
    try {
      const close = await closedSoon(s);
      expect(close).toEqual({ code: REALTIME_CLOSE_SESSION_ENDED, reason: 'session ended' });
      expect(s.events.at(-1)).toMatchObject({ type: 'error', code: 50014 });
    } finally {
      t.clock.now = start;
    }
    await eventually(() => {
      expect(t.app.realtime.size).toBe(open.filter((ws) => ws.readyState === WebSocket.OPEN).length);
    });
    const ts = await publish();
    await sleep(100);
    expect(valuesAt(s, ts)).toHaveLength(0);
  });
});
