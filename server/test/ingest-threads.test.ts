import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, type UpKind } from '@dms/contract';
import { decodeValues } from '../src/ingest/codec.js';
import { decodeBatch, decodeMessage, packMessages, unpackDecoded, type Decoded } from '../src/ingest/decode.js';
import { Decoder } from '../src/ingest/decoder.js';
import { packBatch, unpackBatch } from '../src/ingest/history-batch.js';
import { registerBoxes } from './boxes.js';
import { buildTestApp, insertOnlineDevice, type TestApp } from './helper.js';

/** The built server's threads (`node scripts/build.mjs`; CI builds before it tests). */
const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/ingest');
const DECODE_WORKER = path.join(DIST, 'decode-worker.js');
const WRITER_WORKER = path.join(DIST, 'writer-worker.js');

const text = (o: unknown) => Buffer.from(JSON.stringify(o));
const data = (seq: number, c: Record<string, Record<string, unknown>>) => text({ v: 1, seq, ts: 1_700_000_000_000 + seq, c });

/** Messages of every kind, good and bad, as boxes send them. */
const MESSAGES: Array<{ kind: UpKind; payload: Buffer }> = [
  { kind: 'data', payload: data(1, { 1: { 40001: 7, 40003: 65_535 }, 2: { 40002: 1 } }) },
  // Two values left out (a register in another form, a value out of range), the rest kept.
  { kind: 'data', payload: data(2, { 1: { '040001': 1, 40002: 70_000, 40004: 4 } }) },
  { kind: 'data', payload: Buffer.from('{"v":1,"seq":3,"ts":1700000000003,"c":{"1":{"40001":1.0}}}') },
  { kind: 'data', payload: data(4, { 0: { 40001: 1 } }) },
  { kind: 'data', payload: Buffer.from('{not json') },
  { kind: 'data', payload: text({ v: 99, seq: 5, ts: 1, c: {} }) },
  { kind: 'data', payload: Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 0x20) },
  {
    kind: 'hello',
    payload: text({ v: 1, fw: '1.0', boxType: 'DTU', iccid: '898600', signal: -70, interval: 10, controllers: [{ index: 1, type: 'SC' }] }),
  },
  { kind: 'hello', payload: text({ v: 1, fw: '1.0' }) },
  { kind: 'ack', payload: text({ v: 1, id: 'w-00000000-0000-4000-8000-000000000000', ok: true }) },
  { kind: 'event', payload: text({ v: 1, ts: 1_700_000_000_000, kind: 'boot' }) },
  { kind: 'will', payload: text({ v: 1 }) },
];

/** A decoded message with its values as numbers, to compare. */
function plain(d: Decoded): unknown {
  if (!(d.ok && d.kind === 'data')) return d;
  return { ...d, controllers: d.controllers.map(([c, vals]) => [c, [...decodeValues(vals)]]) };
}

describe('decoding in a thread of its own', () => {
  it('a batch decodes as each message does alone: values, refusals and the values left out, in order', () => {
    const alone = MESSAGES.map((m) => decodeMessage(m.kind, m.payload));
    expect(alone.map((d) => (d.ok ? d.kind : d.reason))).toEqual([
      'data',
      'data',
      'data',
      'bad-shape',
      'not-json',
      'bad-version',
      'too-large',
      'hello',
      'bad-shape',
      'ack',
      'event',
      'will',
    ]);
    expect(alone[2]?.bad).toEqual(['bad-number']);
    expect(plain(alone[0] as Decoded)).toMatchObject({
      ts: 1_700_000_000_001,
      controllers: [
        [
          1,
          [
            [40001, 7],
            [40003, 65_535],
          ],
        ],
        [2, [[40002, 1]]],
      ],
    });
    expect(alone[1]?.bad).toEqual(['bad-value', 'bad-number']);
    expect(alone.map((d) => (d.ok ? null : d.envelope))).toEqual([
      null,
      null,
      null,
      true,
      false,
      false,
      false,
      null,
      true,
      null,
      null,
      null,
    ]);
    const batch = unpackDecoded(structuredClone(decodeBatch(packMessages(MESSAGES))));
    expect(batch.map(plain)).toEqual(alone.map(plain));
  });

  it("packs a snapshot's values in register order, whatever order the box wrote them in", () => {
    const d = decodeMessage('data', Buffer.from('{"v":1,"seq":1,"ts":1700000000000,"c":{"2":{"40010":3,"40002":2,"7":1}}}'));
    expect(plain(d)).toMatchObject({
      controllers: [
        [
          2,
          [
            [7, 1],
            [40002, 2],
            [40010, 3],
          ],
        ],
      ],
    });
  });

  it('a history batch packs and unpacks every row, box time and latest values', () => {
    const rows = [
      { deviceId: 3, ts: 1_700_000_000_000, vals: Uint8Array.of(0x9c, 0x41, 0, 7) },
      { deviceId: 4, ts: 1_700_000_000_001, boxTs: 1_900_000_000_000, vals: Uint8Array.of() },
      { deviceId: 3, ts: 1_700_000_000_002, vals: Uint8Array.of(0x9c, 0x41, 0, 8, 0x9c, 0x42, 1, 0) },
    ];
    const latest = [{ deviceId: 3, ts: 1_700_000_000_002, vals: Uint8Array.of(1, 2, 3, 4) }];
    const out = unpackBatch(structuredClone(packBatch(rows, latest)));
    expect(out.rows.map((r) => ({ ...r, vals: [...r.vals] }))).toEqual([
      { device_id: 3, ts: 1_700_000_000_000, box_ts: null, vals: [0x9c, 0x41, 0, 7] },
      { device_id: 4, ts: 1_700_000_000_001, box_ts: 1_900_000_000_000, vals: [] },
      { device_id: 3, ts: 1_700_000_000_002, box_ts: null, vals: [0x9c, 0x41, 0, 8, 0x9c, 0x42, 1, 0] },
    ]);
    expect(out.latest.map((l) => ({ ...l, vals: [...l.vals] }))).toEqual([{ device_id: 3, ts: 1_700_000_000_002, vals: [1, 2, 3, 4] }]);
  });
});

