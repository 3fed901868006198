import { Code, type HelperDeviceRow, type HelperRow, type HelperType, HELPER_TYPES, type PersonSummary } from '@dms/contract';
import type { z } from 'zod';
import type { addHelperBody, helperDevicesQuery, helpersQuery } from '@dms/contract';
import type { Db } from '../../../db/database.js';
import type { UserRow } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import { refreshReach } from '../../../access/reach.js';
import type { AuthContext } from '../../../types.js';
import type { Audit } from '../../datalog/service.js';
import * as userRepo from '../../user/repository.js';
import type { EventBus } from '../../../events/bus.js';
import * as people from '../people.js';
import * as repo from './repository.js';

/** The helper level of the hierarchy (docs/people.md "The user tree"). */
const HELPER_LEVEL = 7;

const isHelperType = (v: string | null): v is HelperType => v !== null && (HELPER_TYPES as readonly string[]).includes(v);

/**
 * Helpers and sharing (docs/people.md): a manager's helpers are the children with the role helper; the manager shares
 * the devices they own with them, with or without the switch right. Every change runs in one transaction with the
 * reach it changes, goes to the operation log, and tells the live push whose devices changed.
 */
export class HelperService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async list(auth: AuthContext, q: z.output<typeof helpersQuery>): Promise<{ total: number; items: HelperRow[] }> {
    const page = await repo.listHelpers(this.db, auth.user.id, { ...q, offset: (q.page - 1) * q.page_size, limit: q.page_size });
    return {
      total: page.total,
      items: page.items.map((r) => ({
        id: r.id,
        username: r.username,
        name: r.name,
        phone: r.phone,
        helperType: isHelperType(r.helper_type) ? r.helper_type : null,
        region: r.region ?? '',
        template:
          r.template_id !== null && r.template_name !== null
            ? { id: r.template_id, name: r.template_name, builtin: r.template_builtin ?? null }
            : null,
        remark: r.remark,
        createdAt: r.created_at,
        sharedDevices: r.shared ?? 0,
        switchDevices: r.switching ?? 0,
      })),
    };
  }

  async types(auth: AuthContext): Promise<{ types: HelperType[]; regions: string[] }> {
    return { types: [...HELPER_TYPES], regions: await repo.helperRegions(this.db, auth.user.id) };
  }

  async add(auth: AuthContext, body: z.output<typeof addHelperBody>, ip: string): Promise<{ id: number }> {
    const { id, template } = await people.createChild(
      this.db,
      auth,
      { ...body, role: 'helper', level: Math.max(HELPER_LEVEL, auth.user.level), ck: auth.user.ck },
      this.now(),
    );
    await this.audit.record({
      user: auth.user,
      action: 'helper.add',
      target: body.username,
      newValue: `type ${body.helperType}, region ${body.region || '-'}, template ${template?.name ?? 'default'}`,
      outcome: 'ok',
      ip,
    });
    return { id };
  }

  /** The caller's helper, or 403 (the same answer for someone else's helper and for an id that is nobody's). */
  private async requireHelper(auth: AuthContext, userId: number): Promise<UserRow> {
    const helper = await repo.helperOf(this.db, auth.user.id, userId);
    if (!helper) throw new AppError(Code.FORBIDDEN, 'error.notYourHelper');
    return helper;
  }

  /** The caller's helper as the page of their devices names them. */
  async person(auth: AuthContext, userId: number): Promise<PersonSummary> {
    const helper = await this.requireHelper(auth, userId);
    return { id: helper.id, username: helper.username, name: helper.name, company: helper.company };
  }

  async setPassword(auth: AuthContext, userId: number, password: string, ip: string): Promise<void> {
    const helper = await this.requireHelper(auth, userId);
    await people.resetPassword(this.db, this.bus, helper.id, password, this.now());
    await this.audit.record({ user: auth.user, action: 'helper.password', target: helper.username, outcome: 'ok', ip });
  }

  async setTemplate(auth: AuthContext, userId: number, templateId: number | null, ip: string): Promise<void> {
    const helper = await this.requireHelper(auth, userId);
    await people.giveTemplate({ db: this.db, bus: this.bus, audit: this.audit }, auth, helper, templateId, 'helper.template', ip);
  }

  /**
   * Deletes a helper: every share to them ends, their sessions end, and the account is disabled and leaves the
   * caller's tree (parent cleared), so it is nobody's helper. The row stays for the operation log; the user name stays
   * taken.
   */
  async remove(auth: AuthContext, userId: number, ip: string): Promise<void> {
    const helper = await this.requireHelper(auth, userId);
    const now = this.now();
    const changed = await this.db.transaction().execute(async (trx) => {
      const links = await repo.linksToUser(trx, helper.id);
      await people.endLinks(
        trx,
        links.map((l) => l.id),
        now,
      );
      await trx.updateTable('users').set({ disabled: 1, parent_id: null }).where('id', '=', helper.id).execute();
      await userRepo.revokeOtherSessions(trx, helper.id, -1, now);
      return refreshReach(
        trx,
        links.map((l) => l.device_id),
      );
    });
    this.bus.publish('userChanged', { userId: helper.id });
    this.bus.publish('reachChanged', { userIds: changed });
    await this.audit.record({ user: auth.user, action: 'helper.delete', target: helper.username, outcome: 'ok', ip });
  }

  async devices(
    auth: AuthContext,
    q: z.output<typeof helperDevicesQuery>,
    shared: boolean,
  ): Promise<{ total: number; items: HelperDeviceRow[] }> {
    const helper = await this.requireHelper(auth, q.userId);
    const page = await repo.listOwnedDevices(this.db, auth.user.id, helper.id, shared, {
      q: q.q,
      offset: (q.page - 1) * q.page_size,
      limit: q.page_size,
    });
    return {
      total: page.total,
      items: page.items.map((r) => ({
        deviceId: r.id,
        boxId: r.box_id,
        controller: r.controller,
        company: r.company,
        stationNo: r.station_no,
        model: r.model,
        status: r.status as HelperDeviceRow['status'],
        canSwitch: r.can_switch === 1,
        sharedAt: r.shared_at ?? null,
      })),
    };
  }

  /** Runs one change of links in a transaction with the reach of the devices it names, then tells the live push. */
  private async inTransaction(work: (trx: Db) => Promise<number[]>): Promise<void> {
    const changed = await this.db.transaction().execute(async (trx) => refreshReach(trx, await work(trx)));
    this.bus.publish('reachChanged', { userIds: changed });
  }

  /** A device the caller owns, or 403 ('You can share only devices you own.'); 404 when there is none. */
  private async requireOwned(auth: AuthContext, deviceId: number) {
    const device = await people.deviceOwner(this.db, deviceId);
    if (!device) throw new AppError(Code.NOT_FOUND, 'error.notFound');
    if (device.owner_id !== auth.user.id) throw new AppError(Code.FORBIDDEN, 'error.notYourDevice');
    return device;
  }

  async share(auth: AuthContext, body: { userId: number; deviceId: number; canSwitch: boolean }, ip: string): Promise<{ changed: number }> {
    const helper = await this.requireHelper(auth, body.userId);
    const device = await this.requireOwned(auth, body.deviceId);
    let changed = 0;
    await this.inTransaction(async (trx) => {
      const [live] = await repo.liveShares(trx, auth.user.id, helper.id, [device.id]);
      if (!live) {
        await repo.insertShares(trx, auth.user.id, helper.id, [device.id], body.canSwitch, this.now());
        changed = 1;
      } else if ((live.can_switch === 1) !== body.canSwitch) {
        await repo.setSwitch(trx, [live.id], body.canSwitch);
        changed = 1;
      }
      return [device.id];
    });
    if (changed > 0)
      await this.log(auth, 'device.share', helper, `${device.box_id}/${device.controller}`, null, body.canSwitch ? 'switch' : 'view', ip);
    return { changed };
  }

  async shareAll(auth: AuthContext, body: { userId: number; canSwitch: boolean }, ip: string): Promise<{ changed: number }> {
    const helper = await this.requireHelper(auth, body.userId);
    let ids: number[] = [];
    await this.inTransaction(async (trx) => {
      ids = await repo.unsharedIds(trx, auth.user.id, helper.id);
      await repo.insertShares(trx, auth.user.id, helper.id, ids, body.canSwitch, this.now());
      return ids;
    });
    if (ids.length > 0)
      await this.log(auth, 'device.share', helper, `${ids.length} device(s)`, null, body.canSwitch ? 'switch' : 'view', ip);
    return { changed: ids.length };
  }

  /** Ends shares with the helper (some devices, or all); a device not shared is a no-op for `all`, an error for one. */
  async recall(auth: AuthContext, userId: number, deviceId: number | null, ip: string): Promise<{ changed: number }> {
    const helper = await this.requireHelper(auth, userId);
    let count = 0;
    await this.inTransaction(async (trx) => {
      const live = await repo.liveShares(trx, auth.user.id, helper.id, deviceId === null ? undefined : [deviceId]);
      await people.endLinks(
        trx,
        live.map((l) => l.id),
        this.now(),
      );
      count = live.length;
      return live.map((l) => l.device_id);
    });
    if (count > 0)
      await this.log(auth, 'device.recallShare', helper, await people.devicesLabel(this.db, deviceId, count), 'shared', null, ip);
    return { changed: count };
  }

  /** Grants or removes the switch right on devices shared with the helper (one, or all). */
  async setSwitchRight(
    auth: AuthContext,
    userId: number,
    deviceId: number | null,
    canSwitch: boolean,
    ip: string,
  ): Promise<{ changed: number }> {
    const helper = await this.requireHelper(auth, userId);
    let count = 0;
    await this.inTransaction(async (trx) => {
      const live = await repo.liveShares(trx, auth.user.id, helper.id, deviceId === null ? undefined : [deviceId]);
      if (deviceId !== null && live.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.notShared');
      const toChange = live.filter((l) => (l.can_switch === 1) !== canSwitch);
      await repo.setSwitch(
        trx,
        toChange.map((l) => l.id),
        canSwitch,
      );
      count = toChange.length;
      return toChange.map((l) => l.device_id);
    });
    if (count > 0)
      await this.log(
        auth,
        'device.switchRight',
        helper,
        await people.devicesLabel(this.db, deviceId, count),
        canSwitch ? 'off' : 'on',
        canSwitch ? 'on' : 'off',
        ip,
      );
    return { changed: count };
  }

  private log(
    auth: AuthContext,
    action: 'device.share' | 'device.recallShare' | 'device.switchRight',
    helper: UserRow,
    what: string,
    oldValue: string | null,
    newValue: string | null,
    ip: string,
  ): Promise<void> {
    return this.audit.record({ user: auth.user, action, target: `${what} → ${helper.username}`, oldValue, newValue, outcome: 'ok', ip });
  }
}
