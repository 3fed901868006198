import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DeviceCounts, FleetSummary, MapPoint, ServerEvent, SpecificStatus } from '@dms/contract';
import type { DeviceState, TypeMap } from '../src/ingest/state.js';
import { eventually } from './boxes.js';
import { bearer, body, login, testDialects, type TestApp } from './helper.js';
import {
  ALERT_BITS,
  BOX0,
  buildMatrix,
  deleteFixtureBoxes,
  DEVICES,
  FAULT_BITS,
  faultOracle,
  oracle,
  USERS,
} from './visibility-fixture.js';

const dialects = await testDialects();

type Kind = 'fault' | 'alert';
type Transition = Extract<ServerEvent, { type: 'transition' }>;

/**
 * The visibility matrix of issue 18 for faults (docs/people.md "Fault records"): every user × every device, in every
 * state (in fault, in alert, offline; hidden from superiors or not; a template withholding the faults register), on
 * every path that carries device-derived data: the device list's rows (status and activeFaults), the device page, the
 * device's fault records, /history/fault-records, the fleet summary's transitions (the dashboard's and the large
 * screen's feed), the map, the live fleet push, and per user the status counts and the summary's fault figures; a
 * deleted box's device on none of them. The oracle is the fixture's, from the rules alone.
 */
describe.each(dialects)('the fault visibility matrix on %s', (dialect) => {
  let t: TestApp;
  let deviceId: Map<string, number>;
  const sockets: WebSocket[] = [];
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t.close();
  });
  beforeAll(async () => {
    const matrix = await buildMatrix(dialect);
    ({ t, deviceId } = matrix);
    await deleteFixtureBoxes(matrix);
  });

  const kindsOf = (faults: ReadonlyArray<{ kind: Kind }> | undefined) => [...new Set((faults ?? []).map((f) => f.kind))].sort();
  const sorted = (s: Set<Kind>) => [...s].sort();

  /** A signed-in socket watching the fleet (its watch is in place when this resolves). */
  async function watcher(base: string, token: string): Promise<ServerEvent[]> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    sockets.push(ws);
    const events: ServerEvent[] = [];
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'watchFleet' }));
    ws.send(JSON.stringify({ type: 'subscribe', devices: [] }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'subscribed')).toBe(true);
    });
    return events;
  }

  /**
   * Every fixture device's status transition as ingest announces it to the live push (its state in memory: type,
   * status and active bits as the fixture wrote them), the path a box's MQTT report takes after it is stored.
   */
  function announceTransitions(): void {
    const ingest = t.app.ingest as unknown as {
      registry: { typeFor(code: string, ck: string | null): TypeMap | null };
      ctx: {
        events: { emit(event: 'status', payload: { device: DeviceState; from: SpecificStatus; to: SpecificStatus; time: number }): void };
      };
    };
    const type = ingest.registry.typeFor('screw-compressor', null);
    for (const [i, d] of DEVICES.entries()) {
      // Ingest forgets a deleted box (box-delete.test.ts): nothing of it reaches the live push.
      if (d.deleted) continue;
      const status = d.status ?? 'online_fault';
      const bits =
        status === 'offline'
          ? []
          : [
              { kind: 'fault' as const, register: FAULT_BITS, bit: 0 },
              { kind: 'alert' as const, register: ALERT_BITS, bit: 1 },
            ];
      const device: DeviceState = {
        id: deviceId.get(d.name) ?? 0,
        boxId: BOX0 + i,
        controller: 1,
        ownerId: 0,
        type,
        typeCode: 'screw-compressor',
        online: status.startsWith('online'),
        fault: status.endsWith('fault'),
        alert: status.endsWith('alert'),
        status,
        latestTs: null,
        latest: new Map(),
        activeBits: new Map(bits.map((b) => [`${b.register}:${b.bit}`, { ...b, recordId: null }])),
        ruleEvents: new Map(),
      };
      ingest.ctx.events.emit('status', { device, from: 'online', to: status, time: t.clock.now });
    }
  }

  it('every user × device × fault path agrees with the rules: 0 leaks, 0 misses', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const tokens = new Map<string, string>();
    const live = new Map<string, ServerEvent[]>();
    for (const u of USERS) {
      tokens.set(u.name, await login(t.app, u.name));
      live.set(u.name, await watcher(base, tokens.get(u.name) ?? ''));
    }
    announceTransitions();
    const problems: string[] = [];
    let checks = 0;
    const check = (where: string, seen: unknown, expected: unknown) => {
      checks += 1;
      if (JSON.stringify(seen) !== JSON.stringify(expected))
        problems.push(`${where}: saw ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
    };
    const range = `from=${t.clock.now - 3_600_000}&to=${t.clock.now + 60_000}`;
    for (const u of USERS) {
      const get = async (url: string): Promise<{ status: number; data: unknown }> => {
        const res = await t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: bearer(tokens.get(u.name) ?? '') });
        return { status: res.statusCode, data: body(res).data };
      };
      const rows = (
        (await get('/devices?page_size=200')).data as { items: Array<{ id: number; status: string; activeFaults: Array<{ kind: Kind }> }> }
      ).items;
      const summary = (await get(`/fleet/summary?since=${t.clock.now - 3_600_000}`)).data as FleetSummary;
      const map = (await get('/fleet/map')).data as MapPoint[];
      const counts = (await get('/devices/counts')).data as DeviceCounts;
      const records = (
        (await get(`/history/fault-records?${range}&page_size=100`)).data as { items: Array<{ deviceId: number; kind: Kind }> }
      ).items;
      const events = live.get(u.name) ?? [];
      await eventually(() => {
        const reached = DEVICES.filter((d) => oracle(u, d).read).length;
        expect(new Set(events.filter((e) => e.type === 'transition').map((e) => e.device)).size).toBe(reached);
      });
      let fault = 0;
      let alert = 0;
      const byStatus = new Map<string, number>();
      for (const [i, d] of DEVICES.entries()) {
        const want = oracle(u, d);
        const kinds = sorted(faultOracle(u, d));
        const id = deviceId.get(d.name) ?? 0;
        const status = d.status ?? 'online_fault';
        const where = (path: string) => `${u.name} × ${d.name} × ${path}`;
        if (want.read) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (kinds.includes('fault')) fault += 1;
        if (kinds.includes('alert')) alert += 1;
        const row = rows.find((r) => r.id === id);
        check(
          where('list'),
          row ? { status: row.status, faults: kindsOf(row.activeFaults) } : null,
          want.read ? { status, faults: kinds } : null,
        );
        const detail = await get(`/devices/${BOX0 + i}/1`);
        const page = detail.data as { activeFaults: Array<{ kind: Kind }> };
        check(where('page'), detail.status === 200 ? kindsOf(page.activeFaults) : null, want.read ? kinds : null);
        const own = await get(`/devices/${BOX0 + i}/1/fault-records`);
        check(where('fault records'), own.status === 200 ? kindsOf(own.data as Array<{ kind: Kind }>) : null, want.data ? kinds : null);
        check(where('history fault records'), kindsOf(records.filter((r) => r.deviceId === id)), kinds);
        const feed = summary.transitions.filter((x) => x.deviceId === id);
        check(where('summary feed'), feed.length > 0 ? kindsOf(feed[0]?.faults) : null, want.read ? kinds : null);
        const point = map.find((p) => p.id === id);
        check(where('map'), point ? point.status : null, want.read ? status : null);
        const pushed = events.filter((e): e is Transition => e.type === 'transition' && e.device === id);
        check(where('live fleet'), pushed.length > 0 ? kindsOf(pushed[0]?.faults) : null, want.read ? kinds : null);
      }
      const where = (path: string) => `${u.name} × ${path}`;
      check(
        where('counts'),
        counts.all,
        [...byStatus.values()].reduce((a, b) => a + b, 0),
      );
      for (const s of ['online_fault', 'offline_fault', 'offline_alert', 'offline'] as const)
        check(where(`counts ${s}`), counts[s], byStatus.get(s) ?? 0);
      check(where('faults today'), summary.faultsToday, fault);
      check(where('alerts today'), summary.alertsToday, alert);
      check(
        where('faulty models'),
        summary.faultyModels.reduce((n, m) => n + m.faults, 0),
        fault,
      );
      check(
        where('hours'),
        [summary.hours.reduce((n, h) => n + h.faults, 0), summary.hours.reduce((n, h) => n + h.alerts, 0)],
        [fault, alert],
      );
    }
    expect(checks).toBe(USERS.length * (DEVICES.length * 7 + 9));
    expect(problems).toEqual([]);
    // Every user × device × path: about 10 s alone, three times that with the whole suite on two cores.
  }, 120_000);
});
