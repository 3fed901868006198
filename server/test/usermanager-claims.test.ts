import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();

/** add-device (`register_device_to_user`): docs/people.md "Claiming a box". */
describe.each(dialects)('claiming a box by its CK code on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;
  const devices = new Map<number, number>();

  const register = async (boxId: number, username: string, ck: string | undefined, companyName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/box-reg-info',
      headers: bearer(await login(t.app, 'demo_root')),
      payload: { startBoxId: boxId, endBoxId: boxId, userId: uid(username), boxType: 'DTU-4G', companyName, ...(ck ? { ck } : {}) },
    });
    expect(body(res).code).toBe(20000);
    devices.set(
      boxId,
      await insertDevice(t, { box_id: boxId, controller: 1, owner_id: uid(username), status: 'online', fault: 0, alert: 0 }),
    );
  };
  const claim = async (username: string, payload: Record<string, unknown>, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/user_register/register_device_to_user',
      headers: { ...bearer(await login(t.app, username)), 'accept-language': lang },
      payload,
    });
  const ownerOf = async (boxId: number) =>
    (
      await t.app.db
        .selectFrom('devices')
        .select('owner_id')
        .where('id', '=', devices.get(boxId) ?? 0)
        .executeTakeFirstOrThrow()
    ).owner_id;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    await register(6301, 'demo_root', '1333', 'Stock');
    await register(6302, 'demo_market', '1333', 'Acme Air Ltd');
    await register(6303, 'demo_manufacturer', '1333', 'Factory stock');
    await register(6304, 'demo_root', '2444', 'Stock');
    await register(6305, 'demo_root', '1333', 'Stock');
  });
  afterAll(async () => t.close());

  it("makes a stock box's devices the caller's, in one step, and a repeat is harmless", async () => {
    const res = await claim('demo_manager', { boxId: 6301, ck: '1333' });
    expect(body(res)).toMatchObject({ code: 20000, data: { boxId: 6301, devices: [{ id: devices.get(6301), controller: 1 }] } });
    expect(await ownerOf(6301)).toBe(uid('demo_manager'));
    const box = await t.app.db.selectFrom('boxes').select('owner_id').where('box_id', '=', 6301).executeTakeFirstOrThrow();
    expect(box.owner_id).toBe(uid('demo_manager'));
    expect(t.app.ingest.box(6301)?.ownerId).toBe(uid('demo_manager'));
    const list = body(
      await t.app.inject({ method: 'GET', url: '/api/v2/devices?boxId=6301', headers: bearer(await login(t.app, 'demo_manager')) }),
    ).data as { items: Array<{ reach: { how: string } }> };
    expect(list.items.map((d) => d.reach.how)).toEqual(['owner']);
    expect(body(await claim('demo_manager', { boxId: 6301, ck: '1333' })).code).toBe(20000);
    // The CK factory's stock may be claimed by anyone with the code.
    expect(body(await claim('demo_qualityCtrl', { boxId: 6303, ck: '1333' })).code).toBe(20000);
    expect(await ownerOf(6303)).toBe(uid('demo_qualityCtrl'));
  });

  it('refuses a wrong code, an unregistered box and a malformed code with their messages', async () => {
    const wrong = await claim('demo_afterSales', { boxId: 6304, ck: '1333' });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({ code: 40005, message: 'The CK code does not match this box.' });
    expect(await ownerOf(6304)).toBe(uid('demo_root'));
    const none = await claim('demo_afterSales', { boxId: 999_999, ck: '1333' });
    expect(none.statusCode).toBe(404);
    expect(body(none)).toMatchObject({ code: 40401, message: 'No box is registered with this id.' });
    for (const ck of ['133', 'abcd', '13333', '']) {
      expect(body(await claim('demo_afterSales', { boxId: 6304, ck })), ck).toMatchObject({
        code: 40001,
        message: 'CK code must be four digits!',
      });
    }
    expect(body(await claim('demo_afterSales', { boxId: 6304, ck: '1333' }, 'zh')).message).toBe('CK码与该盒子不符。');
  });

  it('refuses a box held by another company, naming the company and nothing personal', async () => {
    const res = await claim('demo_manager', { boxId: 6302, ck: '1333' });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({
      code: 40904,
      message: 'This box belongs to Acme Air Ltd. Ask them to release it.',
      data: { company: 'Acme Air Ltd' },
    });
    expect(await ownerOf(6302)).toBe(uid('demo_market'));
  });

  it('cannot be guessed: the 6th try of a user on a box is refused even with the right code, for an hour', async () => {
    for (let i = 0; i < 5; i++) expect(body(await claim('demo_afterSalesPlus', { boxId: 6305, ck: String(1000 + i) })).code).toBe(40005);
    const blocked = await claim('demo_afterSalesPlus', { boxId: 6305, ck: '1333' });
    expect(blocked.statusCode).toBe(429);
    const b = body(blocked) as { code: number; message: string; data: { retryAfterSeconds: number } };
    expect(b.code).toBe(42900);
    expect(b.message).toBe('Too many wrong CK codes. Try again in 60 minutes.');
    expect(b.data.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await ownerOf(6305)).toBe(uid('demo_root'));
    // Another user is not locked out of the box by it.
    expect(body(await claim('demo_manager', { boxId: 6305, ck: '1333' })).code).toBe(20000);
    const attempts = await t.app.db.selectFrom('claim_attempts').select('ok').where('box_id', '=', 6305).execute();
    expect(attempts.filter((a) => a.ok === 0)).toHaveLength(5);
  });

  it('is for the roles of the access table (403) and signed-in users (401)', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2/user_register/register_device_to_user', payload: { boxId: 6304, ck: '2444' } }))
        .statusCode,
    ).toBe(401);
    for (const username of ['demo_end_user', 'demo_helper', 'demo_market', 'demo_limited_admin']) {
      const res = await claim(username, { boxId: 6304, ck: '2444' });
      expect(res.statusCode, username).toBe(403);
      expect(body(res), username).toMatchObject({ code: 40300 });
    }
    expect(await ownerOf(6304)).toBe(uid('demo_root'));
  });
});
