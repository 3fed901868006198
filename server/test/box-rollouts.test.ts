import { createHash } from 'node:crypto';
import {
  Code,
  MAX_IMAGE_BYTES,
  type BoxCredentials,
  type CommandPayload,
  type FileSendRow,
  type FleetVersion,
  type ImageRow,
  type RolloutBoxRow,
  type RolloutPreview,
  type RolloutRow,
} from '@dms/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_DOWNLOADS_PER_HOUR } from '../src/modules/smartbox/images.js';
import { claimBatch } from '../src/modules/smartbox/rollouts.js';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { apiAs, bearer, body as envelopeOf, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();
const FIRST = 8951;
const COUNT = 9;
/** The one box that stays offline. */
const OFFLINE = 7;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Box images and staged firmware rollouts (issue 23; docs/api.md "Box images and rollouts"). */
describe.each(dialects)('box images and rollouts (%s)', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  const tokens: Record<string, string> = {};
  const { ok, refused, call } = apiAs(() => t.app, tokens);
  const clients = new Map<number, MqttClient>();
  /** The firmware commands each box got, by box. */
  const got = new Map<number, CommandPayload[]>();
  const image = Buffer.alloc(4096, 7);
  image.write('DTU firmware 2.5.0');

  /** Uploads a file as root (or `user`): the raw answer. */
  const upload = (bytes: Uint8Array, query: Record<string, string>, user = 'demo_root', lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/smartbox/images?${new URLSearchParams(query).toString()}`,
      headers: { ...bearer(tokens[user] ?? ''), 'content-type': 'application/octet-stream', 'accept-language': lang },
      payload: Buffer.from(bytes),
    });
  const facts = (over: Record<string, string> = {}) => ({
    kind: 'firmware',
    boxType: 'DTU-4G',
    version: '2.5.0',
    fileName: 'dtu-2.5.0.bin',
    sha256: sha(image),
    ...over,
  });
  const until = (check: () => boolean | Promise<boolean>, ms = 5000) =>
    eventually(async () => {
      expect(await check()).toBe(true);
    }, ms);
  const rollout = (id: number) => ok<RolloutRow>('demo_root', 'GET', `/smartbox/rollouts/${id}`);
  const boxStates = async (id: number) =>
    (await ok<{ items: RolloutBoxRow[] }>('demo_root', 'GET', `/smartbox/rollouts/${id}/boxes?page_size=50`)).items;
  /** The firmware command each box got last, answered with `state` (and a reason). */
  const answer = async (boxId: number, state: 'done' | 'failed', reason?: string) => {
    const last = got.get(boxId)?.at(-1);
    if (!last) throw new Error(`box ${boxId} got no command`);
    const client = clients.get(boxId) as MqttClient;
    await send(client, boxId, 'reply', {
      v: 1,
      id: last.id,
      state,
      ...(reason ? { reason } : {}),
      ...(state === 'done' ? { fw: '2.5.0' } : {}),
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    boxes = await registerBoxes(t.app, FIRST, FIRST + COUNT - 1);
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manager']) tokens[u] = await login(t.app, u);
    // Every box but one is online, on firmware 2.4.1, listening to its commands.
    for (const b of boxes.filter((_, i) => i !== OFFLINE)) {
      const c = await connectBox(t.app.mqttPort, b);
      clients.set(b.boxId, c);
      got.set(b.boxId, []);
      await c.subscribeAsync(`box/${b.boxId}/down/#`, { qos: 1 });
      c.on('message', (topic, payload) => {
        if (topic.endsWith('/down/cmd')) got.get(b.boxId)?.push(JSON.parse(payload.toString()) as CommandPayload);
      });
      await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    }
    await until(() => boxes.every((b, i) => i === OFFLINE || t.app.ingest.box(b.boxId)?.online === true));
  });
  afterAll(async () => {
    await Promise.all([...clients.values()].map((c) => c.endAsync(true).catch(() => undefined)));
    await t.close();
  });

  it('stores an image checked by its type, size and SHA-256, once per kind, box type and version', async () => {
    const res = await upload(image, { ...facts(), notes: 'fixes the modem restart' });
    expect(envelopeOf(res)).toMatchObject({ code: Code.SUCCESS });
    expect(envelopeOf(res).data).toMatchObject({
      kind: 'firmware',
      boxType: 'DTU-4G',
      version: '2.5.0',
      size: 4096,
      sha256: sha(image),
      notes: 'fixes the modem restart',
      createdBy: 'demo_root',
      running: 0,
      downloads: 0,
    });
    const again = await upload(image, facts());
    expect({ status: again.statusCode, ...envelopeOf(again) }).toMatchObject({
      status: 409,
      code: Code.IMAGE_EXISTS,
      message: 'Version 2.5.0 of DTU-4G (firmware) is uploaded already.',
    });
    const list = await ok<{ total: number; items: ImageRow[] }>('demo_root', 'GET', '/smartbox/images?kind=firmware');
    expect(list.items.map((i) => i.version)).toContain('2.5.0');
    expect(await ok<FleetVersion[]>('demo_root', 'GET', '/smartbox/versions')).toContainEqual({
      boxType: 'DTU-4G',
      version: '2.4.1',
      boxes: COUNT - 1,
      online: COUNT - 1,
    });
  });

  it('refuses a bad file before storing anything, with the exact message', async () => {
    const cases: Array<[Uint8Array, Record<string, string>, number, string]> = [
      [
        image,
        facts({ version: '2.5.1', sha256: 'a'.repeat(64) }),
        400,
        `The file's SHA-256 is ${sha(image)}, not the ${'a'.repeat(64)} given: it is damaged or not the file meant. Nothing was stored.`,
      ],
      [image, facts({ version: '2.5.1', fileName: 'dtu.zip' }), 400, 'A firmware file ends in .bin, .img; dtu.zip does not.'],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2]),
        facts({ version: '2.5.1', sha256: sha(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2])) }),
        400,
        'This is a PNG file, not a box image.',
      ],
      [Buffer.alloc(0), facts({ version: '2.5.1' }), 400, 'The file is empty.'],
      [image, facts({ version: 'v2' }), 400, 'The version is numbers with dots, such as 2.5.0, with an optional suffix such as -rc1.'],
      [image, facts({ boxType: 'DTU 4G' }), 400, 'The box type is 1 to 32 letters, digits, dots, dashes or underscores.'],
    ];
    for (const [bytes, query, status, message] of cases) {
      const res = await upload(bytes, query);
      expect({ status: res.statusCode, message: envelopeOf(res).message }, query.fileName).toEqual({ status, message });
    }
    const zh = await upload(image, facts({ version: '2.5.1', fileName: 'dtu.zip' }), 'demo_root', 'zh');
    expect(envelopeOf(zh).message).toBe('firmware 文件的扩展名应为 .bin, .img；dtu.zip 不是。');
    // Past the limit the server stops reading: 413.
    const big = await upload(Buffer.alloc(MAX_IMAGE_BYTES + 1), facts({ version: '9.9.9' }));
    expect({ status: big.statusCode, code: envelopeOf(big).code }).toEqual({ status: 413, code: Code.PAYLOAD_TOO_LARGE });
    // A JSON body is not a file.
    await refused(
      'demo_root',
      'POST',
      `/smartbox/images?${new URLSearchParams(facts({ version: '2.5.2' })).toString()}`,
      { file: 'x' },
      {
        status: 400,
        code: Code.VALIDATION_FAILED,
        message: 'Send the file itself as the body (application/octet-stream).',
      },
    );
    const forbidden = await upload(image, facts({ version: '2.5.3' }), 'demo_limited_admin');
    expect({ status: forbidden.statusCode, code: envelopeOf(forbidden).code }).toEqual({ status: 403, code: Code.FORBIDDEN });
    await refused(null, 'GET', '/smartbox/images', undefined, { status: 401, code: Code.TOKEN_ILLEGAL });
    expect((await ok<{ items: ImageRow[] }>('demo_root', 'GET', '/smartbox/images?q=2.5.')).items.map((i) => i.version)).toEqual(['2.5.0']);
  });

  it('gives the image to a box that shows its id and secret while a command names it, and logs it; refuses any other', async () => {
    const [img] = (await ok<{ items: ImageRow[] }>('demo_root', 'GET', '/smartbox/images?q=2.5.0')).items;
    if (!img) throw new Error('no image');
    const b = boxes[0] as BoxCredentials;
    const basic = (secret: string) => `Basic ${Buffer.from(`${b.boxId}:${secret}`).toString('base64')}`;
    const download = () =>
      t.app.inject({ method: 'GET', url: `/api/v2/smartbox/images/${img.id}/file`, headers: { authorization: basic(b.password) } });
    // Its credentials alone fetch nothing: no firmware command names the image yet.
    const untold = await download();
    expect({ status: untold.statusCode, message: envelopeOf(untold).message }).toEqual({ status: 404, message: 'No such image.' });
    await ok('demo_root', 'POST', '/smartbox/commands', {
      boxIds: [b.boxId],
      cmd: 'firmware',
      args: { version: '2.5.0', url: `http://127.0.0.1/api/v2/smartbox/images/${img.id}/file`, sha256: sha(image), size: image.length },
    });
    await until(() => (got.get(b.boxId) ?? []).some((c) => c.cmd === 'firmware'));
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(image));
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v2/smartbox/images/${img.id}/file`,
      headers: { authorization: basic('nope') },
    });
    expect({ status: wrong.statusCode, message: envelopeOf(wrong).message }).toEqual({
      status: 401,
      message: 'A box downloads an image with its box id and secret (HTTP Basic).',
    });
    const log = await ok<{ items: FileSendRow[] }>('demo_root', 'GET', `/smartbox/file-sends?boxId=${b.boxId}`);
    expect(log.items).toHaveLength(1);
    expect(log.items[0]).toMatchObject({ boxId: b.boxId, imageId: img.id, version: '2.5.0', bytes: 4096 });
    // A box looping on its download is stopped at BOX_DOWNLOADS_PER_HOUR, and the log stops growing.
    for (let i = 1; i < BOX_DOWNLOADS_PER_HOUR; i += 1) expect((await download()).statusCode).toBe(200);
    const looping = await download();
    expect({ status: looping.statusCode, code: envelopeOf(looping).code, message: envelopeOf(looping).message }).toEqual({
      status: 429,
      code: Code.TOO_MANY_ATTEMPTS,
      message: `This box has downloaded the image ${BOX_DOWNLOADS_PER_HOUR} times in the last hour: it may try again later.`,
    });
    expect((await ok<{ total: number }>('demo_root', 'GET', `/smartbox/file-sends?boxId=${b.boxId}`)).total).toBe(BOX_DOWNLOADS_PER_HOUR);
    // Once the command has ended, the image is no longer the box's to fetch.
    await answer(b.boxId, 'failed', 'download-failed');
    await until(async () => (await download()).statusCode === 404);
    // The rollout below counts the commands each box gets from here on.
    got.set(b.boxId, []);
    // Root's session downloads it too (not logged as a box's); limited_admin's does not.
    const root = await call('demo_root', 'GET', `/smartbox/images/${img.id}/file`);
    expect(root.statusCode).toBe(200);
    const other = await call('demo_limited_admin', 'GET', `/smartbox/images/${img.id}/file`);
    expect(other.statusCode).toBe(404);
  });

  it('rolls out in batches after a canary, stops past its failures, resumes and finishes', async () => {
    const [img] = (await ok<{ items: ImageRow[] }>('demo_root', 'GET', '/smartbox/images?q=2.5.0')).items;
    if (!img) throw new Error('no image');
    const preview = await ok<RolloutPreview>('demo_root', 'POST', '/smartbox/rollouts/preview', {
      imageId: img.id,
      filter: { versions: ['2.4.1', ''] },
    });
    expect(preview).toMatchObject({ boxes: COUNT, online: COUNT - 1, current: 0 });
    await refused(
      'demo_root',
      'POST',
      '/smartbox/rollouts',
      { imageId: img.id, filter: { ck: '0000' }, canary: 1, batchSize: 1, paceSeconds: 0, maxFailures: 0 },
      {
        status: 400,
        code: Code.VALIDATION_FAILED,
        message: 'No box of type DTU-4G matches the filter (boxes on 2.5.0 already are left out).',
      },
    );
    await refused(
      'demo_root',
      'POST',
      '/smartbox/rollouts',
      { imageId: img.id, filter: {}, canary: 0, batchSize: 1, paceSeconds: 0, maxFailures: 0 },
      {
        status: 400,
        code: Code.VALIDATION_FAILED,
        message: 'The canary batch is 1 to 1000 boxes.',
      },
    );
    await refused(
      'demo_limited_admin',
      'POST',
      '/smartbox/rollouts',
      { imageId: img.id, filter: {}, canary: 1, batchSize: 1, paceSeconds: 0, maxFailures: 0 },
      {
        status: 403,
        code: Code.FORBIDDEN,
      },
    );

    const started = await ok<RolloutRow>('demo_root', 'POST', '/smartbox/rollouts', {
      imageId: img.id,
      filter: { boxIds: boxes.slice(0, 6).map((b) => b.boxId) },
      canary: 2,
      batchSize: 2,
      paceSeconds: 0,
      maxFailures: 0,
    });
    expect(started).toMatchObject({ state: 'running', total: 6, batches: 3, batchesStarted: 1, counts: { sent: 2, waiting: 4 } });
    const [a, b, c, d, e, f] = boxes.map((x) => x.boxId) as [number, number, number, number, number, number];
    await until(() => got.get(a)?.length === 1 && got.get(b)?.length === 1);
    expect(got.get(a)?.[0]).toMatchObject({
      cmd: 'firmware',
      args: { version: '2.5.0', sha256: sha(image), size: 4096, url: `http://localhost:80/api/v2/smartbox/images/${img.id}/file` },
    });
    // The same boxes cannot be in two rollouts that have not ended.
    await refused(
      'demo_root',
      'POST',
      '/smartbox/rollouts',
      { imageId: img.id, filter: { boxIds: [a] }, canary: 1, batchSize: 1, paceSeconds: 0, maxFailures: 0 },
      {
        status: 409,
        code: Code.BOXES_IN_ROLLOUT,
        message: `These boxes are in a rollout that has not ended: ${a}.`,
      },
    );
    // The canary holds the rest until it has settled.
    await answer(a, 'done');
    await until(async () => (await rollout(started.id)).counts.done === 1);
    expect((await rollout(started.id)).batchesStarted).toBe(1);
    await answer(b, 'done');
    await until(async () => (await rollout(started.id)).batchesStarted === 2);
    await until(() => got.get(c)?.length === 1 && got.get(d)?.length === 1);
    // One box of the second batch fails its verification: past 0 failures allowed, the rollout stops by itself.
    await answer(c, 'failed', 'checksum-mismatch');
    await until(async () => (await rollout(started.id)).state === 'stopped');
    const stopped = await rollout(started.id);
    expect(stopped).toMatchObject({
      stopReason: 'threshold',
      failures: 1,
      batchesStarted: 2,
      counts: { done: 2, failed: 1, sent: 1, waiting: 2 },
    });
    expect((await boxStates(started.id)).find((r) => r.boxId === c)).toMatchObject({
      state: 'failed',
      reason: 'checksum-mismatch',
      batch: 2,
    });
    await refused('demo_root', 'POST', `/smartbox/rollouts/${started.id}/pause`, undefined, {
      status: 409,
      code: Code.ROLLOUT_STATE,
      message: 'Only a running rollout can be paused.',
    });
    await answer(d, 'done');
    // Resumed, failures count afresh: the last batch goes, and the rollout is done when every box has ended.
    expect(await ok<RolloutRow>('demo_root', 'POST', `/smartbox/rollouts/${started.id}/resume`)).toMatchObject({
      state: 'running',
      failures: 0,
    });
    await until(() => got.get(e)?.length === 1 && got.get(f)?.length === 1);
    await answer(e, 'done');
    await answer(f, 'done');
    await until(async () => (await rollout(started.id)).state === 'done');
    const done = await rollout(started.id);
    expect(done).toMatchObject({ batchesStarted: 3, counts: { done: 5, failed: 1 } });
    expect(done.finishedAt).not.toBeNull();
    await refused('demo_root', 'POST', `/smartbox/rollouts/${started.id}/cancel`, undefined, {
      status: 409,
      code: Code.ROLLOUT_STATE,
      message: 'This rollout has ended already.',
    });
    // An image a rollout used stays.
    await refused('demo_root', 'DELETE', `/smartbox/images/${img.id}`, undefined, {
      status: 409,
      code: Code.IMAGE_IN_USE,
      message: "This image was rolled out: it stays with its rollouts' records.",
    });
  });

  it('waits for an offline box without holding the batches, pauses, and cancels what still waits', async () => {
    const bytes = Buffer.alloc(1000, 3);
    const res = await upload(bytes, facts({ version: '2.6.0', fileName: 'dtu-2.6.0.img', sha256: sha(bytes) }));
    const img = envelopeOf(res).data as ImageRow;
    const [g, offline, h] = [6, OFFLINE, 8].map((i) => (boxes[i] as BoxCredentials).boxId) as [number, number, number];
    const started = await ok<RolloutRow>('demo_root', 'POST', '/smartbox/rollouts', {
      imageId: img.id,
      filter: { boxIds: [g, offline, h] },
      canary: 1,
      batchSize: 1,
      paceSeconds: 0,
      maxFailures: 0,
    });
    expect(started.counts).toEqual({ sent: 1, waiting: 2 });
    await until(() => got.get(g)?.length === 1);
    await answer(g, 'done');
    // The offline box's batch waits for its hello, and holds nothing: the next batch goes.
    await until(async () => (await rollout(started.id)).batchesStarted === 3);
    await until(() => got.get(h)?.length === 1);
    expect(await ok<RolloutRow>('demo_root', 'POST', `/smartbox/rollouts/${started.id}/pause`)).toMatchObject({ state: 'paused' });
    const cancelled = await ok<RolloutRow>('demo_root', 'POST', `/smartbox/rollouts/${started.id}/cancel`);
    expect(cancelled).toMatchObject({ state: 'cancelled', counts: { done: 1, cancelled: 1, sent: 1 } });
    expect((await boxStates(started.id)).find((r) => r.boxId === offline)).toMatchObject({ state: 'cancelled', online: false });
    await refused('demo_root', 'GET', '/smartbox/rollouts/999999', undefined, {
      status: 404,
      code: Code.NOT_FOUND,
      message: 'No such rollout.',
    });
  });

  it('lets one of several instances claim a batch, the others finding the rollout moved on', async () => {
    const { id, batches_started: started } = await t.app.db
      .selectFrom('box_rollouts')
      .select(['id', 'batches_started'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // Running, with a box still to send but its pace not come (so this instance's own sweep leaves it alone).
    const waiting = (boxes[5] as BoxCredentials).boxId;
    await t.app.db
      .insertInto('box_rollout_boxes')
      .values({ rollout_id: id, box_id: waiting, seq: 99, batch: null, command_id: null })
      .execute();
    await t.app.db
      .updateTable('box_rollouts')
      .set({ state: 'running', pace_s: 3600, last_batch_at: t.clock.now, failure_base: 1000 })
      .where('id', '=', id)
      .execute();
    // Two instances' sweeps, each in its own transaction, at once.
    const claims = await Promise.all([1, 2].map(() => t.app.db.transaction().execute((tx) => claimBatch(tx, id, started, t.clock.now))));
    expect(claims.sort()).toEqual([false, true]);
    const row = await t.app.db.selectFrom('box_rollouts').select('batches_started').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.batches_started).toBe(started + 1);
    await t.app.db.updateTable('box_rollouts').set({ state: 'cancelled', batches_started: started }).where('id', '=', id).execute();
    await t.app.db.deleteFrom('box_rollout_boxes').where('rollout_id', '=', id).where('box_id', '=', waiting).execute();
  });
});
