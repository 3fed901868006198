import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from '@fastify/websocket';
import type { ServerEvent } from '@dms/contract';
import { refreshReach } from '../src/access/reach.js';
import { invalidateTemplates } from '../src/access/template-rights.js';
import { encodeValues } from '../src/ingest/codec.js';
import type { IngestEvents, IngestService } from '../src/ingest/service.js';
import type { DeviceState } from '../src/ingest/state.js';
import { RealtimeHub } from '../src/realtime/hub.js';
import { buildTestApp, insertTemplate, login, type TestApp } from './helper.js';

/** A socket whose peer reads at will: `bufferedAmount` is what the test says is still waiting to go out. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ServerEvent[] = [];
  send(text: string): void {
    this.sent.push(JSON.parse(text) as ServerEvent);
  }
  close(): void {
    this.readyState = 3;
    this.emit('close');
  }
  receive(message: object): void {
    this.emit('message', Buffer.from(JSON.stringify(message)));
  }
}

/** Just enough of ingest to emit events. */
class FakeIngest {
  private readonly listeners = new Map<string, Array<(e: unknown) => void>>();
  on<K extends keyof IngestEvents>(event: K, listener: (e: IngestEvents[K]) => void): () => void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as (e: unknown) => void]);
    return () => undefined;
  }
  /** No device in memory: subscribing sends no state. */
  device(): DeviceState | undefined {
    return undefined;
  }
  emit<K extends keyof IngestEvents>(event: K, payload: IngestEvents[K]): void {
    for (const l of this.listeners.get(event) ?? []) l(payload);
  }
}

describe('live push hub: a slow connection never slows the others', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    token = await login(t.app, 'demo_root');
  });
  afterAll(async () => t.close());

  it('drops events for a connection with too much waiting, tells it how many once it drains, and serves the fast one', async () => {
    const ingest = new FakeIngest();
    const hub = new RealtimeHub(t.app.db, t.app.users, t.app.bus, ingest as unknown as IngestService, t.app.log, Date.now);
    const fast = new FakeSocket();
    const slow = new FakeSocket();
    for (const s of [fast, slow]) {
      hub.accept(s as unknown as WebSocket, 'en');
      s.receive({ type: 'auth', token });
    }
    await new Promise((r) => setTimeout(r, 200));
    // A real device row, so the subscriptions pass the visibility check.
    const owner = await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('boxes')
      .values({
        box_id: 77,
        owner_id: owner.id,
        secret_hash: 'x',
        box_type: 'T',
        contact: '',
        company_name: '',
        push_warning: 1,
        push_fault: 1,
        push_normal: 1,
        registered_at: 0,
        registered_by: owner.id,
        online: 0,
      })
      .execute();
    const { id } = await t.app.db
      .insertInto('devices')
      .values({
        box_id: 77,
        controller: 1,
        type_id: null,
        type_code: null,
        owner_id: owner.id,
        status: 'offline',
        online: 0,
        fault: 0,
        alert: 0,
        last_seen: null,
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshReach(t.app.db, [id]);
    const device = { id } as DeviceState;
    for (const s of [fast, slow]) s.receive({ type: 'subscribe', devices: [id] });
    await new Promise((r) => setTimeout(r, 200));
    expect(fast.sent.map((e) => e.type)).toEqual(['ready', 'subscribed']);

    slow.bufferedAmount = 2 * 1024 * 1024; // the slow peer stopped reading
    for (let i = 0; i < 100; i++) ingest.emit('values', { device, ts: i, vals: encodeValues(new Map([[1, i]])) });
    expect(fast.sent.filter((e) => e.type === 'values')).toHaveLength(100);
    expect(slow.sent.filter((e) => e.type === 'values')).toHaveLength(0);
    expect(hub.dropped).toBe(100);

    slow.bufferedAmount = 0; // it caught up
    ingest.emit('values', { device, ts: 100, vals: encodeValues(new Map([[1, 100]])) });
    expect(slow.sent.slice(-2)).toEqual([
      { type: 'lagged', dropped: 100 },
      { type: 'values', device: id, ts: 100, values: { 1: 100 } },
    ]);
  });

  it("leaves out of each subscriber's values the registers its user's template does not let them read", async () => {
    const ingest = new FakeIngest();
    const hub = new RealtimeHub(t.app.db, t.app.users, t.app.bus, ingest as unknown as IngestService, t.app.log, Date.now);
    const owner = await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow();
    const blind = await insertTemplate(t.app.db, { name: 'Blind', defaultRead: false, defaultWrite: 'none' });
    await t.app.db.updateTable('users').set({ template_id: blind }).where('id', '=', owner.id).execute();
    invalidateTemplates();
    const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', 77).executeTakeFirstOrThrow();
    const managerSocket = new FakeSocket();
    const rootSocket = new FakeSocket();
    hub.accept(managerSocket as unknown as WebSocket, 'en');
    managerSocket.receive({ type: 'auth', token: await login(t.app, 'demo_manager') });
    hub.accept(rootSocket as unknown as WebSocket, 'en');
    rootSocket.receive({ type: 'auth', token });
    await new Promise((r) => setTimeout(r, 200));
    for (const s of [managerSocket, rootSocket]) s.receive({ type: 'subscribe', devices: [device.id] });
    await new Promise((r) => setTimeout(r, 200));
    ingest.emit('values', { device: { id: device.id } as DeviceState, ts: 5, vals: encodeValues(new Map([[1, 5]])) });
    expect(rootSocket.sent.at(-1)).toEqual({ type: 'values', device: device.id, ts: 5, values: { 1: 5 } });
    expect(managerSocket.sent.at(-1)).toEqual({ type: 'values', device: device.id, ts: 5, values: {} });
    await t.app.db.updateTable('users').set({ template_id: null }).where('id', '=', owner.id).execute();
    invalidateTemplates();
  });
});
