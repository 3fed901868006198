import { acceptedMode, type Calculated, Code, controllerKey, dayOf, PASSWORD_MODE_NAMES } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sealer } from '../src/security/sealed.js';
import { registerBoxes } from './boxes.js';
import { apiAs, body, buildTestApp, insertOnlineDevice, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();
const URL = '/qrManage/calculate-dynamic-pwd';
const FACTORY_BOX = 9301;
const OTHER_BOX = 9302;
const NO_CK_BOX = 9303;
let requests = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requests}`;

/**
 * Dynamic passwords (/qrManage/calculate-dynamic-pwd; issue 24, docs/dynamic-password.md), on each database: the
 * password is one the controller accepts (checked with the controller's side of the algorithm and the CK factory's
 * master key), each calculation is recorded and debits one unit of quota in the same transaction, a retry is answered
 * again and not paid for again, and calculations at once never overspend a quota.
 */
describe.each(dialects)('dynamic passwords (%s)', (dialect) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const { call, ok, refused } = apiAs(() => t.app, tokens);
  let uid: (username: string) => number;
  let factoryDevice = 0;
  let otherDevice = 0;
  let noCkDevice = 0;

  const setQuota = async (username: string, remaining: number) => {
    await t.app.db.deleteFrom('pwd_quotas').where('user_id', '=', uid(username)).execute();
    await t.app.db
      .insertInto('pwd_quotas')
      .values({ user_id: uid(username), remaining, updated_at: t.clock.now })
      .execute();
  };
  const quota = async (username: string) =>
    (await t.app.db.selectFrom('pwd_quotas').select('remaining').where('user_id', '=', uid(username)).executeTakeFirst())?.remaining;
  const records = async (username: string) =>
    t.app.db
      .selectFrom('pwd_records')
      .select(['serial', 'challenge', 'mode', 'remaining'])
      .where('user_id', '=', uid(username))
      .orderBy('id')
      .execute();
  /** The controller's side: the mode it unlocks for this password, with its own key (made from the factory's master key). */
  const controllerAccepts = async (c: Calculated, ck: string) => {
    const key = controllerKey(await t.app.dynamicPasswords.masterKey(ck), c.serial);
    return acceptedMode(key, c.serial, Number(c.challenge), dayOf(t.clock.now), c.password);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    uid = await userIds(t);
    await registerBoxes(t.app, FACTORY_BOX, NO_CK_BOX);
    await t.app.db.updateTable('boxes').set({ ck: '1333' }).where('box_id', '=', FACTORY_BOX).execute();
    await t.app.db.updateTable('boxes').set({ ck: '2001' }).where('box_id', '=', OTHER_BOX).execute();
    // The factory's controller is owned by it; the other CK group's by demo_manager.
    factoryDevice = await insertOnlineDevice(t, FACTORY_BOX, 1, uid('demo_manufacturer'));
    otherDevice = await insertOnlineDevice(t, OTHER_BOX, 1, uid('demo_manager'));
    noCkDevice = await insertOnlineDevice(t, NO_CK_BOX, 1, uid('demo_root'));
    for (const u of ['demo_root', 'demo_limited_admin', 'demo_manufacturer', 'demo_district_dist']) tokens[u] = await login(t.app, u);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the password the controller accepts for its mode, records it and debits one unit; a retry is not paid again', async () => {
    await setQuota('demo_limited_admin', 5);
    const id = requestId();
    const asked = { deviceId: factoryDevice, challenge: '042917', mode: 'unlock-7d', requestId: id };
    const first = await ok<Calculated>('demo_limited_admin', 'POST', URL, asked);
    expect(first).toMatchObject({
      mode: 'unlock-7d',
      deviceId: factoryDevice,
      serial: `${FACTORY_BOX}-1`,
      challenge: '042917',
      unlockDays: 7,
      remaining: 4,
      calculatedAt: t.clock.now,
      validUntil: (dayOf(t.clock.now) + 2) * 86_400_000 - 1,
    });
    expect(first.password).toMatch(/^\d{8}$/);
    expect(await controllerAccepts(first, '1333')).toBe('unlock-7d');
    // The same request again (a retry after a lost answer): the same answer, nothing debited.
    expect(await ok<Calculated>('demo_limited_admin', 'POST', URL, asked)).toEqual(first);
    expect(await quota('demo_limited_admin')).toBe(4);
    // The key of that calculation for another one: refused, nothing debited.
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { ...asked, challenge: '042918' },
      {
        status: 400,
        code: Code.REJECTED,
        message: 'This request key was used for another calculation. Start a new one.',
      },
    );
    expect(await quota('demo_limited_admin')).toBe(4);
    expect(await records('demo_limited_admin')).toEqual([
      { serial: `${FACTORY_BOX}-1`, challenge: 42917, mode: 'unlock-7d', remaining: 4 },
    ]);
    // Each mode gives its own password, each accepted for its mode only.
    const byMode = new Map<string, string>();
    for (const mode of PASSWORD_MODE_NAMES) {
      const c = await ok<Calculated>('demo_root', 'POST', URL, { ...asked, mode, requestId: requestId() });
      expect(await controllerAccepts(c, '1333'), mode).toBe(mode);
      byMode.set(mode, c.password);
    }
    expect(new Set(byMode.values()).size).toBe(PASSWORD_MODE_NAMES.length);
  });

  it('lets root and the CK factory calculate without a limit, and keeps a factory to its own CK group', async () => {
    const factory = await ok<Calculated>('demo_manufacturer', 'POST', URL, {
      deviceId: factoryDevice,
      challenge: '000001',
      mode: 'permanent',
      requestId: requestId(),
    });
    expect(factory).toMatchObject({ remaining: null, unlockDays: null });
    expect(await controllerAccepts(factory, '1333')).toBe('permanent');
    expect(await quota('demo_manufacturer')).toBeUndefined();
    // Root has no limit; the other CK group's controller takes that group's key.
    const root = await ok<Calculated>('demo_root', 'POST', URL, {
      deviceId: otherDevice,
      challenge: '000001',
      mode: 'permanent',
      requestId: requestId(),
    });
    expect(root.remaining).toBeNull();
    expect(await controllerAccepts(root, '2001')).toBe('permanent');
    expect(await controllerAccepts(root, '1333')).toBeNull();
    // The factory does not see the other group's device: refused, nothing recorded.
    const before = (await records('demo_manufacturer')).length;
    await refused(
      'demo_manufacturer',
      'POST',
      URL,
      { deviceId: otherDevice, challenge: '000001', mode: 'permanent', requestId: requestId() },
      {
        status: 403,
        code: Code.FORBIDDEN,
      },
    );
    expect(await records('demo_manufacturer')).toHaveLength(before);
  });

  it('ten calculations at once against a quota of three: exactly three passwords and seven refusals', async () => {
    await setQuota('demo_limited_admin', 3);
    const before = (await records('demo_limited_admin')).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('demo_limited_admin', 'POST', URL, {
          deviceId: factoryDevice,
          challenge: String(100000 + i),
          mode: 'unlock-1d',
          requestId: requestId(),
        }),
      ),
    );
    const codes = answers.map((a) => body(a).code);
    expect(codes.filter((c) => c === Code.SUCCESS)).toHaveLength(3);
    expect(codes.filter((c) => c === Code.QUOTA_USED_UP)).toHaveLength(7);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => body(a).message)).toEqual(
      Array<string>(7).fill('Your password quota is used up. Ask your superior for more.'),
    );
    expect(await quota('demo_limited_admin')).toBe(0);
    const made = (await records('demo_limited_admin')).slice(before);
    expect(made.map((r) => r.remaining).sort()).toEqual([0, 1, 2]);
    // The same request twice at once: one password, one unit.
    await setQuota('demo_limited_admin', 2);
    const twice = { deviceId: factoryDevice, challenge: '777777', mode: 'unlock-30d', requestId: requestId() };
    const [a, b] = await Promise.all([
      ok<Calculated>('demo_limited_admin', 'POST', URL, twice),
      ok<Calculated>('demo_limited_admin', 'POST', URL, twice),
    ]);
    expect(a).toEqual(b);
    expect(await quota('demo_limited_admin')).toBe(1);
  });

  it('refuses bad input, a box with no CK code and a user with no quota, with their messages, in each language', async () => {
    await setQuota('demo_limited_admin', 1);
    const good = { deviceId: factoryDevice, challenge: '123456', mode: 'unlock-1d', requestId: requestId() };
    const invalid = (message: string) => ({ status: 400, code: Code.VALIDATION_FAILED, message });
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { ...good, challenge: '12345' },
      invalid('Enter the challenge the controller shows: six digits.'),
    );
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { ...good, challenge: 123456 },
      invalid('Enter the challenge the controller shows: six digits.'),
    );
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { ...good, mode: 'forever' },
      invalid('Choose what the password does: unlock for 1, 7 or 30 days, or for good.'),
    );
    await refused('demo_limited_admin', 'POST', URL, { ...good, deviceId: 0 }, invalid('Choose the device whose controller is locked.'));
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { ...good, requestId: 'short' },
      invalid('Each calculation needs its own key: 8 to 64 letters, digits, - or _.'),
    );
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      { ...good, deviceId: noCkDevice },
      {
        status: 400,
        code: Code.REJECTED,
        message: `Box ${NO_CK_BOX} has no CK code, so its controllers have no factory key. Set its CK code first.`,
      },
    );
    await refused('demo_limited_admin', 'POST', URL, { ...good, deviceId: 987654 }, { status: 403, code: Code.FORBIDDEN });
    // Nothing above was paid for.
    expect(await quota('demo_limited_admin')).toBe(1);
    await refused('demo_limited_admin', 'POST', URL, { ...good, challenge: '1' }, invalid('请输入控制器显示的挑战码：6位数字。'), 'zh');
    await t.app.db.deleteFrom('pwd_quotas').where('user_id', '=', uid('demo_limited_admin')).execute();
    await refused(
      'demo_limited_admin',
      'POST',
      URL,
      good,
      { status: 409, code: Code.QUOTA_USED_UP, message: 'Se ha agotado su cupo de contraseñas. Pida más a su superior.' },
      'es',
    );
    // Spec 6: distributors do not calculate.
    await refused('demo_district_dist', 'POST', URL, good, { status: 403, code: Code.FORBIDDEN });
  });

  it('keeps each master key sealed with the server key: the row holds no key, and another server key cannot open it', async () => {
    const key = await t.app.dynamicPasswords.masterKey('1333');
    expect(key).toHaveLength(32);
    const row = await t.app.db.selectFrom('ck_master_keys').select('sealed').where('ck', '=', '1333').executeTakeFirstOrThrow();
    expect(row.sealed).toMatch(/^v1\./);
    expect(row.sealed).not.toContain(key.toString('base64url'));
    expect(row.sealed).not.toContain(key.toString('hex'));
    const stranger = Sealer.fromConfig({ dataDir: t.config.dataDir, secretKey: 'ab'.repeat(32) });
    expect(() => stranger.open('ck-master-key:1333', row.sealed)).toThrow();
    // Under another label (passed off as another group's key) it does not open either.
    expect(() => Sealer.fromConfig(t.config).open('ck-master-key:2001', row.sealed)).toThrow();
    expect(Sealer.fromConfig(t.config).open('ck-master-key:1333', row.sealed).equals(key)).toBe(true);
  });
});
