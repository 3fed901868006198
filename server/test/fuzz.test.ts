import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { UP_KINDS, type BoxCredentials } from '@dms/contract';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { buildTestApp, type TestApp } from './helper.js';
import { reg } from './registers.js';

/** A small seeded PRNG (mulberry32), so a failing run can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const COUNT = 3000;
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');

describe('fuzz: random payloads never stop ingest', () => {
  let t: TestApp;
  let box: BoxCredentials;
  let client: MqttClient;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { BOX_RATE_LIMIT: '10000' });
    [box] = (await registerBoxes(t.app, 9901, 9901)) as [BoxCredentials];
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it(`${COUNT} random payloads (seed ${SEED}) are all acknowledged, counted, and ingest keeps storing`, async () => {
    const rand = prng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const anything = (depth: number): unknown => {
      const r = rand();
      if (depth > 3 || r < 0.25)
        return pick([null, true, false, -1, 0, 1.5, 65536, 1e308, '', 'x', '🙂', String(PRESSURE), Number.MAX_SAFE_INTEGER]);
      if (r < 0.5) return Array.from({ length: Math.floor(rand() * 4) }, () => anything(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 5) }, () => [
          pick(['v', 'seq', 'ts', 'c', '1', String(PRESSURE), 'fw', 'controllers', 'id', 'ok', 'kind', '__proto__']),
          anything(depth + 1),
        ]),
      );
    };
    const valid = () =>
      data(
        t.clock.now - Math.floor(rand() * 1e6),
        { '1': { [PRESSURE]: Math.floor(rand() * 100), [FAULT_BITS]: Math.floor(rand() * 4) } },
        Math.floor(rand() * 1e6),
      );
    const mutate = (o: unknown): unknown => {
      const copy = JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
      const key = pick(Object.keys(copy));
      copy[key] = anything(1);
      return copy;
    };
    const payloads: Array<{ kind: (typeof UP_KINDS)[number]; payload: string | Buffer }> = [];
    for (let i = 0; i < COUNT; i++) {
      const kind = pick(UP_KINDS.filter((k) => k !== 'will'));
      const r = rand();
      const payload =
        r < 0.2
          ? Buffer.from(Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 256)))
          : r < 0.4
            ? JSON.stringify(anything(0))
            : r < 0.8
              ? JSON.stringify(mutate(valid()))
              : JSON.stringify({ v: 1, ...(anything(0) as object) });
      payloads.push({ kind, payload });
    }
    const before = t.app.ingest.stats.snapshot();
    for (let i = 0; i < payloads.length; i += 100) {
      await Promise.all(payloads.slice(i, i + 100).map((p) => client.publishAsync(`box/${box.boxId}/up/${p.kind}`, p.payload, { qos: 1 })));
    }
    const after = t.app.ingest.stats.snapshot();
    expect(after.messages - before.messages).toBe(COUNT);
    const dropped = Object.values(after.drops).reduce((a, b) => a + b, 0) - Object.values(before.drops).reduce((a, b) => a + b, 0);
    expect(dropped).toBeGreaterThan(COUNT / 2);
    expect(client.connected).toBe(true);
    // Still storing: a valid snapshot after the storm is there.
    const ts = t.clock.now;
    await send(client, box.boxId, 'data', data(ts, { '1': { [PRESSURE]: 77 } }));
    expect(t.app.ingest.deviceAt(box.boxId, 1)?.latest.get(PRESSURE)).toBe(77);
    const row = await t.app.db.selectFrom('history').select('ts').where('ts', '=', ts).executeTakeFirst();
    expect(row?.ts).toBe(ts);
  });
});