describe.skipIf(!fs.existsSync(DECODE_WORKER))('the built decoder thread', () => {
  const log = { error: () => undefined } as never;

  it('follows every message and every connection event in the order they came, across batches', async () => {
    const decoder = new Decoder(log, DECODE_WORKER);
    // As the built server starts it: none of the test runner's module conditions (they would load the sources).
    decoder.start([]);
    expect(decoder.threaded).toBe(true);
    try {
      const seen: string[] = [];
      const results: Array<Promise<unknown>> = [];
      // More than one batch (512), with events between the messages.
      for (let i = 0; i < 1200; i++) {
        const m = MESSAGES[i % MESSAGES.length] as (typeof MESSAGES)[number];
        results.push(
          decoder.decode(m.kind, m.payload, (d) => {
            seen.push(`m${i}`);
            return plain(d);
          }),
        );
        if (i % 97 === 0)
          decoder.inOrder(() => {
            seen.push(`e${i}`);
          });
      }
      const decoded = await Promise.all(results);
      const want: string[] = [];
      for (let i = 0; i < 1200; i++) {
        want.push(`m${i}`);
        if (i % 97 === 0) want.push(`e${i}`);
      }
      expect(seen).toEqual(want);
      expect(decoded).toEqual(
        Array.from({ length: 1200 }, (_, i) =>
          plain(
            decodeMessage(
              (MESSAGES[i % MESSAGES.length] as (typeof MESSAGES)[number]).kind,
              (MESSAGES[i % MESSAGES.length] as (typeof MESSAGES)[number]).payload,
            ),
          ),
        ),
      );
      // Once nothing waits, an event runs at once.
      let now = false;
      decoder.inOrder(() => {
        now = true;
      });
      expect(now).toBe(true);
    } finally {
      await decoder.stop();
    }
  });
});

describe.skipIf(!fs.existsSync(WRITER_WORKER))('the built history writer thread', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes a batch on its own connection, with the latest values and the minute marks, in one transaction', async () => {
    await registerBoxes(t.app, 930_001, 930_002);
    const owner = await t.app.db.selectFrom('users').select('id').where('username', '=', 'demo_manager').executeTakeFirstOrThrow();
    const device = { id: await insertOnlineDevice(t, 930_001, 1, owner.id) };
    const ts = Date.UTC(2026, 0, 1, 0, 0, 30);
    const batch = packBatch(
      [
        { deviceId: device.id, ts, vals: Uint8Array.of(0x9c, 0x41, 0, 7) },
        { deviceId: device.id, ts: ts + 1000, boxTs: ts + 9_000_000, vals: Uint8Array.of(0x9c, 0x41, 0, 8) },
      ],
      [{ deviceId: device.id, ts: ts + 1000, vals: Uint8Array.of(0x9c, 0x41, 0, 8) }],
    );
    const worker = new Worker(WRITER_WORKER, { workerData: { database: t.config.database }, execArgv: [] });
    try {
      const answer = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 3, request: batch }, [batch.numbers.buffer, batch.bytes.buffer]);
      });
      expect(answer).toEqual({ id: 3, ok: true });
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    }
    const rows = await t.app.db
      .selectFrom('history')
      .select(['ts', 'box_ts', 'vals'])
      .where('device_id', '=', device.id)
      .where('ts', '>=', ts)
      .orderBy('ts')
      .execute();
    expect(rows.map((r) => ({ ts: r.ts, box_ts: r.box_ts, vals: [...decodeValues(r.vals)] }))).toEqual([
      { ts, box_ts: null, vals: [[40001, 7]] },
      { ts: ts + 1000, box_ts: ts + 9_000_000, vals: [[40001, 8]] },
    ]);
    const latest = await t.app.db.selectFrom('device_latest').select('ts').where('device_id', '=', device.id).executeTakeFirstOrThrow();
    expect(latest.ts).toBe(ts + 1000);
    const marks = await t.app.db
      .selectFrom('history_rollup_dirty')
      .select('ts')
      .where('device_id', '=', device.id)
      .where('ts', '=', ts - 30_000)
      .execute();
    expect(marks).toHaveLength(1);
  });
});
