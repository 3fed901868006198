import { Code, type AssignPreview, type ManagerDeviceRow, type ManagerRow, type ManagersFilter, type PersonSummary } from '@dms/contract';
import type { z } from 'zod';
import type { addManagerBody, managerDevicesQuery, managersQuery } from '@dms/contract';
import type { Db } from '../../../db/database.js';
import type { UserRow } from '../../../db/schema.js';
import { AppError, notFound } from '../../../errors.js';
import { refreshReach } from '../../../access/reach.js';
import type { AuthContext } from '../../../types.js';
import type { Audit } from '../../datalog/service.js';
import * as userRepo from '../../user/repository.js';
import type { EventBus } from '../../../events/bus.js';
import * as people from '../people.js';
import * as repo from './repository.js';

type ManagerPage = { total: number; items: ManagerRow[] };

const toRow = (r: Awaited<ReturnType<typeof repo.listManagers>>[number]): ManagerRow => ({
  id: r.id,
  username: r.username,
  name: r.name,
  company: r.company,
  phone: r.phone,
  ck: r.ck ?? '',
  template:
    r.template_id !== null && r.template_name !== null
      ? { id: r.template_id, name: r.template_name, builtin: r.template_builtin ?? null }
      : null,
  remark: r.remark,
  disabled: r.disabled === 1,
  createdAt: r.created_at,
  assignedDevices: r.assigned ?? 0,
});

/**
 * Sub-managers and assignment (docs/people.md): a manager's sub-managers are the children with the role manager; the
 * manager assigns the devices they own to them, which moves the owner. The assigner, and anyone above them in the
 * chain, recalls it; a recall ends every assignment and share below. Every change runs in one transaction with the
 * reach it changes, goes to the operation log, and tells the live push whose devices changed.
 */
