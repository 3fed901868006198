import net from 'node:net';
import { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxClientId, parseUpTopic, type BoxCredentials, type UpKind } from '@dms/contract';
import { decodeValues } from '../src/ingest/codec.js';
import { DROP_REASONS, type DropReason } from '../src/ingest/payloads.js';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { buildTestApp, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialect = (await testDialects())[0] ?? 'sqlite';
const RUN_STATE = reg('screw-compressor', 'run_state');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');

/**
 * What a row must leave unstored: the whole message (`message`), or only the bad value of a snapshot whose good value
 * (RUN_STATE) is stored (`value`).
 */
type Refused = 'message' | 'value';

/** One bad form of one number field, fed to the ingest path; `reason` null: the broker refuses it before ingest. */
interface Row {
  field: string;
  written: string;
  via: 'payload' | 'topic' | 'username';
  kind: UpKind;
  /** The payload text, given the unique time of the row. */
  payload: (ts: number) => string;
  reason: DropReason | null;
  refused: Refused;
}

/** A snapshot whose parts are written as given (raw JSON text): `ts` is replaced by the row's time. */
const snapshot =
  (parts: { v?: string; seq?: string; ts?: string; c?: string }) =>
  (ts: number): string =>
    `{"v":${parts.v ?? '1'},"seq":${parts.seq ?? '1'},"ts":${(parts.ts ?? 'TS').replace('TS', String(ts))},"c":${parts.c ?? `{"1":{"${RUN_STATE}":1}}`}}`;
const helloWith = (parts: { index?: string; signal?: string; interval?: string }) => () =>
  `{"v":1,"fw":"bad-fw","boxType":"DTU-4G-A","iccid":"8986","signal":${parts.signal ?? '-71'},"interval":${parts.interval ?? '10'},"controllers":[{"index":${parts.index ?? '1'},"type":"screw-compressor"}]}`;
const eventWith =
  (parts: { ts?: string; controller?: string }) =>
  (ts: number): string =>
    `{"v":1,"ts":${(parts.ts ?? 'TS').replace('TS', String(ts))},"kind":"bus-error","controller":${parts.controller ?? '1'}}`;
const ackWith = (id: string) => () => `{"v":1,"id":${id},"ok":true}`;

const rows: Row[] = [];
const add = (field: string, kind: UpKind, refused: Refused, forms: Array<[string, DropReason | null, (ts: number) => string]>) => {
  for (const [written, reason, payload] of forms) rows.push({ field, written, via: 'payload', kind, payload, reason, refused });
};

// A controller index is a key of `c`: decimal text 1..32. Today "01", "0x3" and "1e1" are controllers 1, 3 and 10.
add(
  'controller index (key of c)',
  'data',
  'message',
  ['01', '0x3', '1e1', '+1', ' 1', '1 ', '1.0', '-1', '', '３', '0', '33'].map((k) => [
    k,
    k === '0' || k === '33' ? 'bad-shape' : 'bad-number',
    snapshot({ c: `{${JSON.stringify(k)}:{"${RUN_STATE}":1}}` }),
  ]),
);
// A register number is a key of a controller's values: decimal text 0..65535; a bad one drops that value only.
add(
  'register number (key)',
  'data',
  'value',
  [`0${PRESSURE}`, `+${PRESSURE}`, ` ${PRESSURE}`, `${PRESSURE}.0`, `${PRESSURE / 10}e1`, `0x${PRESSURE.toString(16)}`, '65536'].map(
    (k) => [k, k === '65536' ? 'bad-value' : 'bad-number', snapshot({ c: `{"1":{"${RUN_STATE}":1,${JSON.stringify(k)}:72}}` })],
  ),
);
// A register value is a JSON integer 0..65535; a bad one drops that value only.
add(
  'register value',
  'data',
  'value',
  (
    [
      ['72.0', 'bad-number'],
      ['7.2e1', 'bad-number'],
      ['720E-1', 'bad-number'],
      ['-0', 'bad-number'],
      ['72.5', 'bad-value'],
      ['-72', 'bad-value'],
      ['65536', 'bad-value'],
      ['"72"', 'bad-value'],
      ['true', 'bad-value'],
      ['null', 'bad-value'],
    ] as const
  ).map(([value, reason]) => [value, reason, snapshot({ c: `{"1":{"${RUN_STATE}":1,"${PRESSURE}":${value}}}` })]),
);
add(
  'seq',
  'data',
  'message',
  (
    [
      ['1.0', 'bad-number'],
      ['1e0', 'bad-number'],
      ['-0', 'bad-number'],
      ['-1', 'bad-shape'],
      ['"1"', 'bad-shape'],
      ['9007199254740992', 'bad-shape'],
      ['01', 'not-json'],
      ['+1', 'not-json'],
      ['0x1', 'not-json'],
    ] as const
  ).map(([seq, reason]) => [seq, reason, snapshot({ seq })]),
);
add(
  'ts',
  'data',
  'message',
  (
    [
      ['TS.0', 'bad-number'],
      ['TS000e-3', 'bad-number'],
      ['"TS"', 'bad-shape'],
      ['-TS', 'bad-shape'],
      ['0TS', 'not-json'],
    ] as const
  ).map(([ts, reason]) => [ts, reason, snapshot({ ts })]),
);
add(
  'v',
  'data',
  'message',
  (
    [
      ['1.0', 'bad-number'],
      ['1e0', 'bad-number'],
      ['"1"', 'bad-version'],
      ['01', 'not-json'],
    ] as const
  ).map(([v, reason]) => [v, reason, snapshot({ v })]),
);
// hello: the controller list's indexes (today 3.0 and 0.3e1 are controller 3), the signal and the interval.
add(
  'hello controller index',
  'hello',
  'message',
  (
    [
      ['3.0', 'bad-number'],
      ['3e0', 'bad-number'],
      ['0.3e1', 'bad-number'],
      ['"3"', 'bad-shape'],
      ['33', 'bad-shape'],
    ] as const
  ).map(([index, reason]) => [index, reason, helloWith({ index })]),
);
add(
  'hello signal',
  'hello',
  'message',
  (
    [
      ['-71.0', 'bad-number'],
      ['-0', 'bad-number'],
      ['-7.1e1', 'bad-number'],
    ] as const
  ).map(([signal, reason]) => [signal, reason, helloWith({ signal })]),
);
add(
  'hello interval',
  'hello',
  'message',
  (
    [
      ['1e1', 'bad-number'],
      ['10.0', 'bad-number'],
      ['0', 'bad-shape'],
    ] as const
  ).map(([interval, reason]) => [interval, reason, helloWith({ interval })]),
);
add(
  'event',
  'event',
  'message',
  (
    [
      ['ts TS.0', 'bad-number', { ts: 'TS.0' }],
      ['controller 1.0', 'bad-number', { controller: '1.0' }],
      ['controller 1e0', 'bad-number', { controller: '1e0' }],
      ['controller "1"', 'bad-shape', { controller: '"1"' }],
      ['controller 33', 'bad-shape', { controller: '33' }],
    ] as const
  ).map(([written, reason, parts]) => [written, reason, eventWith(parts)]),
);
// An ack carries the id the server gave its write: `w-` and a lower-case UUID, as text.
add(
  'ack id',
  'ack',
  'message',
  (
    [
      ['1', 'bad-shape'],
      ['"1"', 'bad-shape'],
      ['"w-1"', 'bad-shape'],
      ['"W-0F8FAD5B-D9CB-469F-A165-70867728950E"', 'bad-shape'],
      ['"w-0f8fad5b-d9cb-469f-a165-70867728950e"', 'unknown-write'],
    ] as const
  ).map(([id, reason]) => [id, reason, ackWith(id)]),
);
// A box id in a topic, and as the username: decimal text 1..2147483647. The broker refuses them before ingest.
for (const form of ['0BOX', 'BOX.0', 'BOXe0', ' BOX', 'BOX ', '0xHEX', '2147483648']) {
  rows.push({
    field: 'box id in topic',
    written: form,
    via: 'topic',
    kind: 'data',
    payload: snapshot({}),
    reason: null,
    refused: 'message',
  });
  rows.push({
    field: 'box id as username',
    written: form,
    via: 'username',
    kind: 'data',
    payload: snapshot({}),
    reason: null,
    refused: 'message',
  });
}

/** A CONNECT with a box's client id and secret but `username` as written, from `localAddress`; rejects when refused. */
async function connectAs(port: number, box: BoxCredentials, username: string, localAddress: string): Promise<void> {
  const client = new MqttClient(() => net.createConnection({ host: '127.0.0.1', port, localAddress }), {
    clientId: boxClientId(box.boxId),
    username,
    password: box.password,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => {
        resolve();
      });
      client.once('error', reject);
    });
  } finally {
    await client.endAsync(true).catch(() => undefined);
  }
}

