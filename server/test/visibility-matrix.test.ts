import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  API_SCOPES,
  type ChartDetail,
  type CreatedApiKey,
  type DeviceChart,
  type ExportJob,
  type FleetStopStatus,
  type ServerEvent,
} from '@dms/contract';
import { checkAccess } from '../src/access/index.js';
import type { AuthContext } from '../src/types.js';
import { eventually } from './boxes.js';
import { bearer, body, login, testDialects, type TestApp } from './helper.js';
import { BOX0, buildMatrix, deleteFixtureBoxes, DEVICES, FAULT_BITS, oracle, USERS, type Matrix } from './visibility-fixture.js';

const dialects = await testDialects();

/**
 * The visibility matrix of issue 12 (docs/people.md): a hierarchy of every kind of user and devices reached in every
 * way, and an oracle written from the rules alone (not from reach.ts). Every user × every device × every path (the
 * device list, the device page, fault records, history, charts, the map (also the dashboard's and the large
 * screen's), the device export, live-push subscriptions, the device's rule events, the charts of its page (withheld
 * where its data is hidden or the template does not read the chart's register), the stop-status timeline and
 * utilisation per day (its export's check), the large screen's running time, the user's notifications (issue 22), the
 * IoT card of its box in the expired-device list and its export, the card's reminder and announcements to its users (issue 22), and the access module's read,
 * data, write and switch) must agree with it: 0 leaks, 0 misses. One box is deleted (issue 23) after all of that was
 * made: nobody, root included, sees it or anything of it. An API key with every scope (issue 27) finds and opens what
 * its user may on every path a key opens.
 */

