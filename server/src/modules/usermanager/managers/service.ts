import { Code, type AssignPreview, type ManagerDeviceRow, type ManagerRow, type ManagersFilter, type NewManager } from '@dms/contract';
import { refreshReach, requireAccess } from '../../../access/index.js';
import type { Db } from '../../../db/database.js';
import { AppError, notFound } from '../../../errors.js';
import type { AuthContext } from '../../../types.js';
import * as userRepo from '../../user/repository.js';
import type { PersonKind } from '../below/kind.js';
import { liveLinks } from '../below/repository.js';
import { PeopleBelow, type PeopleDeps } from '../below/service.js';
import * as people from '../people.js';
import * as repo from './repository.js';

/** Sub-managers: a company and a CK code; the caller assigns devices to them, recalls them, and they may hide them. */
const MANAGERS: PersonKind<ManagersFilter, NewManager, ManagerRow, ManagerDeviceRow> = {
  role: 'manager',
  link: 'assigned',
  search: ['username', 'name', 'company', 'phone'],
  filter: (q) => (q.state ? { column: 'disabled', value: q.state === 'disabled' ? 1 : 0 } : undefined),
  row: (r) => ({ company: r.company, ck: r.ck ?? '', disabled: r.disabled === 1, assignedDevices: r.linked ?? 0 }),
  device: (r, assigned, manager) => ({
    assignedAt: assigned ? (r.linked_at ?? null) : null,
    holder: assigned && r.owner_id !== manager.id ? (r.owner_name ?? null) : null,
    hidden: assigned && r.show_value === 0,
  }),
  account: (auth, body) => {
    const ck = body.ck === '' ? auth.user.ck : body.ck;
    return { level: auth.user.level, ck, about: `company ${body.company || '-'}, CK ${ck ?? '-'}` };
  },
};

/**
 * Sub-managers and assignment (docs/people.md): a manager's sub-managers are the children with the role manager; the
 * manager assigns the devices they own to them, which moves the owner. The assigner, and anyone above them in the
 * chain, recalls it; a recall ends every assignment and share below. Every change runs in one transaction with its
 * checks and the reach it changes, goes to the operation log, and tells the live push whose devices changed.
 */
export class ManagerService extends PeopleBelow<ManagersFilter, NewManager, ManagerRow, ManagerDeviceRow> {
  constructor(deps: PeopleDeps) {
    super(deps, MANAGERS);
  }

  /** Disables a sub-manager (sessions and API keys end, sign-in refused) or enables them; a repeat changes nothing. */
  async setDisabled(auth: AuthContext, userId: number, disabled: boolean, ip: string): Promise<void> {
    const now = this.now();
    const changed = await this.db.transaction().execute(async (trx) => {
      const found = await this.require(trx, auth, userId);
      if ((found.disabled === 1) === disabled) return null;
      await userRepo.updateDisabled(trx, found.id, disabled);
      if (!disabled) return { found, keyIds: [] };
      return { found, keyIds: await userRepo.endUserAccess(trx, found.id, now) };
    });
    if (!changed) return;
    const manager = changed.found;
    this.bus.publish('userChanged', { userId: manager.id });
    if (changed.keyIds.length > 0) this.bus.publish('apiKeysEnded', { keyIds: changed.keyIds });
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

  /**
   * The devices an assignment of `ids` to the sub-manager would move. Every id must be a device (else 404); those the
   * caller already assigned to that sub-manager are a harmless repeat and left out; any other device the caller does
   * not own refuses the whole batch (the access module's `device.assign`, 403).
   */
  private async movable(db: Db, auth: AuthContext, managerId: number, ids: readonly number[]) {
    const devices = await repo.ownersOf(db, ids);
    if (devices.length !== ids.length) throw notFound();
    const repeats = new Set((await liveLinks(db, 'assigned', auth.user.id, managerId, ids)).map((l) => l.device_id));
    const fresh = devices.filter((d) => !repeats.has(d.id));
    await requireAccess(db, { auth, permission: 'device.assign', ids: fresh.map((d) => d.id) });
    return fresh;
  }

  /**
   * What assigning the devices would end, by the same rules and refusals as `assign`, changing nothing: the caller's
   * shares of the devices that would move, and each person who would lose devices with how many.
   */
  async previewAssign(auth: AuthContext, userId: number, deviceIds: readonly number[]): Promise<AssignPreview> {
    const manager = await this.require(this.db, auth, userId);
    const fresh = await this.movable(this.db, auth, manager.id, [...new Set(deviceIds)]);
    const shares = await repo.sharesBy(
      this.db,
      auth.user.id,
      fresh.map((d) => d.id),
    );
    const losers = new Map<number, { id: number; username: string; name: string; devices: Set<number> }>();
    for (const s of shares) {
      const person = losers.get(s.user_id) ?? { id: s.user_id, username: s.username, name: s.name, devices: new Set<number>() };
      person.devices.add(s.device_id);
      losers.set(s.user_id, person);
    }
    return {
      devices: fresh.length,
      sharedDevices: new Set(shares.map((s) => s.device_id)).size,
      losing: [...losers.values()]
        .map((p) => ({ id: p.id, username: p.username, name: p.name, devices: p.devices.size }))
        .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0)),
    };
  }

  /**
   * Assigns devices the caller owns to their sub-manager, all or none (the rules of `movable`); the caller's shares of
   * them end.
   */
  async assign(auth: AuthContext, userId: number, deviceIds: readonly number[], ip: string): Promise<{ changed: number }> {
    const { person, result: moved } = await this.changeLinks(auth, userId, async (trx, manager) => {
      const fresh = await this.movable(trx, auth, manager.id, [...new Set(deviceIds)]);
      const ids = fresh.map((d) => d.id);
      await repo.assignDevices(trx, auth.user.id, manager.id, ids, this.now());
      return { devices: ids, result: fresh };
    });
    const [first] = moved;
    if (first) {
      const what = moved.length === 1 ? `${first.box_id}/${first.controller}` : `${moved.length} device(s)`;
      await this.log(auth, 'device.assign', `${what} → ${person.username}`, auth.user.username, person.username, ip);
    }
    return { changed: moved.length };
  }

  /** Takes back devices the caller assigned to the sub-manager (one, or all): the caller owns them again. */
  async recall(auth: AuthContext, userId: number, deviceId: number | null, ip: string): Promise<{ changed: number }> {
    const { person, result } = await this.changeLinks(auth, userId, async (trx, manager) => {
      const mine = await liveLinks(trx, 'assigned', auth.user.id, manager.id, deviceId === null ? undefined : [deviceId]);
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
      return { devices: ids, result: { count: ids.length, ends: ending.length } };
    });
    if (result.count > 0) {
      const what = await people.devicesLabel(this.db, deviceId, result.count);
      await this.log(
        auth,
        'device.recallAssign',
        `${what} ← ${person.username}`,
        person.username,
        `${auth.user.username} (${result.ends} link(s) ended)`,
        ip,
      );
    }
    return { changed: result.count };
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
