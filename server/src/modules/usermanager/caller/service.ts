import { Code, type DevCkUsers, type ManagerOrUser, type RecallCheck, type TemplateOption } from '@dms/contract';
import { ckFactoryOf, reachOf } from '../../../access/reach.js';
import { seesAll } from '../../../access/rule.js';
import { liveDevice } from '../../../access/repository.js';
import type { Db } from '../../../db/database.js';
import { AppError, notFound } from '../../../errors.js';
import type { AuthContext } from '../../../types.js';
import type { Audit } from '../../datalog/service.js';
import type { EventBus } from '../../../events/bus.js';
import * as managers from '../managers/repository.js';
import * as people from '../people.js';

/**
 * What the console asks about the caller (level, admin, manager or user), the templates they may give, and the CK
 * group calls: who of a CK group reaches a device, what a recall would do, and a CK factory's password reset (our
 * reading, docs/people.md "CK groups").
 */
export class CallerService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  privilegeLevel(auth: AuthContext): { level: number; roles: string[] } {
    return { level: auth.user.level, roles: [...auth.roles] };
  }

  isAdmin(auth: AuthContext): { isAdmin: boolean } {
    return { isAdmin: seesAll(auth) };
  }

  managerOrUser(auth: AuthContext): { kind: ManagerOrUser } {
    if (auth.roles.includes('manager')) return { kind: 'manager' };
    if (auth.roles.includes('end_user')) return { kind: 'user' };
    return { kind: 'neither' };
  }

  /** Templates offered at the caller's level: those whose level is the caller's or greater (further down). */
  async levelModels(auth: AuthContext): Promise<{ templates: TemplateOption[] }> {
    const rows = await this.db
      .selectFrom('permission_templates')
      .select(['id', 'name', 'level', 'builtin'])
      .where('level', '>=', auth.user.level)
      .orderBy('level')
      .orderBy('id')
      .execute();
    return { templates: rows };
  }

  isCkFactory(auth: AuthContext): { isCkFactory: boolean; ck: string | null } {
    const ck = ckFactoryOf(auth);
    return { isCkFactory: ck !== null, ck };
  }

  /** A device the caller reaches (any way), with its owner and its box's CK code; 404 for any other. */
  private async reachedDevice(auth: AuthContext, deviceId: number) {
    const device = await this.db
      .selectFrom('devices as d')
      .leftJoin('boxes as b', 'b.box_id', 'd.box_id')
      .innerJoin('users as o', 'o.id', 'd.owner_id')
      .select(['d.id', 'd.owner_id', 'b.ck', 'o.username as owner_name'])
      .where('d.id', '=', deviceId)
      .where(liveDevice)
      .executeTakeFirst();
    if (!device) throw notFound();
    if (!seesAll(auth) && !(await reachOf(this.db, auth.user.id, [deviceId])).has(deviceId)) throw notFound();
    return device;
  }

  async recallCheck(auth: AuthContext, deviceId: number): Promise<RecallCheck> {
    const device = await this.reachedDevice(auth, deviceId);
    const links = await managers.liveLinksOf(this.db, [deviceId]);
    const plan = managers.recallPlan(device.owner_id, links, auth.user.id);
    const mine = links.find((l) => l.kind === 'assigned' && l.source_user_id === auth.user.id);
    const assignedTo = mine
      ? ((await this.db.selectFrom('users').select('username').where('id', '=', mine.user_id).executeTakeFirst())?.username ?? null)
      : null;
    return {
      recallable: plan !== null,
      holder: device.owner_name,
      assignedTo,
      ends: plan?.ends.length ?? 0,
      ck: device.ck,
      sameCk: device.ck !== null && device.ck === auth.user.ck,
    };
  }

  /** The users who reach the device through its box's CK code: the factory, and the distributors below it. */
  async devCkUsers(auth: AuthContext, deviceId: number): Promise<DevCkUsers> {
    const device = await this.reachedDevice(auth, deviceId);
    const rows = await this.db
      .selectFrom('device_reach as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.username', 'u.company', 'r.via_user_id'])
      .where('r.device_id', '=', deviceId)
      .where('r.how', '=', 'ck')
      .orderBy('u.level')
      .orderBy('u.username')
      .execute();
    return {
      ck: device.ck,
      users: rows.map((r) => ({ username: r.username, company: r.company, role: r.via_user_id === null ? 'factory' : 'distributor' })),
    };
  }

  /** A CK factory sets the password of a user of its code below it in the tree. */
  async resetCkPassword(auth: AuthContext, username: string, password: string, ip: string): Promise<void> {
    const { isCkFactory, ck } = this.isCkFactory(auth);
    if (!isCkFactory) throw new AppError(Code.FORBIDDEN, 'error.notCkFactory');
    // The check and the change in one transaction.
    const target = await people.resetPassword({ db: this.db, bus: this.bus }, password, this.now(), async (trx) => {
      const found = await trx.selectFrom('users').select(['id', 'username', 'ck']).where('username', '=', username).executeTakeFirst();
      if (!found || found.ck !== ck || !(await people.ancestorsOf(trx, found.id)).has(auth.user.id))
        throw new AppError(Code.FORBIDDEN, 'error.notInCkGroup');
      return found;
    });
    await this.audit.record({ user: auth.user, action: 'user.ckPassword', target: target.username, outcome: 'ok', ip });
  }
}
