import { parseLabel, type ClaimLabel } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();

/** Claim labels (issue 24; docs/people.md "Claiming a box"): printed from box registration, scanned at add-device. */
describe.each(dialects)('claim labels on %s', (dialect) => {
  let t: TestApp;
  let uid: (username: string) => number;

  const as = async (username: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...bearer(await login(t.app, username)), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const labelsOf = async (start: number, end: number) =>
    (body(await as('demo_root', 'GET', `/box-reg-info/labels?startBoxId=${start}&endBoxId=${end}`)).data as { labels: ClaimLabel[] })
      .labels;
  const claim = (username: string, payload: Record<string, unknown>, lang = 'en') =>
    as(username, 'POST', '/user_register/register_device_to_user', payload, lang);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_LIMIT_PER_ADDRESS: '1000' });
    uid = await userIds(t);
    const res = await as('demo_root', 'POST', '/box-reg-info', {
      startBoxId: 7101,
      endBoxId: 7104,
      userId: uid('demo_root'),
      boxType: 'DTU-4G',
      ck: '1333',
    });
    expect(body(res).code).toBe(20000);
    for (const boxId of [7101, 7102, 7103, 7104])
      await insertDevice(t, { box_id: boxId, controller: 1, owner_id: uid('demo_root'), status: 'online', fault: 0, alert: 0 });
  });
  afterAll(async () => t.close());

  it('gives each registered box of a range a label: its id and a secret of its own, never its CK code', async () => {
    const labels = await labelsOf(7100, 7104);
    expect(labels.map((l) => l.boxId)).toEqual([7101, 7102, 7103, 7104]);
    const parsed = labels.map((l) => parseLabel(l.payload));
    expect(parsed.map((p) => p?.boxId)).toEqual([7101, 7102, 7103, 7104]);
    for (const [i, label] of labels.entries()) {
      expect(label.payload).toMatch(/^DMS1:\d+:[0-9A-HJKMNP-TV-Z]{16}$/);
      expect(label.code.replaceAll('-', '')).toBe(parsed[i]?.claim);
      expect(label.payload).not.toContain('1333');
    }
    expect(new Set(parsed.map((p) => p?.claim)).size).toBe(4);
    // The same labels again: nothing secret is stored, the same secret is derived.
    expect(await labelsOf(7101, 7104)).toEqual(labels);
    // limited_admin prints them too.
    expect(body(await as('demo_limited_admin', 'GET', '/box-reg-info/labels?startBoxId=7101&endBoxId=7101')).code).toBe(20000);
  });

  it('refuses a bad range, a range with no box, a stranger and no token, with their messages', async () => {
    const cases: Array<[string, number, string]> = [
      ['startBoxId=7104&endBoxId=7101', 40001, 'The end box id must not be less than the start box id'],
      ['startBoxId=1&endBoxId=501', 40001, 'One label sheet may cover at most 500 boxes'],
      ['startBoxId=abc&endBoxId=7101', 40001, 'Please fill in startBoxId with a positive integer'],
      ['startBoxId=8000&endBoxId=8010', 40111, 'No box from 8000 to 8010 is registered.'],
    ];
    for (const [query, code, message] of cases) {
      const res = await as('demo_root', 'GET', `/box-reg-info/labels?${query}`);
      expect(body(res), query).toMatchObject({ code, message });
    }
    const zh = await as('demo_root', 'GET', '/box-reg-info/labels?startBoxId=1&endBoxId=501', undefined, 'zh');
    expect(body(zh).message).toBe('一次最多打印 500 个盒子的标签');
    expect((await as('demo_manager', 'GET', '/box-reg-info/labels?startBoxId=7101&endBoxId=7101')).statusCode).toBe(403);
    expect((await as('demo_manager', 'POST', '/box-reg-info/labels/void', { startBoxId: 7101, endBoxId: 7101 })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v2/box-reg-info/labels?startBoxId=7101&endBoxId=7101' })).statusCode).toBe(401);
  });

  it('claims a box at add-device with its scanned label, typed code or not; a wrong label counts as a wrong code', async () => {
    const [first, second] = await labelsOf(7101, 7102);
    const scanned = parseLabel(first?.payload ?? '');
    const res = await claim('demo_manager', { boxId: 7101, claim: scanned?.claim });
    expect(body(res)).toMatchObject({ code: 20000, data: { boxId: 7101, owner: 'demo_manager' } });
    // Typed from the label's text, lower-case with its dashes, an O for a zero: the same secret.
    const typed = (second?.code ?? '').toLowerCase().replaceAll('0', 'o');
    expect(body(await claim('demo_submanager', { boxId: 7102, claim: typed })).code).toBe(20000);
    // Another box's label does not claim this one.
    const wrong = await claim('demo_afterSales', { boxId: 7103, claim: scanned?.claim });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toMatchObject({
      code: 40005,
      message: 'This label is not the current one of box 7103: its labels were replaced. Ask for a new label.',
    });
    const failed = await t.app.db
      .selectFrom('claim_attempts')
      .select('ok')
      .where('box_id', '=', 7103)
      .where('user_id', '=', uid('demo_afterSales'))
      .execute();
    expect(failed.map((f) => f.ok)).toEqual([0]);
    for (const [payload, message] of [
      [{ boxId: 7103 }, 'Enter the CK code on the box, or scan its label.'],
      [{ boxId: 7103, claim: 'ABC' }, 'Enter the CK code on the box, or scan its label.'],
    ] as const) {
      expect(body(await claim('demo_afterSales', payload))).toMatchObject({ code: 40001, message });
    }
  });

  it('voids the labels of a range: the old ones no longer claim, the new ones do, and it is logged', async () => {
    const [before] = await labelsOf(7104, 7104);
    const res = await as('demo_root', 'POST', '/box-reg-info/labels/void', { startBoxId: 7103, endBoxId: 7200 });
    expect(body(res)).toMatchObject({ code: 20000, data: { boxIds: [7103, 7104] } });
    const [after] = await labelsOf(7104, 7104);
    expect(after?.payload).not.toBe(before?.payload);
    const old = await claim('demo_manager', { boxId: 7104, claim: parseLabel(before?.payload ?? '')?.claim });
    expect(body(old).code).toBe(40005);
    expect(body(await claim('demo_manager', { boxId: 7104, claim: parseLabel(after?.payload ?? '')?.claim })).code).toBe(20000);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['action', 'target', 'new_value'])
      .where('action', '=', 'box.voidLabels')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ action: 'box.voidLabels', target: '7103-7200', new_value: '2 box(es) given new claim labels' });
  });
});