/**
 * Issue 10 point 5: every number of the protocol is written one way. Each row is one bad form of one field, fed to
 * ingest through the embedded broker; it must be refused, counted under its reason (once, and nothing else), and
 * leave nothing stored.
 */
describe(`the box protocol takes each number in one form only (${dialect})`, () => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  let client: MqttClient;
  const box = (i: number) => boxes[i] as BoxCredentials;
  const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
  const drops = () => ({ ...t.app.ingest.stats.snapshot().drops });
  const counted = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(
      DROP_REASONS.flatMap((r) => ((after[r] ?? 0) !== (before[r] ?? 0) ? [[r, (after[r] ?? 0) - (before[r] ?? 0)]] : [])),
    );
  const stored = async (boxId: number, ts: number) =>
    (
      await t.app.db
        .selectFrom('history')
        .innerJoin('devices', 'devices.id', 'history.device_id')
        .select(['devices.controller', 'history.vals'])
        .where('devices.box_id', '=', boxId)
        .where('history.ts', '=', ts)
        .execute()
    ).map((r) => ({ controller: r.controller, values: Object.fromEntries(decodeValues(r.vals)) }));
  const state = async (boxId: number) => {
    await t.app.ingest.drain();
    const devices = await t.app.db.selectFrom('devices').select('controller').where('box_id', '=', boxId).orderBy('controller').execute();
    const row = await t.app.db.selectFrom('boxes').select('firmware').where('box_id', '=', boxId).executeTakeFirstOrThrow();
    return { controllers: devices.map((d) => d.controller), firmware: row.firmware };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { BOX_RATE_LIMIT: '10000' });
    boxes = await registerBoxes(t.app, 8001, 8002);
    client = await connectBox(t.app.mqttPort, box(0));
    await send(client, box(0).boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  });
  afterAll(async () => {
    await client.endAsync(true).catch(() => undefined);
    await t.close();
  });

  it('takes the plain forms (the control: this is how each field is written)', async () => {
    const ts = base - 1000;
    await send(client, box(0).boxId, 'data', `{"v":1,"seq":0,"ts":${ts},"c":{"1":{"${RUN_STATE}":1,"${PRESSURE}":65535}}}`);
    expect(await stored(box(0).boxId, ts)).toEqual([{ controller: 1, values: { [RUN_STATE]: 1, [PRESSURE]: 65535 } }]);
    expect(await state(box(0).boxId)).toEqual({ controllers: [1], firmware: '2.4.1' });
  });

  it.each(rows.map((row, i) => ({ ...row, i })))('$field written $written ($via): $reason', async (row) => {
    const ts = base + row.i * 1000;
    const before = drops();
    if (row.via === 'payload') {
      const b = box(0);
      await send(client, b.boxId, row.kind, row.payload(ts));
      expect(counted(before, drops())).toEqual({ [row.reason ?? '']: 1 });
      if (row.refused === 'value') expect(await stored(b.boxId, ts)).toEqual([{ controller: 1, values: { [RUN_STATE]: 1 } }]);
      else expect(await stored(b.boxId, ts)).toEqual([]);
      expect(await state(b.boxId)).toEqual({ controllers: [1], firmware: '2.4.1' });
      return;
    }
    const b = box(1);
    const text = row.written.replace('BOX', String(b.boxId)).replace('HEX', b.boxId.toString(16));
    if (row.via === 'topic') {
      const topic = `box/${text}/up/data`;
      expect(parseUpTopic(topic)).toBeNull();
      const c = await connectBox(t.app.mqttPort, b);
      c.on('error', () => undefined);
      c.publish(topic, row.payload(ts), { qos: 1 });
      await eventually(() => {
        expect(c.connected).toBe(false);
      });
      await c.endAsync(true).catch(() => undefined);
    } else {
      await expect(connectAs(t.app.mqttPort, b, text, `127.0.1.${(row.i % 250) + 1}`)).rejects.toThrow(/authori[sz]ed/i);
    }
    expect(counted(before, drops())).toEqual({});
    expect(await stored(b.boxId, ts)).toEqual([]);
    expect((await state(b.boxId)).controllers).toEqual([]);
  });
});