export class ManagerService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async list(auth: AuthContext, q: z.output<typeof managersQuery>): Promise<ManagerPage> {
    const total = await repo.countManagers(this.db, auth.user.id, q);
    const rows = await repo.listManagers(this.db, auth.user.id, { ...q, offset: (q.page - 1) * q.page_size, limit: q.page_size });
    return { total, items: rows.map(toRow) };
  }

  /** How many sub-managers match a filter (the export's total). */
  async count(auth: AuthContext, filter: ManagersFilter): Promise<number> {
    return repo.countManagers(this.db, auth.user.id, filter);
  }

  /** The sub-managers matching a filter, 500 at a time, for the export. */
  async *rows(auth: AuthContext, filter: ManagersFilter): AsyncGenerator<ManagerRow[]> {
    for (let offset = 0; ; offset += 500) {
      const rows = await repo.listManagers(this.db, auth.user.id, { ...filter, offset, limit: 500 });
      if (rows.length === 0) return;
      yield rows.map(toRow);
      if (rows.length < 500) return;
    }
  }

  async add(auth: AuthContext, body: z.output<typeof addManagerBody>, ip: string): Promise<{ id: number }> {
    const ck = body.ck === '' ? auth.user.ck : body.ck;
    const { id, template } = await people.createChild(this.db, auth, { ...body, role: 'manager', level: auth.user.level, ck }, this.now());
    await this.audit.record({
      user: auth.user,
      action: 'manager.add',
      target: body.username,
      newValue: `company ${body.company || '-'}, CK ${ck ?? '-'}, template ${template?.name ?? 'default'}`,
      outcome: 'ok',
      ip,
    });
    return { id };
  }

  /** The caller's sub-manager, or 403 (the same answer for someone else's user and for an id that is nobody's). */
  private async requireManager(auth: AuthContext, userId: number): Promise<UserRow> {
    const manager = await repo.managerOf(this.db, auth.user.id, userId);
    if (!manager) throw new AppError(Code.FORBIDDEN, 'error.notYourManager');
    return manager;
  }

  /** The caller's sub-manager as the page of their devices names them. */
  async person(auth: AuthContext, userId: number): Promise<PersonSummary> {
    const manager = await this.requireManager(auth, userId);
    return { id: manager.id, username: manager.username, name: manager.name, company: manager.company };
  }

  async setPassword(auth: AuthContext, userId: number, password: string, ip: string): Promise<void> {
    const manager = await this.requireManager(auth, userId);
    await people.resetPassword(this.db, this.bus, manager.id, password, this.now());
    await this.audit.record({ user: auth.user, action: 'manager.password', target: manager.username, outcome: 'ok', ip });
  }

  async setTemplate(auth: AuthContext, userId: number, templateId: number | null, ip: string): Promise<void> {
    const manager = await this.requireManager(auth, userId);
    await people.giveTemplate({ db: this.db, bus: this.bus, audit: this.audit }, auth, manager, templateId, 'manager.template', ip);
  }

  /** Disables a sub-manager (sessions end, sign-in refused) or enables them; a repeat changes nothing. */
  async setDisabled(auth: AuthContext, userId: number, disabled: boolean, ip: string): Promise<void> {
    const manager = await this.requireManager(auth, userId);
    if ((manager.disabled === 1) === disabled) return;
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await userRepo.updateDisabled(trx, manager.id, disabled);
      if (disabled) await userRepo.revokeOtherSessions(trx, manager.id, -1, now);
    });
    this.bus.publish('userChanged', { userId: manager.id });
    await this.audit.record({
      user: auth.user,
      action: disabled ? 'manager.disable' : 'manager.enable',
      target: manager.username,
      oldValue: disabled ? 'enabled' : 'disabled',
      newValue: disabled ? 'disabled' : 'enabled',
      outcome: 'ok',
      ip,
    });
  }

  async devices(
    auth: AuthContext,
    q: z.output<typeof managerDevicesQuery>,
    assigned: boolean,
  ): Promise<{ total: number; items: ManagerDeviceRow[] }> {
    const manager = await this.requireManager(auth, q.userId);
    const page = await repo.listManagerDevices(this.db, auth.user.id, manager.id, assigned, {
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
        status: r.status as ManagerDeviceRow['status'],
        assignedAt: assigned ? (r.assigned_at ?? null) : null,
        holder: assigned && r.owner_id !== manager.id ? (r.owner_name ?? null) : null,
        hidden: assigned && r.show_value === 0,
      })),
    };
  }

  /**
   * The devices an assignment of `ids` to the sub-manager would move. Every id must be a device (else 404); those the
   * caller already assigned to that sub-manager are a harmless repeat and left out; any other device the caller does
   * not own refuses the whole batch (403).
   */
  private async movable(db: Db, auth: AuthContext, managerId: number, ids: readonly number[]) {
    const devices = await repo.ownersOf(db, ids);
    if (devices.length !== ids.length) throw notFound();
    const repeats = new Set((await repo.liveAssignments(db, auth.user.id, managerId, ids)).map((l) => l.device_id));
    const fresh = devices.filter((d) => !repeats.has(d.id));
    if (fresh.some((d) => d.owner_id !== auth.user.id)) throw new AppError(Code.FORBIDDEN, 'error.notYourDeviceToAssign');
    return fresh;
  }

  /**
   * What assigning the devices would end, by the same rules and refusals as `assign`, changing nothing: the caller's
   * shares of the devices that would move, and each person who would lose devices with how many.
   */
  async previewAssign(auth: AuthContext, userId: number, deviceIds: readonly number[]): Promise<AssignPreview> {
    const manager = await this.requireManager(auth, userId);
    const fresh = await this.movable(this.db, auth, manager.id, [...new Set(deviceIds)]);
    const shares = await repo.sharesBy(
      this.db,
      auth.user.id,
      fresh.map((d) => d.id),
    );
    const people = new Map<number, { id: number; username: string; name: string; devices: Set<number> }>();
    for (const s of shares) {
      const person = people.get(s.user_id) ?? { id: s.user_id, username: s.username, name: s.name, devices: new Set<number>() };
      person.devices.add(s.device_id);
      people.set(s.user_id, person);
    }
    return {
      devices: fresh.length,
      sharedDevices: new Set(shares.map((s) => s.device_id)).size,
      losing: [...people.values()]
        .map((p) => ({ id: p.id, username: p.username, name: p.name, devices: p.devices.size }))
        .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0)),
    };
  }

  /**
   * Assigns devices the caller owns to their sub-manager, all or none (the rules of `movable`); the caller's shares of
   * them end.
   */
  async assign(auth: AuthContext, userId: number, deviceIds: readonly number[], ip: string): Promise<{ changed: number }> {
    const manager = await this.requireManager(auth, userId);
    const ids = [...new Set(deviceIds)];
    const { moved, reached } = await this.db.transaction().execute(async (trx) => {
      const fresh = await this.movable(trx, auth, manager.id, ids);
      await repo.assignDevices(
        trx,
        auth.user.id,
        manager.id,
        fresh.map((d) => d.id),
        this.now(),
      );
      return {
        moved: fresh,
        reached: await refreshReach(
          trx,
          fresh.map((d) => d.id),
        ),
      };
    });
    this.bus.publish('reachChanged', { userIds: reached });
    if (moved.length > 0) {
      const [first] = moved;
      await this.audit.record({
        user: auth.user,
        action: 'device.assign',
        target: `${moved.length === 1 && first ? `${first.box_id}/${first.controller}` : `${moved.length} device(s)`} → ${manager.username}`,
        oldValue: auth.user.username,
        newValue: manager.username,
        outcome: 'ok',
        ip,
      });
    }
    return { changed: moved.length };
  }

  /** Takes back devices the caller assigned to the sub-manager (one, or all): the caller owns them again. */
  async recall(auth: AuthContext, userId: number, deviceId: number | null, ip: string): Promise<{ changed: number }> {
    const manager = await this.requireManager(auth, userId);
    const { count, reached, ends } = await this.db.transaction().execute(async (trx) => {
      const mine = await repo.liveAssignments(trx, auth.user.id, manager.id, deviceId === null ? undefined : [deviceId]);
      if (deviceId !== null && mine.length === 0) throw new AppError(Code.FORBIDDEN, 'error.notAssignedByYou');
      const ids = mine.map((l) => l.device_id);
      const owners = new Map((await repo.ownersOf(trx, ids)).map((d) => [d.id, d.owner_id]));
      const links = await repo.liveLinksOf(trx, ids);
      const ending: number[] = [];
      for (const id of ids) {
        const plan = repo.recallPlan(
          owners.get(id) ?? 0,
          links.filter((l) => l.device_id === id),
          auth.user.id,
        );
        if (plan) ending.push(...plan.ends);
      }
      await repo.applyRecall(trx, auth.user.id, ids, ending, this.now());
      return { count: ids.length, ends: ending.length, reached: await refreshReach(trx, ids) };
    });
    this.bus.publish('reachChanged', { userIds: reached });
    if (count > 0)
      await this.audit.record({
        user: auth.user,
        action: 'device.recallAssign',
        target: `${await people.devicesLabel(this.db, deviceId, count)} ← ${manager.username}`,
        oldValue: manager.username,
        newValue: `${auth.user.username} (${ends} link(s) ended)`,
        outcome: 'ok',
        ip,
      });
    return { changed: count };
  }

  /** The receiver of an assignment hides the device's data from everyone above them, or shows it again. */
  async setHidden(auth: AuthContext, deviceId: number, hidden: boolean, ip: string): Promise<{ changed: number }> {
    const { link, reached } = await this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('device_links as l')
        .innerJoin('devices as d', 'd.id', 'l.device_id')
        .select(['l.id', 'l.show_value', 'd.box_id', 'd.controller'])
        .where('l.device_id', '=', deviceId)
        .where('l.user_id', '=', auth.user.id)
        .where('l.kind', '=', 'assigned')
        .where('l.recalled_at', 'is', null)
        .executeTakeFirst();
      if (!found) throw new AppError(Code.FORBIDDEN, 'error.notAssignedToYou');
      if ((found.show_value === 0) === hidden) return { link: null, reached: [] };
      await trx
        .updateTable('device_links')
        .set({ show_value: hidden ? 0 : 1 })
        .where('id', '=', found.id)
        .execute();
      return { link: found, reached: await refreshReach(trx, [deviceId]) };
    });
    this.bus.publish('reachChanged', { userIds: reached });
    if (!link) return { changed: 0 };
    await this.audit.record({
      user: auth.user,
      action: 'device.hide',
      target: `${link.box_id}/${link.controller}`,
      oldValue: hidden ? 'shown to superiors' : 'hidden from superiors',
      newValue: hidden ? 'hidden from superiors' : 'shown to superiors',
      outcome: 'ok',
      ip,
    });
    return { changed: 1 };
  }
}
