import {
  Code,
  type BoxCredentials,
  type CommandPayload,
  type CommandRow,
  type MovePage,
  type MovePreview,
  type MoveRow,
  type MoveStarted,
  type ServerIpRow,
} from '@dms/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoxMoveService } from '../src/modules/smartbox/moves.js';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { exportedSheet, sheetRows } from './export-file.js';
import { apiAs, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8_763_000;
const T0 = Date.UTC(2026, 5, 1, 12);
const FORBIDDEN = 'You do not have permission to do this.';
const WHICH = 'Choose the boxes one way: a list, a range of numbers (both ends), or a box type and/or the address they are told.';

/** Moving boxes to another server address in two phases (/smartbox/ip-config; issue 23), and the box server-IP table. */
describe.each(dialects)('box moves on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const api = apiAs(() => t.app, tokens);
  const { ok, refused } = api;
  const clients: MqttClient[] = [];
  let boxes: BoxCredentials[] = [];
  /** The address each box is told at its registration, and the one they are moved to (same broker: a test has one). */
  let told = '';
  let target = '';
  const id = (i: number) => FIRST + i;
  /** Box 0, online from the first test on. */
  let box0: Awaited<ReturnType<typeof online>>;

  /** Box `i` online: connected, its commands kept in `got`, said hello (`server`: the address it says it dialed). */
  async function online(i: number, server?: string) {
    const b = boxes[i] as BoxCredentials;
    const client = await connectBox(t.app.mqttPort, b);
    clients.push(client);
    const got: CommandPayload[] = [];
    await client.subscribeAsync(`box/${b.boxId}/down/#`, { qos: 1 });
    client.on('message', (topic, payload) => {
      if (!topic.endsWith('/down/cmd')) return;
      // A command sent again (same id: at the box's hello, which may be handled after the command went) is one command.
      const command = JSON.parse(payload.toString()) as CommandPayload;
      if (!got.some((c) => c.id === command.id)) got.push(command);
    });
    await send(client, b.boxId, 'hello', { ...hello([{ index: 1, type: 'screw-compressor' }]), ...(server ? { server } : {}) });
    await until(() => t.app.ingest.box(b.boxId)?.online === true);
    return { client, got, reply: (r: object) => send(client, b.boxId, 'reply', { v: 1, ...r }) };
  }
  async function offline(box: { client: MqttClient }, i: number) {
    await box.client.endAsync(true);
    await until(() => t.app.ingest.box(id(i))?.online === false);
  }
  const until = (check: () => boolean | Promise<boolean>) =>
    eventually(async () => {
      expect(await check()).toBe(true);
    });
  const preview = (select: object) => ok<MovePreview>('demo_root', 'POST', '/smartbox/moves/preview', { target, select });
  const start = (select: object, fallback: number) => ok<MoveStarted>('demo_root', 'POST', '/smartbox/moves', { target, select, fallback });
  const moves = (query = '') => ok<MovePage>('demo_root', 'GET', `/smartbox/moves?page_size=100&${query}`);
  /** The newest move of box `i`. */
  const moveOf = async (i: number): Promise<MoveRow | undefined> => (await moves(`boxId=${id(i)}`)).items[0];
  const settled = (i: number, state: string, reason: string | null = null) =>
    eventually(async () => {
      expect(await moveOf(i)).toMatchObject({ state, reason });
    });
  const serverCommands = async (i: number) =>
    (await ok<{ items: CommandRow[] }>('demo_root', 'GET', `/smartbox/commands?boxId=${id(i)}&cmd=server`)).items;
  const serverIp = async (i: number) =>
    (await ok<{ items: ServerIpRow[] }>('demo_root', 'GET', `/smartbox/server-ips?boxId=${id(i)}`)).items;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = T0;
    boxes = await registerBoxes(t.app, FIRST, FIRST + 9);
    told = `localhost:${t.app.mqttPort}`;
    target = `localhost:${t.app.mqttPort === 65535 ? 1 : t.app.mqttPort + 1}`;
    for (const u of ['demo_root', 'demo_limited_admin']) tokens[u] = await login(t.app, u);
    // Boxes 8 and 9 of another type; box 9 told another address; box 7 told the target already.
    await t.app.db
      .updateTable('boxes')
      .set({ box_type: 'DTU-MOVE' })
      .where('box_id', 'in', [id(8), id(9)])
      .execute();
    await t.app.db.updateTable('box_server_ips').set({ address: '10.1.1.1:1883' }).where('box_id', '=', id(9)).execute();
    await t.app.db.updateTable('box_server_ips').set({ address: target }).where('box_id', '=', id(7)).execute();
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await t.close();
  });

  it('previews a move by list, range or filter: boxes, online, told the target already, nothing sent', async () => {
    box0 = await online(0);
    const byList = await preview({ boxIds: [id(1), id(0), id(7), 999_999] });
    expect(byList).toEqual({
      target,
      boxes: 2,
      online: 1,
      already: 1,
      moving: 0,
      first: [
        { boxId: id(0), told, online: true },
        { boxId: id(1), told, online: false },
      ],
    });
    const byRange = await preview({ from: id(0), to: id(9) });
    expect(byRange).toMatchObject({ boxes: 9, online: 1, already: 1, moving: 0 });
    expect(byRange.first.map((b) => b.boxId)).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9].map(id));
    expect(byRange.first[8]).toEqual({ boxId: id(9), told: '10.1.1.1:1883', online: false });
    expect(await preview({ boxType: 'DTU-MOVE' })).toMatchObject({ boxes: 2, first: [{ boxId: id(8) }, { boxId: id(9) }] });
    expect(await preview({ boxType: 'DTU-MOVE', told: told.toUpperCase() })).toMatchObject({ boxes: 1, first: [{ boxId: id(8) }] });
    expect(await preview({ told: '10.1.1.1:1883' })).toMatchObject({
      boxes: 1,
      online: 0,
      first: [{ boxId: id(9), told: '10.1.1.1:1883' }],
    });
    // Told the target: left out, counted.
    expect(await preview({ told: target })).toMatchObject({ boxes: 0, already: 1, first: [] });
    // The target as mqtt:// in upper case is the same address.
    expect(
      await ok<MovePreview>('demo_root', 'POST', '/smartbox/moves/preview', {
        target: `MQTT://${target.toUpperCase()}`,
        select: { boxIds: [id(7)] },
      }),
    ).toMatchObject({ target, boxes: 0, already: 1 });
    expect((await moves()).total).toBe(0);
  });

  it('refuses a bad target, selection or fallback, a move of nothing, and anyone but root', async () => {
    const bad = (url: string, payload: object, message: string) =>
      refused('demo_root', 'POST', url, payload, { status: 400, code: Code.VALIDATION_FAILED, message });
    for (const url of ['/smartbox/moves/preview', '/smartbox/moves']) {
      await bad(
        url,
        { target: 'mqtt://10.0.0.5', select: { boxIds: [id(0)] } },
        'Enter the new server as host:port (an IP address or a name, and a port 1 to 65535), or as mqtt://host:port.',
      );
      await bad(url, { target, select: { boxIds: [id(0)], from: id(0), to: id(1) } }, WHICH);
      await bad(url, { target, select: {} }, WHICH);
      await bad(url, { target, select: { from: id(0) } }, WHICH);
      await bad(url, { target, select: { from: id(1), to: id(0) } }, 'The first box number must not be above the last.');
      await bad(url, { target, select: { from: 1, to: 10_001 } }, 'At most 10,000 boxes in one request.');
      await bad(url, { target, select: { told: 'localhost' } }, 'Enter the address as host:port.');
    }
    await bad('/smartbox/moves', { target, select: { boxIds: [id(0)] }, fallback: 9 }, 'The fallback time is 10 to 3600 seconds.');
    await bad('/smartbox/moves', { target, select: { boxIds: [id(0)] }, fallback: 3601 }, 'The fallback time is 10 to 3600 seconds.');
    const nothing = `No box to move: none of the chosen boxes is registered, or all of them are told ${target} already or are being moved.`;
    await bad('/smartbox/moves', { target, select: { boxIds: [id(7)] } }, nothing);
    await bad('/smartbox/moves', { target: `mqtts://${target}`, select: { told: target } }, nothing);
    await bad('/smartbox/moves', { target, select: { boxIds: [999_999] } }, nothing);
    const body = { target, select: { boxIds: [id(0)] } };
    for (const url of ['/smartbox/moves/preview', '/smartbox/moves']) {
      await refused('demo_limited_admin', 'POST', url, body, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
      await refused(null, 'POST', url, body, { status: 401, code: Code.TOKEN_ILLEGAL });
    }
    for (const url of ['/smartbox/moves', '/smartbox/server-ips']) {
      await refused('demo_limited_admin', 'GET', url, undefined, { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN });
      await refused(null, 'GET', url, undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
    }
    expect((await moves()).total).toBe(0);
    expect(await serverCommands(0)).toEqual([]);
  });

  it('sends the server command to a box online, keeps it for one offline, logs the move, and leaves a box in a move out', async () => {
    t.clock.now = T0 + 1000;
    const started = await start({ boxIds: [id(0), id(1)] }, 60);
    expect(started).toEqual({ job: started.job, boxes: 2, sent: 1, queued: 1 });
    await until(() => box0.got.length === 1);
    const [command] = await serverCommands(0);
    expect(box0.got[0]).toEqual({
      v: 1,
      id: command?.id,
      cmd: 'server',
      args: { url: `mqtt://${target}`, fallback: 60 },
      expires: command?.expiresAt,
    });
    const page = await moves(`job=${started.job}`);
    expect(page.items.map((m) => [m.boxId, m.state])).toEqual([
      [id(1), 'queued'],
      [id(0), 'sent'],
    ]);
    expect(page.items[1]).toEqual({
      id: page.items[1]?.id,
      job: started.job,
      boxId: id(0),
      from: told,
      to: target,
      state: 'sent',
      reason: null,
      online: true,
      createdBy: 'demo_root',
      createdAt: T0 + 1000,
      updatedAt: T0 + 1000,
      finishedAt: null,
    });
    expect((await serverCommands(1))[0]).toMatchObject({ state: 'queued', args: { url: `mqtt://${target}`, fallback: 60 } });
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select(['target', 'old_value', 'new_value', 'outcome'])
      .where('action', '=', 'smartbox.moveBoxes')
      .execute();
    expect(logged).toEqual([{ target: `2 boxes (${started.job})`, old_value: told, new_value: `${target}, fallback 60 s`, outcome: 'ok' }]);

    // A second move of a box in a move not ended leaves it out.
    expect(await preview({ boxIds: [id(0), id(1), id(2)] })).toMatchObject({ boxes: 1, moving: 2, first: [{ boxId: id(2) }] });
    await refused(
      'demo_root',
      'POST',
      '/smartbox/moves',
      { target, select: { boxIds: [id(0)] } },
      { status: 400, code: Code.VALIDATION_FAILED },
    );
    expect((await moves()).total).toBe(2);
  });

  it('records the move once the box says hello by the new address: told address changed, command done', async () => {
    const [command] = await serverCommands(0);
    await box0.reply({ id: command?.id, state: 'accepted' });
    await settled(0, 'accepted');
    expect(await serverIp(0)).toEqual([{ boxId: id(0), address: told, addedAt: T0, updatedAt: T0 }]);
    // It leaves; it connects by the new address (the same broker here) and says so.
    await offline(box0, 0);
    t.clock.now = T0 + 2000;
    await online(0, target.toUpperCase());
    await settled(0, 'arrived');
    expect(await moveOf(0)).toMatchObject({ from: told, to: target, finishedAt: T0 + 2000, online: true });
    expect(await serverIp(0)).toEqual([{ boxId: id(0), address: target, addedAt: T0, updatedAt: T0 + 2000 }]);
    expect((await serverCommands(0))[0]).toMatchObject({ id: command?.id, state: 'done', finishedAt: T0 + 2000 });
    // Told the target now: nothing more to move.
    expect(await preview({ boxIds: [id(0)] })).toMatchObject({ boxes: 0, already: 1, moving: 0 });
  });

  it('ends a move whose command ends otherwise: reverted when unreachable, refused, cancelled; the told address kept', async () => {
    t.clock.now = T0 + 3000;
    const [box2, box3] = [await online(2), await online(3)];
    await start({ boxIds: [id(2), id(3)] }, 30);
    await until(() => box2.got.length === 1 && box3.got.length === 1);
    await box2.reply({ id: box2.got[0]?.id, state: 'accepted' });
    await box2.reply({ id: box2.got[0]?.id, state: 'failed', reason: 'unreachable' });
    await box3.reply({ id: box3.got[0]?.id, state: 'failed', reason: 'busy' });
    await settled(2, 'reverted', 'unreachable');
    await settled(3, 'failed', 'refused');
    expect(await moveOf(2)).toMatchObject({ finishedAt: T0 + 3000 });
    expect((await serverIp(2))[0]).toMatchObject({ address: told, updatedAt: T0 });
    expect((await serverIp(3))[0]).toMatchObject({ address: told, updatedAt: T0 });

    // The queued command of box 1 (offline) cancelled: its move failed, cancelled.
    const [waiting] = await serverCommands(1);
    await ok('demo_root', 'POST', `/smartbox/commands/${waiting?.id}/cancel`);
    await settled(1, 'failed', 'cancelled');
    expect((await serverIp(1))[0]).toMatchObject({ address: told });
  });

  it('fails a move the box does not finish in its fallback time and the grace, and tells the box to return', async () => {
    t.clock.now = T0 + 4000;
    const [box4, box5, box6] = [await online(4), await online(5), await online(6)];
    const started = await start({ boxIds: [id(4), id(5), id(6)] }, 10);
    await until(() => [box4, box5, box6].every((b) => b.got.length === 1));
    for (const b of [box4, box5, box6]) await b.reply({ id: b.got[0]?.id, state: 'accepted' });
    for (const i of [4, 5, 6]) await settled(i, 'accepted');
    // Box 4 leaves and never comes back; box 5 never leaves; box 6 comes back to the old address and says so.
    await offline(box4, 4);
    await offline(box6, 6);
    t.clock.now = T0 + 5000;
    await online(6, told);
    const dialed = () => t.app.db.selectFrom('boxes').select(['dialed', 'dialed_at']).where('box_id', '=', id(6)).executeTakeFirst();
    // Its hello written before the time runs out.
    await eventually(async () => {
      expect(await dialed()).toEqual({ dialed: told, dialed_at: T0 + 5000 });
    });
    // The sweep, called here too: at the fallback time and the grace exactly, still open.
    const sweep = new BoxMoveService(t.app.db, t.app.boxCommands, t.app.bus, t.app.datalog, () => t.clock.now);
    t.clock.now = T0 + 4000 + 40_000;
    await sweep.advance();
    expect((await moves(`job=${started.job}`)).counts).toMatchObject({ accepted: 3, failed: 0, reverted: 0 });
    t.clock.now += 1;
    await sweep.advance();
    await settled(4, 'failed', 'timeout');
    await settled(5, 'failed', 'timeout');
    await settled(6, 'reverted', 'unreachable');
    // Told to return: box 4 when it next says hello, box 5 at once; box 6 is back already.
    const back = { url: `mqtt://${told}`, fallback: 10 };
    const [return4, first4] = await serverCommands(4);
    expect(return4).toMatchObject({ state: 'queued', args: back, createdBy: 'demo_root' });
    expect(first4).toMatchObject({ state: 'accepted', args: { url: `mqtt://${target}` } });
    await until(() => box5.got.length === 2);
    expect(box5.got[1]).toMatchObject({ cmd: 'server', args: back });
    expect((await serverCommands(5))[0]).toMatchObject({ state: 'sent', args: back });
    expect(await serverCommands(6)).toHaveLength(1);
    const rows = await t.app.db
      .selectFrom('box_moves')
      .select(['box_id', 'return_command_id'])
      .where('job', '=', started.job)
      .orderBy('box_id')
      .execute();
    expect(rows.map((r) => r.return_command_id)).toEqual([return4?.id, (await serverCommands(5))[0]?.id, null]);
    const again = await online(4);
    // Its hello takes the command to return down (the accepted one is not sent again).
    await until(() => again.got.length === 1);
    expect(again.got[0]).toMatchObject({ id: return4?.id, cmd: 'server', args: back });
    for (const i of [4, 5, 6]) expect((await serverIp(i))[0]).toMatchObject({ address: told, updatedAt: T0 });
  });

  it('lists the moves newest first, counted by state, by state, box and batch', async () => {
    const all = await moves();
    expect(all.total).toBe(7);
    expect(all.counts).toEqual({ queued: 0, sent: 0, accepted: 0, arrived: 1, reverted: 2, failed: 4 });
    const ids = all.items.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.items.map((m) => m.boxId)).toEqual([6, 5, 4, 3, 2, 1, 0].map(id));
    const failed = await moves('state=failed');
    expect(failed.total).toBe(4);
    expect(failed.counts).toEqual(all.counts);
    expect(failed.items.map((m) => [m.boxId, m.reason])).toEqual([
      [id(5), 'timeout'],
      [id(4), 'timeout'],
      [id(3), 'refused'],
      [id(1), 'cancelled'],
    ]);
    const job = all.items[0]?.job ?? '';
    const ofJob = await moves(`job=${job}`);
    expect(ofJob.counts).toEqual({ queued: 0, sent: 0, accepted: 0, arrived: 0, reverted: 1, failed: 2 });
    expect((await moves(`job=${job}&state=reverted`)).items.map((m) => m.boxId)).toEqual([id(6)]);
    expect(await moves(`boxId=${id(2)}`)).toMatchObject({ total: 1, items: [{ boxId: id(2), state: 'reverted' }] });
    expect((await moves(`boxId=${id(2)}&state=failed`)).total).toBe(0);
    const second = await ok<MovePage>('demo_root', 'GET', '/smartbox/moves?page_size=2&page=2');
    expect(second).toMatchObject({ total: 7 });
    expect(second.items.map((m) => m.boxId)).toEqual([id(4), id(3)]);
    await refused('demo_root', 'GET', '/smartbox/moves?state=lost', undefined, {
      status: 400,
      code: Code.VALIDATION_FAILED,
      message: 'Invalid value for state',
    });
  });

  it('fails a move whose command expired waiting for its box', async () => {
    t.clock.now = T0 + 10_000;
    await start({ boxIds: [id(8)] }, 10);
    await settled(8, 'queued');
    t.clock.now = T0 + 10_000 + t.app.config.ingest.commandExpiryMs;
    tokens.demo_root = await login(t.app, 'demo_root');
    await settled(8, 'failed', 'expired');
    expect((await serverCommands(8))[0]).toMatchObject({ state: 'expired' });
    t.clock.now = T0 + 10_000;
    tokens.demo_root = await login(t.app, 'demo_root');
  });

  it('lists the box server-IP table and exports it (kind server-ips); root only', async () => {
    const page = await ok<{ total: number; items: ServerIpRow[] }>('demo_root', 'GET', '/smartbox/server-ips?page_size=100');
    const mine = page.items.filter((r) => r.boxId >= id(0) && r.boxId <= id(9));
    expect(mine.map((r) => [r.boxId, r.address])).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => [id(i), i === 0 || i === 7 ? target : i === 9 ? '10.1.1.1:1883' : told]),
    );
    const moved = await ok<{ total: number; items: ServerIpRow[] }>('demo_root', 'GET', `/smartbox/server-ips?address=${target}`);
    expect(moved).toEqual({
      total: 2,
      items: [{ boxId: id(0), address: target, addedAt: T0, updatedAt: T0 + 2000 }, expect.objectContaining({ boxId: id(7) })],
    });
    expect((await ok<{ total: number }>('demo_root', 'GET', '/smartbox/server-ips?address=10.1.1')).total).toBe(1);

    const { sheet } = await exportedSheet(api, 'demo_root', { kind: 'server-ips', filter: { address: target }, tz: 'UTC' });
    expect(sheet.name).toBe('Box server IPs');
    const rows = sheetRows(sheet, 4);
    expect(rows[0]).toEqual(['Box ID', 'Server address', 'Added (UTC)', 'Updated (UTC)']);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      [String(id(0)), target],
      [String(id(7)), target],
    ]);
    expect(rows[1]?.[2]).toEqual(new Date(T0));
    expect(rows[1]?.[3]).toEqual(new Date(T0 + 2000));
    await refused(
      'demo_limited_admin',
      'POST',
      '/exports',
      { kind: 'server-ips', filter: {}, tz: 'UTC' },
      { status: 403, code: Code.FORBIDDEN, message: FORBIDDEN },
    );
  });
});
