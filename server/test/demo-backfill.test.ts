import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KlineResult } from '@dms/contract';
import { backfillReports } from '../../simulator/src/backfill.js';
import { loadConfig } from '../src/config.js';
import { BACKFILL_BATCH, BACKFILL_INTERVAL_S, backfillHistory } from '../src/demo-fleet/backfill.js';
import { devicesOfBoxes } from '../src/demo-fleet/repository.js';
import { decodeValues } from '../src/ingest/codec.js';
import { observeHistoryBatches } from '../src/ingest/writer.js';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const DAY = 86_400_000;
const DISCHARGE_TEMPERATURE = reg('screw-compressor', 'discharge_temperature');
const FIRST = 9101;

describe('DEMO_BACKFILL_DAYS', () => {
  it('is 7 days unless set; 0 turns the back-fill off', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).demoFleet.backfillDays).toBe(7);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_BACKFILL_DAYS: '0' }).demoFleet.backfillDays).toBe(0);
    expect(() => loadConfig({ NODE_ENV: 'test', DEMO_BACKFILL_DAYS: '-1' })).toThrow(/DEMO_BACKFILL_DAYS/);
  });
});

describe.each(dialects)('demo fleet history back-fill on %s', (dialect) => {
  let t: TestApp;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // A small fleet: three boxes, four controllers of the three simulated types, devices made by their hellos.
    const boxes = await registerBoxes(t.app, FIRST, FIRST + 2);
    const types = [['screw-compressor', 'maglev-blower'], ['generic-plc'], ['screw-compressor']];
    for (const [i, box] of boxes.entries()) {
      const client = await connectBox(t.app.mqttPort, box);
      clients.push(client);
      await send(client, box.boxId, 'hello', hello((types[i] ?? []).map((type, k) => ({ index: k + 1, type }))));
    }
    await eventually(async () => {
      expect(await devicesOfBoxes(t.app.db, FIRST, FIRST + 2)).toHaveLength(4);
    });
    await t.app.ingest.drain();
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await t.close();
  });

  it('writes 7 days of plausible history for every device, in batches of the history writer', async () => {
    const devices = await devicesOfBoxes(t.app.db, FIRST, FIRST + 2);
    const to = Math.floor(t.clock.now / 300_000) * 300_000;
    const batches: number[] = [];
    const stop = observeHistoryBatches(t.app.db, (report) => {
      if (report.ok) batches.push(report.rows);
    });
    const result = await backfillHistory(t.app, devices, { days: 7, to, source: backfillReports });
    stop();

    const perDevice = (7 * DAY) / (BACKFILL_INTERVAL_S * 1000) + 1;
    expect(result).toMatchObject({ devices: 4, rows: 4 * perDevice });
    // Several transactions, none larger than a batch: memory stays bounded whatever the fleet.
    expect(batches.length).toBeGreaterThan(1);
    expect(Math.max(...batches)).toBeLessThanOrEqual(BACKFILL_BATCH);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(4 * perDevice);

    for (const d of devices) {
      const span = await t.app.db
        .selectFrom('history')
        .select((eb) => [eb.fn.min('ts').as('first'), eb.fn.max('ts').as('last'), eb.fn.countAll().as('n')])
        .where('device_id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect(span.first).toBe(to - 7 * DAY);
      expect(span.last).toBe(to);
      expect(Number(span.n)).toBe(perDevice);
    }

    // The values are the simulator's machines at work: a screw compressor's discharge temperature moves within its
    // normal range, through the week.
    const screw = devices.find((d) => d.type_code === 'screw-compressor');
    const rows = await t.app.db
      .selectFrom('history')
      .select(['ts', 'vals'])
      .where('device_id', '=', screw?.id ?? 0)
      .orderBy('ts')
      .execute();
    const temperatures = rows.map((r) => (decodeValues(r.vals).get(DISCHARGE_TEMPERATURE) ?? Number.NaN) / 10);
    expect(Math.min(...temperatures)).toBeGreaterThan(0);
    expect(Math.max(...temperatures)).toBeLessThan(110);
    expect(new Set(temperatures.map(Math.round)).size).toBeGreaterThan(5);

    // The 7-day k-line shows seven daily candles, not one.
    const manager = await login(t.app, 'demo_manager');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/history/${FIRST}/1/kline?register=${DISCHARGE_TEMPERATURE}&period=day&from=${to - 7 * DAY}&to=${to}`,
      headers: bearer(manager),
    });
    expect(res.statusCode).toBe(200);
    const candles = (body(res).data as KlineResult).candles;
    expect(candles.length).toBeGreaterThanOrEqual(7);
    expect(candles.every((c) => c.n >= 280)).toBe(true);
  });

  it('writes nothing twice when run again over the same days', async () => {
    const devices = await devicesOfBoxes(t.app.db, FIRST, FIRST);
    const to = Math.floor(t.clock.now / 300_000) * 300_000;
    const before = await t.app.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await backfillHistory(t.app, devices, { days: 1, to, source: backfillReports });
    const after = await t.app.db
      .selectFrom('history')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
