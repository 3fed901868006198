import {
  Code,
  type BoxCredentials,
  type BoxDeleted,
  type BoxDeletePreview,
  type DeletedBoxPage,
  type DeviceSummary,
  type IngestStats,
  type ServerEvent,
} from '@dms/contract';
import type { MqttClient } from 'mqtt';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { apiAs, buildTestApp, linkHelper, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8971;
const NOW = Date.UTC(2026, 10, 29, 12);
const DAY = 86_400_000;
const URL = '/smartbox/box-delete';

/**
 * Deleting boxes (/smartbox/box-delete; root only; issue 23), on each database: the preview names the devices and their
 * data; a deleted box is hidden from every path at once (the visibility matrix covers each path), its data is dropped
 * and its reach is gone; it is restored whole; after BOX_DELETE_GRACE_DAYS it is purged with its history, and its
 * number is free again. Each step is logged.
 */
describe.each(dialects)('deleting boxes (%s)', (dialect) => {
  let t: TestApp;
  let box: BoxCredentials;
  let client: MqttClient;
  let deviceId = 0;
  let seq = 1;
  const tokens: Record<string, string> = {};
  const { ok, refused } = apiAs(() => t.app, tokens);
  let uid: (username: string) => number;

  const historyRows = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('history')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('device_id', '=', deviceId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const reachedBy = async () =>
    (await t.app.db.selectFrom('device_reach').select('user_id').where('device_id', '=', deviceId).execute()).map((r) => r.user_id).sort();
  const listed = async (user: string) =>
    (await ok<{ items: DeviceSummary[] }>(user, 'GET', '/devices?page_size=200')).items.some((d) => d.boxId === box.boxId);
  const logged = async (action: string) =>
    t.app.db.selectFrom('operation_log').select(['username', 'target', 'old_value', 'new_value']).where('action', '=', action).execute();
  /** A snapshot from the box, acknowledged (stored, or dropped and counted). */
  const report = async (value: number) => {
    seq += 1;
    // Each its own second (a second snapshot of the same time would be the same history row).
    await send(client, box.boxId, 'data', data(NOW - 100_000 + seq * 1000, { '1': { '40002': value } }, seq));
  };

  /** Everyone signs in (again, once the clock has passed their sessions' time). */
  const signIn = async () => {
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manager', 'demo_helper']) tokens[u] = await login(t.app, u);
  };

  /** A signed-in socket subscribed to the box's device; its events. */
  const sockets: WebSocket[] = [];
  async function watching(base: string, user: string): Promise<{ ws: WebSocket; events: ServerEvent[] }> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    sockets.push(ws);
    const events: ServerEvent[] = [];
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token: tokens[user] }));
    ws.send(JSON.stringify({ type: 'subscribe', devices: [deviceId] }));
    await eventually(() => {
      expect(events.find((e) => e.type === 'subscribed')).toEqual({ type: 'subscribed', devices: [deviceId] });
    });
    return { ws, events };
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    t.clock.now = NOW;
    [box] = (await registerBoxes(t.app, FIRST, FIRST + 1)) as [BoxCredentials];
    await signIn();
    uid = await userIds(t);
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await report(7);
    await t.app.ingest.drain();
    deviceId = (await t.app.db.selectFrom('devices').select('id').where('box_id', '=', box.boxId).executeTakeFirstOrThrow()).id;
    await linkHelper(t, deviceId);
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await client.endAsync();
    await t.close();
  });

  it('shows what a delete takes, hides the box at once, drops its data, and restores it whole; logged', async () => {
    const preview = await ok<BoxDeletePreview>('demo_root', 'GET', `${URL}/${box.boxId}/preview`);
    expect(preview).toMatchObject({
      boxId: box.boxId,
      owner: 'demo_manager',
      company: 'Test Co',
      boxType: 'DTU-4G',
      online: true,
      devices: [{ id: deviceId, controller: 1, type: 'screw-compressor' }],
      counts: { history: 1, faultRecords: 0, events: 0, commands: 0 },
      graceDays: 7,
    });
    const before = await reachedBy();
    expect(before).toEqual([uid('demo_manager'), uid('demo_helper')].sort());
    expect(await listed('demo_root')).toBe(true);
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const watchers = [await watching(base, 'demo_root'), await watching(base, 'demo_helper')];

    expect(await ok<BoxDeleted>('demo_root', 'POST', URL, { boxId: box.boxId })).toEqual({
      boxId: box.boxId,
      devices: 1,
      purgeAt: NOW + 7 * DAY,
    });
    // Every socket watching it, root's too, is told and its subscription checked again: the device is no longer watched.
    for (const { ws, events } of watchers) {
      await eventually(() => {
        expect(events.some((e) => e.type === 'reach')).toBe(true);
      });
      events.length = 0;
      ws.send(JSON.stringify({ type: 'subscribe', devices: [deviceId] }));
      await eventually(() => {
        expect(events.find((e) => e.type === 'subscribed')).toEqual({ type: 'subscribed', devices: [] });
      });
    }
    // Hidden at once, for everyone who saw it, root included: reach rows gone, lists and pages refuse it.
    expect(await reachedBy()).toEqual([]);
    for (const user of ['demo_root', 'demo_manager', 'demo_helper']) expect(await listed(user), user).toBe(false);
    await refused('demo_root', 'GET', `/devices/${box.boxId}/1`, undefined, { status: 403, code: Code.FORBIDDEN });
    await refused('demo_root', 'GET', `/boxes/${box.boxId}`, undefined, { status: 403, code: Code.FORBIDDEN });
    await refused(
      'demo_root',
      'POST',
      '/smartbox/commands',
      { boxIds: [box.boxId], cmd: 'reboot', args: {} },
      { status: 404, code: Code.BOX_NOT_REGISTERED, message: `These boxes are not registered: ${box.boxId}.` },
    );
    // Ingest forgot it: what it sends now is dropped, counted as from an unregistered box, and not stored.
    expect(t.app.ingest.box(box.boxId)).toBeUndefined();
    const dropsBefore = (await ok<IngestStats>('demo_root', 'GET', '/boxes/ingest-stats')).drops.unregistered ?? 0;
    await report(8);
    await t.app.ingest.drain();
    expect(await historyRows()).toBe(1);
    expect((await ok<IngestStats>('demo_root', 'GET', '/boxes/ingest-stats')).drops.unregistered).toBe(dropsBefore + 1);
    // Once deleted, it is deleted: not again, and not shown as one to delete.
    const already = {
      status: 400,
      code: Code.REJECTED,
      message: `Box ${box.boxId} is deleted already. Restore it from the list of deleted boxes.`,
    };
    await refused('demo_root', 'POST', URL, { boxId: box.boxId }, already);
    await refused('demo_root', 'GET', `${URL}/${box.boxId}/preview`, undefined, already);
    const page = await ok<DeletedBoxPage>('demo_root', 'GET', URL);
    expect(page).toEqual({
      total: 1,
      items: [
        {
          boxId: box.boxId,
          owner: 'demo_manager',
          company: 'Test Co',
          devices: 1,
          deletedAt: NOW,
          deletedBy: 'demo_root',
          purgeAt: NOW + 7 * DAY,
        },
      ],
    });
    expect(await logged('smartbox.deleteBox')).toEqual([
      {
        username: 'demo_root',
        target: String(box.boxId),
        old_value: 'owner demo_manager, Test Co, 1 device(s)',
        new_value: `deleted, purged at ${new Date(NOW + 7 * DAY).toISOString()}`,
      },
    ]);

    // Restored: reach, lists and ingest are back; its data is stored again.
    expect(await ok('demo_root', 'POST', `${URL}/${box.boxId}/restore`)).toEqual({ boxId: box.boxId, devices: 1 });
    expect(await reachedBy()).toEqual(before);
    for (const user of ['demo_root', 'demo_manager', 'demo_helper']) expect(await listed(user), user).toBe(true);
    await eventually(() => {
      expect(t.app.ingest.box(box.boxId)).toBeDefined();
    });
    await report(9);
    await t.app.ingest.drain();
    expect(await historyRows()).toBe(2);
    expect((await ok<DeletedBoxPage>('demo_root', 'GET', URL)).total).toBe(0);
    await refused('demo_root', 'POST', `${URL}/${box.boxId}/restore`, undefined, {
      status: 400,
      code: Code.REJECTED,
      message: `Box ${box.boxId} is not deleted.`,
    });
    expect(await logged('smartbox.restoreBox')).toEqual([
      {
        username: 'demo_root',
        target: String(box.boxId),
        old_value: `deleted by demo_root at ${new Date(NOW).toISOString()}`,
        new_value: 'restored, 1 device(s)',
      },
    ]);
  });

  it('purges a deleted box with its history once its grace has passed; its number is free again', async () => {
    t.clock.now = NOW;
    await ok('demo_root', 'POST', URL, { boxId: box.boxId });
    const other = FIRST + 1;
    await ok('demo_root', 'POST', URL, { boxId: other });
    t.clock.now = NOW + 7 * DAY - 1;
    await signIn();
    expect(await t.app.boxDeletions.purge()).toEqual([]);
    // A box restored before its time is not purged.
    await ok('demo_root', 'POST', `${URL}/${other}/restore`);
    await t.app.rollups.run();
    const rollups = () => t.app.db.selectFrom('history_rollups').select('ts').where('device_id', '=', deviceId).execute();
    expect((await rollups()).length).toBeGreaterThan(0);
    // Two sweeps meet (another instance's, or the hourly one beside this call): the box is purged and logged once. The
    // grace ends as they start: the app's own sweep reads the clock on a timer, and would purge it first given time.
    t.clock.now = NOW + 7 * DAY;
    const purges = await Promise.all([t.app.boxDeletions.purge(), t.app.boxDeletions.purge()]);
    expect(purges.flat()).toEqual([box.boxId]);
    expect(await t.app.db.selectFrom('boxes').select('box_id').where('box_id', 'in', [box.boxId, other]).execute()).toEqual([
      { box_id: other },
    ]);
    expect(await t.app.db.selectFrom('devices').select('id').where('id', '=', deviceId).execute()).toEqual([]);
    expect(await historyRows()).toBe(0);
    expect(await rollups()).toEqual([]);
    expect(await t.app.db.selectFrom('history_rollup_dirty').select('ts').where('device_id', '=', deviceId).execute()).toEqual([]);
    expect((await ok<DeletedBoxPage>('demo_root', 'GET', URL)).total).toBe(0);
    expect(await logged('smartbox.purgeBox')).toEqual([
      {
        username: 'demo_root',
        target: String(box.boxId),
        old_value: `deleted by demo_root at ${new Date(NOW).toISOString()}, 1 device(s)`,
        new_value: 'purged with 2 history row(s)',
      },
    ]);
    expect(t.app.ingest.box(box.boxId)).toBeUndefined();
    // The number can be registered again, as a new box.
    expect((await registerBoxes(t.app, box.boxId, box.boxId)).map((b) => b.boxId)).toEqual([box.boxId]);
  });

  it('refuses a box in a rollout or a move that has not ended, naming it', async () => {
    t.clock.now = Date.now();
    await signIn();
    const image = Buffer.alloc(2048, 3);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v2/smartbox/images?${new URLSearchParams({
        kind: 'firmware',
        boxType: 'DTU-4G',
        version: '9.9.9',
        fileName: 'dtu-9.9.9.bin',
        sha256: createHash('sha256').update(image).digest('hex'),
      }).toString()}`,
      headers: { authorization: `Bearer ${tokens.demo_root ?? ''}`, 'content-type': 'application/octet-stream' },
      payload: image,
    });
    const imageId = uploaded.json<{ data: { id: number } }>().data.id;
    const rollout = { imageId, filter: { boxIds: [FIRST + 1] }, canary: 1, batchSize: 1, paceSeconds: 0, maxFailures: 0 };
    await ok('demo_root', 'POST', '/smartbox/rollouts', rollout);
    const inRollout = {
      status: 409,
      code: Code.BOXES_IN_ROLLOUT,
      message: `These boxes are in a rollout that has not ended: ${FIRST + 1}.`,
    };
    await refused('demo_root', 'GET', `${URL}/${FIRST + 1}/preview`, undefined, inRollout);
    await refused('demo_root', 'POST', URL, { boxId: FIRST + 1 }, inRollout);
    // The number registered again after the purge: offline, so its move waits (queued), not ended.
    await ok('demo_root', 'POST', '/smartbox/moves', { target: '10.0.0.9:1883', select: { boxIds: [box.boxId] } });
    await refused(
      'demo_root',
      'POST',
      URL,
      { boxId: box.boxId },
      {
        status: 400,
        code: Code.REJECTED,
        message: `Box ${box.boxId} is being moved to another server. Delete it once the move has ended.`,
      },
    );
    expect((await ok<DeletedBoxPage>('demo_root', 'GET', URL)).total).toBe(0);
  });

  it('refuses a bad or unknown number with its message, and anyone but root', async () => {
    const message = { status: 400, code: Code.VALIDATION_FAILED, message: 'Enter a box number (1 to 2147483647).' };
    await refused('demo_root', 'POST', URL, { boxId: 'abc' }, message);
    await refused('demo_root', 'POST', URL, { boxId: 0 }, message);
    await refused('demo_root', 'GET', `${URL}/x/preview`, undefined, message);
    await refused('demo_root', 'POST', URL, {}, message);
    await refused('demo_root', 'POST', URL, { boxId: 0 }, { ...message, message: '请输入盒子编号（1 至 2147483647）。' }, 'zh');
    await refused(
      'demo_root',
      'POST',
      URL,
      { boxId: 99_999_999 },
      {
        status: 404,
        code: Code.BOX_NOT_REGISTERED,
        message: 'These boxes are not registered: 99999999.',
      },
    );
    await refused('demo_root', 'POST', `${URL}/99999999/restore`, undefined, { status: 404, code: Code.BOX_NOT_REGISTERED });
    for (const user of ['demo_limited_admin', 'demo_manager']) {
      await refused(user, 'POST', URL, { boxId: FIRST + 1 }, { status: 403, code: Code.FORBIDDEN });
      await refused(user, 'GET', URL, undefined, { status: 403, code: Code.FORBIDDEN });
      await refused(user, 'GET', `${URL}/${FIRST + 1}/preview`, undefined, { status: 403, code: Code.FORBIDDEN });
      await refused(user, 'POST', `${URL}/${FIRST + 1}/restore`, undefined, { status: 403, code: Code.FORBIDDEN });
    }
    await refused(null, 'POST', URL, { boxId: FIRST + 1 }, { status: 401, code: Code.TOKEN_ILLEGAL });
    await refused(null, 'GET', URL, undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
  });
});
