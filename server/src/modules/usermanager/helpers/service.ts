import {
  Code,
  HELPER_TYPES,
  type HelperDeviceRow,
  type HelperRow,
  type HelpersFilter,
  type HelperType,
  type NewHelper,
} from '@dms/contract';
import { refreshReach, requireAccess } from '../../../access/index.js';
import { AppError, notFound } from '../../../errors.js';
import type { AuthContext } from '../../../types.js';
import * as userRepo from '../../user/repository.js';
import { PeopleBelow, type PeopleDeps } from '../below/service.js';
import type { PersonKind } from '../below/kind.js';
import { insertLinks, linkableIds, liveLinks } from '../below/repository.js';
import * as people from '../people.js';
import * as repo from './repository.js';

/** The helper level of the hierarchy (docs/people.md "The user tree"). */
const HELPER_LEVEL = 7;

const isHelperType = (v: string | null): v is HelperType => v !== null && (HELPER_TYPES as readonly string[]).includes(v);

/** Helpers: a type and a region; the caller shares devices with them, with or without the switch right. */
const HELPERS: PersonKind<HelpersFilter, NewHelper, HelperRow, HelperDeviceRow> = {
  role: 'helper',
  link: 'helper',
  search: ['username', 'name', 'region'],
  filter: (q) => (q.helperType ? { column: 'helper_type', value: q.helperType } : undefined),
  row: (r) => ({
    helperType: isHelperType(r.helper_type) ? r.helper_type : null,
    region: r.region ?? '',
    sharedDevices: r.linked ?? 0,
    switchDevices: r.switching ?? 0,
  }),
  device: (r) => ({ canSwitch: r.can_switch === 1, sharedAt: r.linked_at ?? null }),
  account: (auth, body) => ({
    level: Math.max(HELPER_LEVEL, auth.user.level),
    ck: auth.user.ck,
    about: `type ${body.helperType}, region ${body.region || '-'}`,
  }),
};

/**
 * Helpers and sharing (docs/people.md): a manager's helpers are the children with the role helper; the manager shares
 * the devices they own with them, with or without the switch right. Every change runs in one transaction with its
 * checks and the reach it changes, goes to the operation log, and tells the live push whose devices changed.
 */
export class HelperService extends PeopleBelow<HelpersFilter, NewHelper, HelperRow, HelperDeviceRow> {
  constructor(deps: PeopleDeps) {
    super(deps, HELPERS);
  }

  async types(auth: AuthContext): Promise<{ types: HelperType[]; regions: string[] }> {
    return { types: [...HELPER_TYPES], regions: await repo.helperRegions(this.db, auth.user.id) };
  }

  /**
   * Deletes a helper: every share to them ends, their sessions and API keys end, and the account is disabled and leaves the
   * caller's tree (parent cleared), so it is nobody's helper. The row stays for the operation log; the user name stays
   * taken.
   */
  async remove(auth: AuthContext, userId: number, ip: string): Promise<void> {
    const now = this.now();
    const { helper, keyIds, changed } = await this.db.transaction().execute(async (trx) => {
      const found = await this.require(trx, auth, userId);
      const links = await repo.linksToUser(trx, found.id);
      await people.endLinks(
        trx,
        links.map((l) => l.id),
        now,
      );
      await trx.updateTable('users').set({ disabled: 1, parent_id: null }).where('id', '=', found.id).execute();
      return {
        helper: found,
        keyIds: await userRepo.endUserAccess(trx, found.id, now),
        changed: await refreshReach(
          trx,
          links.map((l) => l.device_id),
        ),
      };
    });
    this.bus.publish('userChanged', { userId: helper.id });
    this.bus.publish('reachChanged', { userIds: changed });
    if (keyIds.length > 0) this.bus.publish('apiKeysEnded', { keyIds });
    await this.audit.record({ user: auth.user, action: 'helper.delete', target: helper.username, outcome: 'ok', ip });
  }

  /** Shares one device the caller owns (404 when there is none, 403 when it is not theirs), or changes its switch right. */
  async share(auth: AuthContext, body: { userId: number; deviceId: number; canSwitch: boolean }, ip: string): Promise<{ changed: number }> {
    const { person, result } = await this.changeLinks(auth, body.userId, async (trx, helper) => {
      const device = await people.deviceOwner(trx, body.deviceId);
      if (!device) throw notFound();
      await requireAccess(trx, { auth, permission: 'device.share', ids: [device.id] });
      const [live] = await liveLinks(trx, 'helper', auth.user.id, helper.id, [device.id]);
      let changed = 0;
      if (!live) {
        await insertLinks(trx, 'helper', auth.user.id, helper.id, [device.id], body.canSwitch, this.now());
        changed = 1;
      } else if ((live.can_switch === 1) !== body.canSwitch) {
        await repo.setSwitch(trx, [live.id], body.canSwitch);
        changed = 1;
      }
      return { devices: [device.id], result: { changed, label: `${device.box_id}/${device.controller}` } };
    });
    if (result.changed > 0)
      await this.log(auth, 'device.share', `${result.label} → ${person.username}`, null, body.canSwitch ? 'switch' : 'view', ip);
    return { changed: result.changed };
  }

  /** Shares every device the caller owns and does not yet share with the helper. */
  async shareAll(auth: AuthContext, body: { userId: number; canSwitch: boolean }, ip: string): Promise<{ changed: number }> {
    const { person, result: count } = await this.changeLinks(auth, body.userId, async (trx, helper) => {
      const ids = await linkableIds(trx, auth.user.id, helper.id, 'helper');
      await insertLinks(trx, 'helper', auth.user.id, helper.id, ids, body.canSwitch, this.now());
      return { devices: ids, result: ids.length };
    });
    if (count > 0)
      await this.log(auth, 'device.share', `${count} device(s) → ${person.username}`, null, body.canSwitch ? 'switch' : 'view', ip);
    return { changed: count };
  }

  /** Ends shares with the helper (some devices, or all); a device not shared is a no-op for `all`, an error for one. */
  async recall(auth: AuthContext, userId: number, deviceId: number | null, ip: string): Promise<{ changed: number }> {
    const { person, result: count } = await this.changeLinks(auth, userId, async (trx, helper) => {
      const live = await liveLinks(trx, 'helper', auth.user.id, helper.id, deviceId === null ? undefined : [deviceId]);
      await people.endLinks(
        trx,
        live.map((l) => l.id),
        this.now(),
      );
      return { devices: live.map((l) => l.device_id), result: live.length };
    });
    if (count > 0)
      await this.log(
        auth,
        'device.recallShare',
        `${await people.devicesLabel(this.db, deviceId, count)} → ${person.username}`,
        'shared',
        null,
        ip,
      );
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
    const { person, result: count } = await this.changeLinks(auth, userId, async (trx, helper) => {
      const live = await liveLinks(trx, 'helper', auth.user.id, helper.id, deviceId === null ? undefined : [deviceId]);
      if (deviceId !== null && live.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.notShared');
      const toChange = live.filter((l) => (l.can_switch === 1) !== canSwitch);
      await repo.setSwitch(
        trx,
        toChange.map((l) => l.id),
        canSwitch,
      );
      return { devices: toChange.map((l) => l.device_id), result: toChange.length };
    });
    if (count > 0) {
      const what = await people.devicesLabel(this.db, deviceId, count);
      await this.log(auth, 'device.switchRight', `${what} → ${person.username}`, canSwitch ? 'off' : 'on', canSwitch ? 'on' : 'off', ip);
    }
    return { changed: count };
  }
}
