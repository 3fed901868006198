import { ADMIN_ROLE, Code, PERMISSION_NAMES, type Permission } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAccess,
  deviceGrants,
  deviceScope,
  refreshReach,
  requireAccess,
  seesAll,
  userScope,
  viewersOf,
  visibleIds,
} from '../src/access/index.js';
import type { Db } from '../src/db/database.js';
import { AppError } from '../src/errors.js';
import type { AuthContext } from '../src/types.js';
import { buildTestApp, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/** An id no record has. */
const MISSING = 987_654;

async function authOf(db: Db, username: string, roles?: string[]): Promise<AuthContext> {
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  return { user, roles: roles ?? (JSON.parse(user.roles) as string[]), sessionId: 0 };
}

describe.each(dialects)('the access module on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  const auth: Record<string, AuthContext> = {};
  /** Device ids by name (see beforeAll). */
  const d: Record<string, number> = {};
  const ids = () => [...Object.values(d), MISSING];
  const granted = async (who: string, permission: Permission, among = ids()) =>
    [...(await checkAccess(db, { auth: auth[who] as AuthContext, permission, ids: among }))].sort((a, b) => a - b);
  const named = (...names: string[]) => names.map((n) => d[n] as number).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    db = t.app.db;
    for (const name of ['demo_root', 'demo_manager', 'demo_helper', 'demo_end_user', 'demo_market', 'demo_qualityCtrl'])
      auth[name] = await authOf(db, name);
    auth.admin = await authOf(db, 'demo_market', [ADMIN_ROLE]);
    const id = (name: string) => (auth[name] as AuthContext).user.id;
    const now = t.clock.now;
    const box = (boxId: number, owner: string) => ({
      box_id: boxId,
      owner_id: id(owner),
      secret_hash: '00',
      box_type: 'test',
      contact: '',
      company_name: '',
      push_warning: 0,
      push_fault: 0,
      push_normal: 0,
      registered_at: now,
      registered_by: id('demo_root'),
      online: 0,
    });
    await db
      .insertInto('boxes')
      .values([box(900001, 'demo_manager'), box(900002, 'demo_market'), box(900003, 'demo_market'), box(900004, 'demo_market')])
      .execute();
    const device = async (name: string, boxId: number, controller: number, owner: string) => {
      const row = {
        box_id: boxId,
        controller,
        type_id: null,
        type_code: null,
        owner_id: id(owner),
        status: 'online',
        online: 1,
        fault: 0,
        alert: 0,
        last_seen: now,
        created_at: now,
      };
      d[name] = (await db.insertInto('devices').values(row).returning('id').executeTakeFirstOrThrow()).id;
    };
    await device('own', 900001, 1, 'demo_manager');
    await device('sharedSwitch', 900002, 1, 'demo_market');
    await device('sharedView', 900002, 2, 'demo_market');
    await device('assignedShown', 900003, 1, 'demo_end_user');
    await device('assignedHidden', 900003, 2, 'demo_end_user');
    await device('recalled', 900004, 1, 'demo_market');
    const link = (
      device: string,
      kind: 'assigned' | 'shared' | 'helper',
      to: string,
      from: string,
      o: { canSwitch?: boolean; showValue?: boolean; recalled?: boolean } = {},
    ) => ({
      device_id: d[device] as number,
      kind,
      user_id: id(to),
      source_user_id: id(from),
      can_switch: o.canSwitch ? 1 : 0,
      show_value: o.showValue ? 1 : 0,
      created_at: now,
      recalled_at: o.recalled ? now : null,
    });
    await db
      .insertInto('device_links')
      .values([
        link('sharedSwitch', 'helper', 'demo_helper', 'demo_market', { canSwitch: true }),
        link('sharedView', 'shared', 'demo_end_user', 'demo_market'),
        link('assignedShown', 'assigned', 'demo_end_user', 'demo_qualityCtrl', { showValue: true }),
        link('assignedHidden', 'assigned', 'demo_end_user', 'demo_qualityCtrl'),
        link('recalled', 'shared', 'demo_helper', 'demo_market', { canSwitch: true, recalled: true }),
      ])
      .execute();
    // The reach table follows the links (docs/people.md); the services refresh it with every change.
    await refreshReach(db, Object.values(d));
  });
  afterAll(async () => t.close());

  it('has a rule for every permission of the contract, and grants nothing that does not exist, even to root', async () => {
    for (const permission of PERMISSION_NAMES) {
      expect(await granted('demo_root', permission, [MISSING])).toEqual([]);
      expect(await granted('demo_root', permission, [])).toEqual([]);
    }
  });

  it('device.read, device.data and history.read: owned, shared, given as a helper, and assigned down; hidden data stays below', async () => {
    for (const permission of ['device.read', 'device.data', 'history.read'] as const) {
      expect(await granted('demo_root', permission)).toEqual(named(...Object.keys(d)));
      expect(await granted('admin', permission)).toEqual(named(...Object.keys(d)));
      expect(await granted('demo_manager', permission)).toEqual(named('own'));
      expect(await granted('demo_helper', permission)).toEqual(named('sharedSwitch'));
      expect(await granted('demo_end_user', permission)).toEqual(named('sharedView', 'assignedShown', 'assignedHidden'));
      expect(await granted('demo_market', permission)).toEqual(named('sharedSwitch', 'sharedView', 'recalled'));
    }
    // The assigner still sees that a hidden device exists (and can recall it), not its data.
    expect(await granted('demo_qualityCtrl', 'device.read')).toEqual(named('assignedShown', 'assignedHidden'));
    expect(await granted('demo_qualityCtrl', 'device.data')).toEqual(named('assignedShown'));
    expect(await granted('demo_qualityCtrl', 'history.read')).toEqual(named('assignedShown'));
  });

  it('device.update and device.write: the owner, root and admin only', async () => {
    for (const permission of ['device.update', 'device.write'] as const) {
      expect(await granted('demo_root', permission)).toEqual(named(...Object.keys(d)));
      expect(await granted('admin', permission)).toEqual(named(...Object.keys(d)));
      expect(await granted('demo_manager', permission)).toEqual(named('own'));
      expect(await granted('demo_helper', permission)).toEqual([]);
      expect(await granted('demo_end_user', permission)).toEqual(named('assignedShown', 'assignedHidden'));
      expect(await granted('demo_qualityCtrl', permission)).toEqual([]);
    }
  });

  it('device.switch: also a live link with the switch right', async () => {
    expect(await granted('demo_helper', 'device.switch')).toEqual(named('sharedSwitch'));
    expect(await granted('demo_end_user', 'device.switch')).toEqual(named('assignedShown', 'assignedHidden'));
    expect(await granted('demo_qualityCtrl', 'device.switch')).toEqual([]);
  });

  it('box.read: the box owner and whoever sees a device on it', async () => {
    expect(await granted('demo_root', 'box.read', [900001, 900002, 900003, 900004, MISSING])).toEqual([900001, 900002, 900003, 900004]);
    expect(await granted('demo_manager', 'box.read', [900001, 900002, 900003, 900004])).toEqual([900001]);
    expect(await granted('demo_helper', 'box.read', [900001, 900002, 900003, 900004])).toEqual([900002]);
    expect(await granted('demo_end_user', 'box.read', [900001, 900002, 900003, 900004])).toEqual([900002, 900003]);
    expect(await granted('demo_qualityCtrl', 'box.read', [900001, 900002, 900003, 900004])).toEqual([900003]);
    expect(await granted('demo_market', 'box.read', [900001, 900002, 900003, 900004])).toEqual([900002, 900003, 900004]);
  });

  it('box.clearFaults: only those who see every box, of boxes that exist; an owner is not enough', async () => {
    expect(await granted('demo_root', 'box.clearFaults', [900001, 900002, MISSING])).toEqual([900001, 900002]);
    expect(await granted('admin', 'box.clearFaults', [900001, 900004])).toEqual([900001, 900004]);
    expect(await granted('demo_manager', 'box.clearFaults', [900001, 900002, 900003, 900004])).toEqual([]);
    expect(await granted('demo_market', 'box.clearFaults', [900001, 900002, 900003, 900004])).toEqual([]);
  });

  it('user.read and userScope: oneself and everyone below; root everyone', async () => {
    const id = (name: string) => (auth[name] as AuthContext).user.id;
    const everyone = ['demo_root', 'demo_manager', 'demo_helper', 'demo_end_user', 'demo_market'].map(id);
    const below = [id('demo_manager'), id('demo_helper'), id('demo_end_user')].sort((a, b) => a - b);
    expect(await granted('demo_manager', 'user.read', [...everyone, MISSING])).toEqual(below);
    expect(await granted('demo_helper', 'user.read', everyone)).toEqual([id('demo_helper')]);
    expect(await granted('demo_root', 'user.read', [...everyone, MISSING])).toEqual([...everyone].sort((a, b) => a - b));
    // userScope has everyone below, demo_submanager too (not among `everyone` above).
    const submanager = (await db.selectFrom('users').select('id').where('username', '=', 'demo_submanager').executeTakeFirstOrThrow()).id;
    expect(((await userScope(db, auth.demo_manager as AuthContext)) ?? []).sort((a, b) => a - b)).toEqual(
      [...below, submanager].sort((a, b) => a - b),
    );
    expect(await userScope(db, auth.demo_root as AuthContext)).toBeNull();
  });

  it('device.share and device.assign: the owner only, root and admin included', async () => {
    for (const permission of ['device.share', 'device.assign'] as const) {
      expect(await granted('demo_manager', permission)).toEqual(named('own'));
      expect(await granted('demo_end_user', permission)).toEqual(named('assignedShown', 'assignedHidden'));
      expect(await granted('demo_market', permission)).toEqual(named('sharedSwitch', 'sharedView', 'recalled'));
      // A share or an assignment down the chain gives nothing to lend or give on; neither does reaching every device.
      expect(await granted('demo_helper', permission)).toEqual([]);
      expect(await granted('demo_qualityCtrl', permission)).toEqual([]);
      expect(await granted('demo_root', permission)).toEqual([]);
      expect(await granted('admin', permission)).toEqual(named('sharedSwitch', 'sharedView', 'recalled'));
    }
  });

  it("user.helper and user.manager: one's own children holding the role, never a grandchild, anyone else's or nobody", async () => {
    const id = (name: string) => (auth[name] as AuthContext).user.id;
    const submanager = (await db.selectFrom('users').select('id').where('username', '=', 'demo_submanager').executeTakeFirstOrThrow()).id;
    const everyone = [...['demo_root', 'demo_manager', 'demo_helper', 'demo_end_user', 'demo_market'].map(id), submanager, MISSING];
    expect(await granted('demo_manager', 'user.helper', everyone)).toEqual([id('demo_helper')]);
    expect(await granted('demo_manager', 'user.manager', everyone)).toEqual([submanager]);
    // demo_manager is root's sub-manager; demo_helper and demo_submanager are root's grandchildren.
    expect(await granted('demo_root', 'user.manager', everyone)).toEqual([id('demo_manager')]);
    expect(await granted('demo_root', 'user.helper', everyone)).toEqual([]);
    for (const who of ['admin', 'demo_helper', 'demo_end_user', 'demo_market']) {
      expect(await granted(who, 'user.helper', everyone), who).toEqual([]);
      expect(await granted(who, 'user.manager', everyone), who).toEqual([]);
    }
  });

  it('requireAccess passes only when every id is granted, and throws the error the services answered before', async () => {
    const manager = auth.demo_manager as AuthContext;
    const helper = auth.demo_helper as AuthContext;
    await expect(requireAccess(db, { auth: manager, permission: 'device.read', ids: named('own') })).resolves.toBeUndefined();
    await expect(requireAccess(db, { auth: manager, permission: 'device.read', ids: [] })).resolves.toBeUndefined();
    const refusal = async (request: Parameters<typeof requireAccess>[1]) => {
      const err = await requireAccess(db, request).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      return { code: (err as AppError).code, key: (err as AppError).key };
    };
    expect(await refusal({ auth: manager, permission: 'device.read', ids: named('own', 'sharedView') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.forbidden',
    });
    expect(await refusal({ auth: helper, permission: 'history.read', ids: named('sharedView') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.forbidden',
    });
    expect(await refusal({ auth: auth.demo_qualityCtrl as AuthContext, permission: 'history.read', ids: named('assignedHidden') })).toEqual(
      { code: Code.DATA_HIDDEN, key: 'error.dataHidden' },
    );
    expect(await refusal({ auth: helper, permission: 'device.update', ids: named('sharedSwitch') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.noWriteRight',
    });
    expect(await refusal({ auth: helper, permission: 'device.write', ids: named('sharedSwitch') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.noWriteRight',
    });
    expect(await refusal({ auth: auth.demo_end_user as AuthContext, permission: 'device.switch', ids: named('sharedView') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.noWriteRight',
    });
    expect(await refusal({ auth: manager, permission: 'box.read', ids: [900002] })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.forbidden',
    });
    // The refusals of the people below and of what only an owner lends or gives, as the services answered before.
    const submanager = (await db.selectFrom('users').select('id').where('username', '=', 'demo_submanager').executeTakeFirstOrThrow()).id;
    await expect(requireAccess(db, { auth: manager, permission: 'user.helper', ids: [helper.user.id] })).resolves.toBeUndefined();
    await expect(requireAccess(db, { auth: manager, permission: 'user.manager', ids: [submanager] })).resolves.toBeUndefined();
    await expect(requireAccess(db, { auth: manager, permission: 'device.share', ids: named('own') })).resolves.toBeUndefined();
    expect(await refusal({ auth: manager, permission: 'user.helper', ids: [submanager] })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.notYourHelper',
    });
    expect(await refusal({ auth: manager, permission: 'user.manager', ids: [helper.user.id, MISSING] })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.notYourManager',
    });
    expect(await refusal({ auth: manager, permission: 'device.share', ids: named('own', 'sharedView') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.notYourDevice',
    });
    expect(await refusal({ auth: auth.demo_root as AuthContext, permission: 'device.assign', ids: named('own') })).toEqual({
      code: Code.FORBIDDEN,
      key: 'error.notYourDeviceToAssign',
    });
  });

  it("deviceGrants: a device page's update, write and switch flags", async () => {
    const grants = async (who: string, name: string) => [...(await deviceGrants(db, auth[who] as AuthContext, d[name] as number))].sort();
    expect(await grants('demo_manager', 'own')).toEqual(['device.switch', 'device.update', 'device.write']);
    expect(await grants('demo_root', 'sharedView')).toEqual(['device.switch', 'device.update', 'device.write']);
    expect(await grants('demo_helper', 'sharedSwitch')).toEqual(['device.switch']);
    expect(await grants('demo_end_user', 'sharedView')).toEqual([]);
    expect(await grants('demo_qualityCtrl', 'assignedShown')).toEqual([]);
    expect([...(await deviceGrants(db, auth.demo_root as AuthContext, MISSING))]).toEqual([]);
  });

  it('viewersOf: everyone who reads a device, as device.data answers it for them (root and admin aside)', async () => {
    const people = ['demo_manager', 'demo_helper', 'demo_end_user', 'demo_market', 'demo_qualityCtrl'];
    for (const [name, deviceId] of Object.entries(d)) {
      const expected: number[] = [];
      for (const who of people)
        if ((await granted(who, 'device.data', [deviceId])).length > 0) expected.push((auth[who] as AuthContext).user.id);
      expect(
        (await viewersOf(db, deviceId)).sort((a, b) => a - b),
        name,
      ).toEqual(expected.sort((a, b) => a - b));
    }
    expect(await viewersOf(db, MISSING)).toEqual([]);
  });

  it('scopes list queries: root and admin see all, others their own set', async () => {
    expect(seesAll(auth.demo_root as AuthContext)).toBe(true);
    expect(seesAll(auth.admin as AuthContext)).toBe(true);
    expect(seesAll(auth.demo_manager as AuthContext)).toBe(false);
    expect(deviceScope(auth.demo_root as AuthContext)).toBeNull();
    expect(deviceScope(auth.demo_manager as AuthContext)).toBe((auth.demo_manager as AuthContext).user.id);
    expect(await visibleIds(db, auth.demo_root as AuthContext)).toBe('all');
    expect(await visibleIds(db, auth.demo_end_user as AuthContext)).toEqual(
      new Set(named('sharedView', 'assignedShown', 'assignedHidden')),
    );
  });
});
