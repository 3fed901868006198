import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIRST_BOX_ID } from '../src/demo-fleet/index.js';
import { arrangeDemoPeople, DEMO_CK } from '../src/demo-fleet/people.js';
import { registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, userIds, type TestApp } from './helper.js';

interface Listed {
  total: number;
  items: Array<{ id: number; boxId: number; reach: { how: string; data: boolean; canSwitch: boolean; hidden: boolean } }>;
}

describe('the demo fleet people (README "Demo accounts")', () => {
  let t: TestApp;
  const first = DEMO_FIRST_BOX_ID;
  const last = first + 9;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    // 10 boxes of two controllers: the first two demo_end_user's, the rest demo_manager's (16 devices).
    await registerBoxes(t.app, first, first + 1, 'demo_end_user');
    await registerBoxes(t.app, first + 2, last, 'demo_manager');
    const uid = await userIds(t);
    for (let box = first; box <= last; box++) {
      for (const controller of [1, 2]) {
        await insertDevice(t, {
          box_id: box,
          controller,
          owner_id: uid(box < first + 2 ? 'demo_end_user' : 'demo_manager'),
          status: 'online',
          fault: 0,
          alert: 0,
        });
      }
    }
    await arrangeDemoPeople(t.app, first, last);
  });
  afterAll(async () => t.close());

  const list = async (username: string) =>
    body(await t.app.inject({ method: 'GET', url: '/api/v2/devices?page_size=100', headers: bearer(await login(t.app, username)) }))
      .data as Listed;

  it('demo_submanager owns 10 devices assigned by demo_manager, 2 of them hidden from it', async () => {
    const sub = await list('demo_submanager');
    expect(sub.total).toBe(10);
    expect(sub.items.every((d) => d.reach.how === 'owner' && d.reach.data)).toBe(true);
    expect(sub.items.filter((d) => d.reach.hidden)).toHaveLength(2);
    const manager = await list('demo_manager');
    expect(manager.total).toBe(16);
    const assigned = manager.items.filter((d) => d.reach.how === 'assigned');
    expect(assigned).toHaveLength(10);
    expect(assigned.filter((d) => !d.reach.data)).toHaveLength(2);
  });

  it('demo_helper reaches 5 shared devices, 2 of them with the switch right', async () => {
    const helper = await list('demo_helper');
    expect(helper.total).toBe(5);
    expect(helper.items.every((d) => d.reach.how === 'helper')).toBe(true);
    expect(helper.items.filter((d) => d.reach.canSwitch)).toHaveLength(2);
  });

  it('the last boxes carry CK 1333: demo_manufacturer and the demo distributors below it reach their devices, read only', async () => {
    const ck = await t.app.db.selectFrom('boxes').select('box_id').where('ck', '=', DEMO_CK).execute();
    expect(ck.map((b) => b.box_id)).toEqual([last - 1, last]);
    for (const username of ['demo_manufacturer', 'demo_district_dist', 'demo_regional_dist']) {
      const seen = await list(username);
      expect(seen.items.map((d) => d.boxId).sort(), username).toEqual([last - 1, last - 1, last, last]);
      expect(seen.items.every((d) => d.reach.how === 'ck' && !d.reach.canSwitch)).toBe(true);
    }
    expect((await list('demo_market')).total).toBe(0);
  });
});