describe.each(dialects)('the visibility matrix on %s', (dialect) => {
  let t: TestApp;
  let deviceId: Map<string, number>;
  let auth: Map<string, AuthContext>;

  /** A stop-status chart on the faults register (which one user's template does not read), shown by the fixtures' type. */
  let stopChart = 0;
  let matrix: Matrix;
  beforeAll(async () => {
    matrix = await buildMatrix(dialect);
    ({ t, deviceId, auth } = matrix);
    const root = await login(t.app, 'm_root');
    const typeId = (await t.app.db.selectFrom('devices').select('type_id').executeTakeFirstOrThrow()).type_id ?? 0;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/charts',
      headers: bearer(root),
      payload: {
        name: 'Matrix faults',
        typeId,
        definition: { kind: 'stop-status', states: [{ state: 'faulted', when: { kind: 'bit', register: FAULT_BITS, bit: 0, set: true } }] },
      },
    });
    stopChart = (body(created).data as ChartDetail).id;
    // Every device faults once: its notification goes to those who reach it (issue 22).
    for (const id of deviceId.values())
      t.app.bus.publish('deviceTransition', {
        deviceId: id,
        kind: 'fault',
        status: 'online_fault',
        time: t.clock.now,
        eventId: 0,
        severity: null,
      });
    await t.app.notify.creator.idle();
    // Every box has a card expiring today: the expired-device list and the card's reminder follow the box (issue 22).
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    await t.app.db
      .insertInto('iot_cards')
      .values(
        DEVICES.map((_, i) => ({
          iccid: `8986000000000${String(BOX0 + i).padStart(7, '0')}`,
          box_id: BOX0 + i,
          expires_on: today,
          seen_at: t.clock.now,
          updated_at: t.clock.now,
        })),
      )
      .execute();
    expect(await t.app.iotCards.reminders.sweep()).toBe(DEVICES.length);
    // An announcement to the users of each device (issue 22), titled by the device.
    for (const [name, id] of deviceId) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v2/notice/announcements',
        headers: bearer(root),
        payload: { type: 'device', pin: 'none', expiresAt: null, texts: { en: { title: `Matrix ${name}`, body: '' } }, deviceIds: [id] },
      });
      expect(body(made).code).toBe(20000);
    }
    await t.app.notify.creator.idle();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/controller-types/${typeId}/charts`,
      headers: bearer(root),
      payload: { charts: ['history-curves'], definitions: [stopChart] },
    });
    expect(body(saved).code).toBe(20000);
    // Last, a box is deleted: everything above that names it must vanish with it.
    await deleteFixtureBoxes(matrix);
  });
  afterAll(async () => t.close());

  /** The device ids a user's live-push socket is allowed to subscribe, of the given ones. */
  async function subscribable(base: string, token: string, ids: number[]): Promise<Set<number>> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    const events: ServerEvent[] = [];
    ws.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()) as ServerEvent));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'ready')).toBe(true);
    });
    ws.send(JSON.stringify({ type: 'subscribe', devices: ids }));
    const answer = await eventually(() => {
      const found = events.find((e) => e.type === 'subscribed');
      expect(found).toBeDefined();
      return found;
    });
    ws.close();
    return new Set(answer?.type === 'subscribed' ? answer.devices : []);
  }

  /**
   * The box ids of a user's export of `kind` (its first column): the device export (every device they see), the
   * expired-device list's (this month's cards). A refused export is none.
   */
  async function exportedBoxes(token: string, kind: 'devices' | 'iot-cards'): Promise<Set<number>> {
    const filter = kind === 'devices' ? {} : { month: 'this_month' };
    const start = await t.app.inject({ method: 'POST', url: '/api/v2/exports', headers: bearer(token), payload: { kind, filter } });
    if (start.statusCode === 403) return new Set();
    const started = body(start).data as ExportJob;
    await eventually(async () => {
      const job = body(await t.app.inject({ method: 'GET', url: `/api/v2/exports/${started.id}`, headers: bearer(token) }))
        .data as ExportJob;
      expect(job.state).toBe('ready');
    });
    const file = await t.app.inject({ method: 'GET', url: `/api/v2/exports/${started.id}/file`, headers: bearer(token) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const boxes = new Set<number>();
    wb.worksheets[0]?.eachRow((row, n) => {
      if (n > 1) boxes.add(Number(row.getCell(1).value));
    });
    return boxes;
  }

  /** The devices a caller (a session's token or an API key) finds in the device list, a search, the map and the export. */
  async function foundBy(token: string) {
    const listedBy = async (query: string) =>
      new Set(
        (
          body(await t.app.inject({ method: 'GET', url: `/api/v2/devices?page_size=200${query}`, headers: bearer(token) })).data as {
            items: Array<{ id: number }>;
          }
        ).items.map((r) => r.id),
      );
    return {
      listed: await listedBy(''),
      // A search every fixture device holds (its box id, 71xx): a user's reach walked, root's read from the index.
      searched: await listedBy(`&q=${String(BOX0).slice(0, 2)}`),
      mapped: new Set(
        (body(await t.app.inject({ method: 'GET', url: '/api/v2/fleet/map', headers: bearer(token) })).data as Array<{ id: number }>).map(
          (p) => p.id,
        ),
      ),
      exported: await exportedBoxes(token, 'devices'),
    };
  }

  /** Whether a caller opens the i-th fixture device's page, fault records, history, series and rule events. */
  async function opens(token: string, i: number) {
    const device = `${BOX0 + i}/1`;
    const range = `from=${t.clock.now - 3_600_000}&to=${t.clock.now}`;
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: bearer(token) });
    const faults = await get(`/devices/${device}/fault-records`);
    return {
      faults,
      detail: (await get(`/devices/${device}`)).statusCode === 200,
      faultRecords: faults.statusCode === 200,
      history: (await get(`/history/${device}?${range}`)).statusCode === 200,
      series: (await get(`/devices/${device}/series?registers=40002&${range}&points=10`)).statusCode === 200,
      ruleEvents: (await get(`/events/device/${device}`)).statusCode === 200,
    };
  }

  /** Adds to `problems` each path where what was seen is not what the rules expect; answers the paths compared. */
  function compare<K extends string>(who: string, seen: Record<K, boolean>, expected: Record<K, boolean>, problems: string[]): number {
    const paths = Object.keys(expected) as K[];
    for (const path of paths) if (seen[path] !== expected[path]) problems.push(`${who} × ${path}: ${seen[path] ? 'leak' : 'miss'}`);
    return paths.length;
  }

  it('every user × device × path agrees with the rules: 0 leaks, 0 misses', async () => {
    const problems: string[] = [];
    let checks = 0;
    const ids = [...deviceId.values()];
    const nameOf = new Map([...deviceId].map(([n, i]) => [i, n]));
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    for (const u of USERS) {
      const a = auth.get(u.name) as AuthContext;
      const token = await login(t.app, u.name);
      const { listed, searched: searchedFor, mapped, exported } = await foundBy(token);
      const cardsExported = await exportedBoxes(token, 'iot-cards');
      const toldOf = async (kind: string) =>
        new Set(
          (
            body(await t.app.inject({ method: 'GET', url: `/api/v2/msg/notifications?page_size=200&kind=${kind}`, headers: bearer(token) }))
              .data as { items: Array<{ deviceId: number }> }
          ).items.map((n) => n.deviceId),
        );
      const told = await toldOf('fault');
      const reminded = await toldOf('card');
      const cards = body(
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/iot_card/get_expired_list?month=this_month&page_size=200',
          headers: bearer(token),
        }),
      ).data as { total: number; items: Array<{ boxId: number | null }> };
      const cardBoxes = new Set(cards.items.map((c) => c.boxId));
      const announced = await t.app.inject({ method: 'GET', url: '/api/v2/msg/announcements?page_size=200', headers: bearer(token) });
      const announcedTo = new Set(
        (announced.statusCode === 200 ? (body(announced).data as { items: Array<{ title: string }> }).items : []).map((a) =>
          a.title.replace(/^Matrix /, ''),
        ),
      );
      expect(cards.total, `${u.name}: the top bar's count is its list's`).toBe(cards.items.length);
      // The large screen's running time counts the devices whose data they read and whose chart they may read.
      const fleet = body(
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/charts/fleet-stop-status?from=${t.clock.now - 3_600_000}`,
          headers: bearer(token),
        }),
      ).data as FleetStopStatus;
      checks += 1;
      const fleetWant = u.noFaultBits ? 0 : DEVICES.filter((d) => oracle(u, d).data).length;
      if (fleet.devices !== fleetWant) problems.push(`${u.name} × large screen running time: ${fleet.devices} devices, not ${fleetWant}`);
      const live = await subscribable(base, token, ids);
      const granted = {
        read: await checkAccess(t.app.db, { auth: a, permission: 'device.read', ids }),
        data: await checkAccess(t.app.db, { auth: a, permission: 'device.data', ids }),
        write: await checkAccess(t.app.db, { auth: a, permission: 'device.write', ids }),
        switch: await checkAccess(t.app.db, { auth: a, permission: 'device.switch', ids }),
      };
      for (const [i, d] of DEVICES.entries()) {
        const want = oracle(u, d);
        const dev = deviceId.get(d.name) ?? 0;
        const { faults, ...opened } = await opens(token, i);
        const range = `from=${t.clock.now - 3_600_000}&to=${t.clock.now}`;
        const charts = await t.app.inject({ method: 'GET', url: `/api/v2/charts/device/${BOX0 + i}/1`, headers: bearer(token) });
        const stop = await t.app.inject({
          method: 'GET',
          url: `/api/v2/charts/${stopChart}/stop-status/${BOX0 + i}/1?${range}`,
          headers: bearer(token),
        });
        const perDay = await t.app.inject({
          method: 'GET',
          url: `/api/v2/charts/${stopChart}/utilisation/${BOX0 + i}/1?from=${t.clock.now - 86_400_000}&days=1`,
          headers: bearer(token),
        });
        const chartShown = charts.statusCode === 200 ? (body(charts).data as DeviceChart[])[0] : undefined;
        const seen = {
          list: listed.has(dev),
          ...opened,
          charts: charts.statusCode === 200,
          chartValues: chartShown !== undefined && chartShown.withheld === null,
          stopStatus: stop.statusCode === 200,
          utilisation: perDay.statusCode === 200,
          map: mapped.has(dev),
          searched: searchedFor.has(dev),
          export: exported.has(BOX0 + i),
          notification: told.has(dev),
          card: cardBoxes.has(BOX0 + i),
          cardExport: cardsExported.has(BOX0 + i),
          cardReminder: reminded.has(dev),
          announcement: announcedTo.has(d.name),
          liveSubscribe: live.has(dev),
          read: granted.read.has(dev),
          data: granted.data.has(dev),
          write: granted.write.has(dev),
          switch: granted.switch.has(dev),
        };
        const expected = {
          list: want.read,
          ruleEvents: want.read,
          charts: want.read,
          chartValues: want.data && !u.noFaultBits,
          stopStatus: want.data && !u.noFaultBits,
          utilisation: want.data && !u.noFaultBits,
          detail: want.read,
          faultRecords: want.data,
          history: want.data,
          series: want.data,
          map: want.read,
          searched: want.read,
          export: want.read,
          notification: want.read,
          card: want.read,
          cardExport: want.read,
          cardReminder: want.read,
          // Those who reach the device (the reach table): root and limited_admin only as anyone else would, not by
          // seeing every device.
          announcement: oracle({ ...u, roles: u.roles.filter((r) => r !== 'root' && r !== 'limited_admin') }, d).read,
          liveSubscribe: want.data,
          read: want.read,
          data: want.data,
          write: want.write,
          switch: want.switch,
        };
        checks += compare(`${u.name} × ${nameOf.get(dev) ?? dev}`, seen, expected, problems);
        if (want.read && !want.data && faults.statusCode !== 200) expect(body(faults).code, `${u.name} ${d.name}`).toBe(40301);
        // What is withheld says why: hidden data before the template.
        if (chartShown) expect(chartShown.withheld, `${u.name} ${d.name}`).toBe(!want.data ? 'hidden' : u.noFaultBits ? 'template' : null);
      }
    }
    expect(checks).toBe(USERS.length * (DEVICES.length * 23 + 1));
    expect(problems).toEqual([]);
    // Every user × device × path: about 10 s alone, three times that with the whole suite on two cores.
  }, 120_000);

  it('an API key with every scope finds and opens what its user may, on every path a key opens: 0 leaks, 0 misses', async () => {
    const problems: string[] = [];
    let checks = 0;
    for (const u of USERS) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/api-keys',
        headers: bearer(await login(t.app, u.name)),
        payload: { name: 'Matrix', scopes: [...API_SCOPES] },
      });
      const { key } = body(made).data as CreatedApiKey;
      const found = await foundBy(key);
      for (const [i, d] of DEVICES.entries()) {
        const want = oracle(u, d);
        const dev = deviceId.get(d.name) ?? 0;
        const { faults: _, ...opened } = await opens(key, i);
        const seen = {
          list: found.listed.has(dev),
          searched: found.searched.has(dev),
          map: found.mapped.has(dev),
          export: found.exported.has(BOX0 + i),
          ...opened,
        };
        const expected = {
          list: want.read,
          searched: want.read,
          map: want.read,
          export: want.read,
          detail: want.read,
          ruleEvents: want.read,
          faultRecords: want.data,
          history: want.data,
          series: want.data,
        };
        checks += compare(`${u.name}'s key × ${d.name}`, seen, expected, problems);
      }
    }
    expect(checks).toBe(USERS.length * DEVICES.length * 9);
    expect(problems).toEqual([]);
  }, 120_000);
});
