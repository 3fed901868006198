import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials } from '@dms/contract';
import { DEMO_FIRST_BOX_ID, demoFields, fillDemoDevices } from '../src/demo-fleet/index.js';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { buildTestApp, type TestApp } from './helper.js';

const DAY = 86_400_000;

describe('demo fleet device fields', () => {
  let t: TestApp;
  let client: MqttClient;
  const first = DEMO_FIRST_BOX_ID;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const [box] = (await registerBoxes(t.app, first, first + 1)) as [BoxCredentials];
    client = await connectBox(t.app.mqttPort, box);
    await send(
      client,
      first,
      'hello',
      hello([
        { index: 1, type: 'screw-compressor' },
        { index: 2, type: 'maglev-blower' },
      ]),
    );
    await eventually(() => {
      expect(t.app.ingest.deviceAt(first, 2)).toBeDefined();
    });
    await t.app.ingest.drain();
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it('fills the empty fields of the demo devices once they exist, and leaves them after', async () => {
    const now = Date.UTC(2026, 10, 21, 8, 0, 0);
    expect(await fillDemoDevices(t.app, first, first + 5, now)).toBe(2);
    const rows = await t.app.db.selectFrom('devices').selectAll().where('box_id', '=', first).orderBy('controller').execute();
    expect(rows.map((r) => [r.station_no, r.model, r.iot_card, r.company, r.province, r.city])).toEqual([
      ['ST-001-1', expect.stringMatching(/^SC-/), '89860012345678901234', 'Test Co', '江苏省', '苏州市'],
      ['ST-001-2', expect.stringMatching(/^MB-/), '89860012345678901234', 'Test Co', '江苏省', '苏州市'],
    ]);
    for (const r of rows) {
      // Written as the people of the place write it, not translated: "江苏省苏州市吴中区星湖街18号".
      expect(`${r.province}${r.city}${r.area}${r.street}`).toBe('江苏省苏州市吴中区星湖街18号');
      expect(r.install_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.contact).toMatch(/^\p{Script=Han}{2,3}$/u);
      expect(r.phone).toMatch(/^\+86 /);
      expect(Math.abs((r.lng ?? 0) - 120.62)).toBeLessThan(0.1);
      expect(Math.abs((r.lat ?? 0) - 31.3)).toBeLessThan(0.1);
    }
    // Someone's edit stays: nothing is empty any more.
    await t.app.db
      .updateTable('devices')
      .set({ station_no: 'MY-1', remark: 'kept' })
      .where('box_id', '=', first)
      .where('controller', '=', 1)
      .execute();
    expect(await fillDemoDevices(t.app, first, first + 5, now)).toBe(0);
    const kept = await t.app.db
      .selectFrom('devices')
      .select(['station_no', 'remark'])
      .where('box_id', '=', first)
      .where('controller', '=', 1)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ station_no: 'MY-1', remark: 'kept' });
  });

  it('hears of each hello once its devices exist and the box facts are stored (what the demo fleet fills on)', async () => {
    const [, second] = (await registerBoxes(t.app, first + 2, first + 3)) as [BoxCredentials, BoxCredentials];
    const heard: Array<{ boxId: number; devices: number; iccid: string | null }> = [];
    const stop = t.app.ingest.on('hello', ({ boxId }) => {
      void t.app.db
        .selectFrom('boxes')
        .select('iccid')
        .where('box_id', '=', boxId)
        .executeTakeFirst()
        .then(async (b) => {
          const devices = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', boxId).execute();
          heard.push({ boxId, devices: devices.length, iccid: b?.iccid ?? null });
        });
    });
    const other = await connectBox(t.app.mqttPort, second);
    try {
      await send(other, second.boxId, 'hello', hello([{ index: 1, type: 'generic-plc' }]));
      await eventually(() => {
        expect(heard).toEqual([{ boxId: second.boxId, devices: 1, iccid: '89860012345678901234' }]);
      });
    } finally {
      stop();
      await other.endAsync(true);
    }
  });

  it('gives the fleet expired devices, devices expiring this month, and ones still valid', () => {
    const now = Date.UTC(2026, 10, 21, 8, 0, 0);
    const expiries = Array.from({ length: 6 }, (_, i) => demoFields(first + i, 1, 'screw-compressor', now).expiry_date);
    expect(expiries.some((d) => d < '2026-11-21')).toBe(true);
    expect(expiries.some((d) => d >= '2026-11-21' && d <= '2026-11-30')).toBe(true);
    expect(expiries.some((d) => d > '2026-12-31')).toBe(true);
    expect(demoFields(first, 1, null, now).model).toBe('');
    expect(new Date(`${demoFields(first, 1, 'generic-plc', now).install_date}T00:00:00Z`).getTime()).toBeLessThan(now - 100 * DAY);
  });
});
