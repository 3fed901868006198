import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, BoxDetail } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, linkHelper, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe.each(dialects)('box page API on %s', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  let client: MqttClient;
  let root: string;
  let manager: string;
  let helper: string;
  let endUser: string;
  const get = (token: string | null, id: number | string) =>
    t.app.inject({ method: 'GET', url: `/api/v2/boxes/${id}`, headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' } });
  const b0 = () => boxes[0] as BoxCredentials;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    boxes = await registerBoxes(t.app, 7301, 7302);
    const first = await connectBox(t.app.mqttPort, b0(), { localAddress: '127.0.0.1' });
    await first.endAsync();
    client = await connectBox(t.app.mqttPort, b0(), { localAddress: '127.0.0.2' });
    await send(
      client,
      b0().boxId,
      'hello',
      hello([
        { index: 1, type: 'screw-compressor' },
        { index: 2, type: 'screw-compressor' },
      ]),
    );
    await eventually(() => {
      expect(t.app.ingest.deviceAt(b0().boxId, 2)).toBeDefined();
    });
    await t.app.ingest.drain();
    const device = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('box_id', '=', b0().boxId)
      .where('controller', '=', 2)
      .executeTakeFirstOrThrow();
    await linkHelper(t, device.id);
    [root, manager, helper, endUser] = (await Promise.all(
      ['demo_root', 'demo_manager', 'demo_helper', 'demo_end_user'].map((u) => login(t.app, u)),
    )) as [string, string, string, string];
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it('shows its owner the box: what it reported, its controllers, IP changes and connections newest first', async () => {
    const res = await get(manager, b0().boxId);
    expect(res.statusCode).toBe(200);
    const box = body(res).data as BoxDetail;
    expect(box).toMatchObject({
      boxId: b0().boxId,
      boxType: 'DTU-4G',
      owner: 'demo_manager',
      companyName: 'Test Co',
      firmware: '2.4.1',
      hardware: 'DTU-4G-A',
      iccid: '89860012345678901234',
      reportInterval: 10,
      ip: '127.0.0.2',
      online: true,
    });
    expect(box.lastSeen).not.toBeNull();
    expect(box.controllers.map((c) => [c.controller, c.status, c.typeCode, c.company])).toEqual([
      [1, 'online', 'screw-compressor', 'Test Co'],
      [2, 'online', 'screw-compressor', 'Test Co'],
    ]);
    expect(box.ipLog).toEqual([expect.objectContaining({ boxId: b0().boxId, sourceIp: '127.0.0.1', destinationIp: '127.0.0.2' })]);
    expect(box.connections.map((c) => [c.event, c.ip])).toEqual([
      ['connect', '127.0.0.2'],
      ['disconnect', '127.0.0.1'],
      ['connect', '127.0.0.1'],
    ]);
    // Ingest gave the new devices the box's company.
    const stored = await t.app.db.selectFrom('devices').select('company').where('box_id', '=', b0().boxId).execute();
    expect(stored.map((d) => d.company)).toEqual(['Test Co', 'Test Co']);
    // A box of theirs with no devices yet still opens.
    expect((body(await get(manager, 7302)).data as BoxDetail).controllers).toEqual([]);
  });

  it('shows a helper only the controllers they see; root sees all', async () => {
    const asHelper = body(await get(helper, b0().boxId)).data as BoxDetail;
    expect(asHelper.controllers.map((c) => c.controller)).toEqual([2]);
    expect((body(await get(root, b0().boxId)).data as BoxDetail).controllers).toHaveLength(2);
  });

  it('refuses a box the user has nothing on (403), an unknown box (404), a bad id, and no token', async () => {
    const other = await get(endUser, b0().boxId);
    expect(other.statusCode).toBe(403);
    expect(body(other)).toMatchObject({ code: 40300, message: 'You do not have permission to do this.' });
    expect((await get(helper, 7302)).statusCode).toBe(403);
    expect((await get(root, 7999)).statusCode).toBe(404);
    expect(body(await get(root, 'abc'))).toMatchObject({ code: 40001, message: 'Please fill in boxId with a positive integer' });
    expect(body(await get(root, 3_000_000_000))).toMatchObject({ code: 40001, message: 'A box id must be at most 2147483647' });
    expect((await get(null, b0().boxId)).statusCode).toBe(401);
  });
});
