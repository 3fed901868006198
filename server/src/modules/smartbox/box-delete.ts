import {
  Code,
  type BoxDataCounts,
  type BoxDeleted,
  type BoxDeletePreview,
  type BoxRestored,
  type DeletedBoxQuery,
  type DeletedBoxRow,
  type DeviceStatus,
  OPEN_MOVE_STATES,
} from '@dms/contract';
import { refreshReachForBoxes, requireAccess, usersSeeingAll } from '../../access/index.js';
import { dialectOf, type Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { requireFree } from './rollout-boxes.js';

/** History rows deleted per statement when a box is purged: the writers wait for one chunk at most. */
const PURGE_CHUNK = 5000;
/** Boxes purged per sweep. */
const PURGE_PER_SWEEP = 20;

/** Refuses a number no box is registered as, deleted or not (404), then a box the user may not delete (403). */
async function requireRegistered(db: Db, auth: AuthContext, boxId: number): Promise<void> {
  const box = await db.selectFrom('boxes').select('box_id').where('box_id', '=', boxId).executeTakeFirst();
  if (!box) throw new AppError(Code.BOX_NOT_REGISTERED, 'error.smartbox.unknownBoxes', { boxes: String(boxId) });
  await requireAccess(db, { auth, permission: 'box.delete', ids: [boxId] });
}

const count = (n: number | string | bigint | null | undefined) => Number(n ?? 0);

/**
 * Deleting boxes (/smartbox/box-delete; root; issue 23, docs/api.md "Deleting boxes"). A deleted box has a row in
 * `box_deletions`: it and its devices are hidden from every path at once (access/repository.ts `liveDevice`,
 * `liveBox`; reach is refreshed in the same transaction, so nobody else reaches them), ingest forgets it (`boxesDeleted`
 * on the bus: its data is dropped, counted as from an unregistered box) and everyone who reached it is told
 * (`reachChanged`). It can be restored until `purge_at`; then `purge` deletes it with everything it holds. Each step is
 * logged.
 */
export class BoxDeleteService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
    private readonly graceMs: number,
  ) {}

  /** What deleting the box would take: its holder, devices and their data. Nothing changes. */
  async preview(auth: AuthContext, boxId: number): Promise<BoxDeletePreview> {
    await this.requireLive(this.db, auth, boxId);
    const box = await this.db
      .selectFrom('boxes as b')
      .leftJoin('users as u', 'u.id', 'b.owner_id')
      .select(['b.box_id', 'b.company_name', 'b.box_type', 'b.online', 'u.username'])
      .where('b.box_id', '=', boxId)
      .executeTakeFirstOrThrow();
    const devices = await this.db
      .selectFrom('devices')
      .select(['id', 'controller', 'type_code', 'status'])
      .where('box_id', '=', boxId)
      .orderBy('controller')
      .execute();
    return {
      boxId,
      owner: box.username ?? '',
      company: box.company_name,
      boxType: box.box_type,
      online: box.online === 1,
      devices: devices.map((d) => ({ id: d.id, controller: d.controller, type: d.type_code ?? '', status: d.status as DeviceStatus })),
      counts: await this.counts(
        boxId,
        devices.map((d) => d.id),
      ),
      graceDays: this.graceMs / 86_400_000,
    };
  }

  /** Deletes the box: hidden at once, its reach refreshed in the same transaction; logged with what it held. */
  async remove(auth: AuthContext, boxId: number, ip: string): Promise<BoxDeleted> {
    const now = this.now();
    const purgeAt = now + this.graceMs;
    const done = await this.db.transaction().execute(async (tx) => {
      await this.requireLive(tx, auth, boxId);
      const box = await tx
        .selectFrom('boxes as b')
        .leftJoin('users as u', 'u.id', 'b.owner_id')
        .select(['u.username', 'b.company_name'])
        .where('b.box_id', '=', boxId)
        .executeTakeFirstOrThrow();
      const devices = await tx.selectFrom('devices').select('id').where('box_id', '=', boxId).execute();
      await tx
        .insertInto('box_deletions')
        .values({
          box_id: boxId,
          deleted_at: now,
          deleted_by: auth.user.username,
          deleted_by_id: auth.user.id,
          purge_at: purgeAt,
          devices: devices.length,
        })
        .execute();
      return { box, devices: devices.length, reached: await refreshReachForBoxes(tx, [boxId]) };
    });
    this.bus.publish('boxesDeleted', { boxIds: [boxId] });
    await this.tell(done.reached);
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.deleteBox',
      target: String(boxId),
      oldValue: `owner ${done.box.username ?? ''}, ${done.box.company_name}, ${done.devices} device(s)`,
      newValue: `deleted, purged at ${new Date(purgeAt).toISOString()}`,
      outcome: 'ok',
      ip,
    });
    return { boxId, devices: done.devices, purgeAt };
  }

  /** Restores a deleted box before its purge: it and its devices are back for everyone who reached them. */
  async restore(auth: AuthContext, boxId: number, ip: string): Promise<BoxRestored> {
    const done = await this.db.transaction().execute(async (tx) => {
      await requireRegistered(tx, auth, boxId);
      const row = await tx.selectFrom('box_deletions').selectAll().where('box_id', '=', boxId).executeTakeFirst();
      if (!row) throw new AppError(Code.REJECTED, 'error.smartbox.notDeleted', { box: boxId });
      await tx.deleteFrom('box_deletions').where('box_id', '=', boxId).execute();
      return { row, reached: await refreshReachForBoxes(tx, [boxId]) };
    });
    this.bus.publish('boxesRestored', { boxIds: [boxId] });
    await this.tell(done.reached);
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.restoreBox',
      target: String(boxId),
      oldValue: `deleted by ${done.row.deleted_by} at ${new Date(done.row.deleted_at).toISOString()}`,
      newValue: `restored, ${done.row.devices} device(s)`,
      outcome: 'ok',
      ip,
    });
    return { boxId, devices: done.row.devices };
  }

  /** The deleted boxes, soonest purged first. */
  async page(query: DeletedBoxQuery & { page: number; page_size: number }): Promise<{ total: number; items: DeletedBoxRow[] }> {
    let q = this.db.selectFrom('box_deletions as x').innerJoin('boxes as b', 'b.box_id', 'x.box_id');
    if (query.boxId !== undefined) q = q.where('x.box_id', '=', query.boxId);
    const [total, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
      q
        .leftJoin('users as u', 'u.id', 'b.owner_id')
        .select(['x.box_id', 'x.deleted_at', 'x.deleted_by', 'x.purge_at', 'x.devices', 'b.company_name', 'u.username'])
        .orderBy('x.purge_at')
        .orderBy('x.box_id')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
    ]);
    return {
      total: count(total?.n),
      items: rows.map((r) => ({
        boxId: r.box_id,
        owner: r.username ?? '',
        company: r.company_name,
        devices: r.devices,
        deletedAt: r.deleted_at,
        deletedBy: r.deleted_by,
        purgeAt: r.purge_at,
      })),
    };
  }

  /**
   * Purges the deleted boxes whose grace has passed: their history in chunks (writers wait for one chunk at most), then
   * in one transaction what else names them and the box itself (its devices, records, commands and the rest go with
   * it: the cascades). A box restored meanwhile is left alone, a box is purged and logged once when two sweeps meet, and
   * one purge interrupted goes on at the next sweep.
   * Answers the boxes purged. In one process a purge waits for the one running (the hourly sweep's, or a test's), so
   * the history each logs is the whole box's; across instances the claim keeps each box to one purger's log.
   */
  purge(): Promise<number[]> {
    const next = this.purging.then(() => this.purgeDue());
    this.purging = next.catch(() => []);
    return next;
  }

  private purging: Promise<unknown> = Promise.resolve();

  private async purgeDue(): Promise<number[]> {
    const due = await this.db
      .selectFrom('box_deletions')
      .selectAll()
      .where('purge_at', '<=', this.now())
      .orderBy('purge_at')
      .limit(PURGE_PER_SWEEP)
      .execute();
    const purged: number[] = [];
    for (const row of due) {
      const devices = (await this.db.selectFrom('devices').select('id').where('box_id', '=', row.box_id).execute()).map((d) => d.id);
      let history = 0;
      for (const id of devices) history += await this.purgeHistory(id);
      const still = await this.db.transaction().execute(async (tx) => {
        // Claimed by deleting its row: a restore, or a purge of another sweep or instance, that came first leaves none
        // (on PostgreSQL the second waits for the first's row lock, then finds it gone), and this one stops.
        const claimed = await tx.deleteFrom('box_deletions').where('box_id', '=', row.box_id).executeTakeFirst();
        if (count(claimed.numDeletedRows) === 0) return false;
        if (devices.length > 0) {
          await tx.deleteFrom('history').where('device_id', 'in', devices).execute();
          await tx.deleteFrom('history_rollups').where('device_id', 'in', devices).execute();
          await tx.deleteFrom('history_rollup_dirty').where('device_id', 'in', devices).execute();
          if (dialectOf(tx) === 'postgres') await tx.deleteFrom('history_box_times').where('device_id', 'in', devices).execute();
          await tx.deleteFrom('device_latest').where('device_id', 'in', devices).execute();
          await tx.deleteFrom('events').where('device_id', 'in', devices).execute();
          await tx.deleteFrom('event_rule_state').where('device_id', 'in', devices).execute();
        }
        await tx.deleteFrom('box_ip_log').where('box_id', '=', row.box_id).execute();
        await tx.deleteFrom('box_connection_log').where('box_id', '=', row.box_id).execute();
        await tx.deleteFrom('box_ck_changes').where('box_id', '=', row.box_id).execute();
        await tx.updateTable('iot_cards').set({ box_id: null }).where('box_id', '=', row.box_id).execute();
        await tx.deleteFrom('boxes').where('box_id', '=', row.box_id).execute();
        return true;
      });
      if (!still) continue;
      purged.push(row.box_id);
      await this.audit.record({
        user: { id: row.deleted_by_id ?? (await this.anyRoot()), username: row.deleted_by },
        action: 'smartbox.purgeBox',
        target: String(row.box_id),
        oldValue: `deleted by ${row.deleted_by} at ${new Date(row.deleted_at).toISOString()}, ${row.devices} device(s)`,
        newValue: `purged with ${history} history row(s)`,
        outcome: 'ok',
        ip: '',
      });
    }
    return purged;
  }

  /**
   * Tells the open consoles and sockets of everyone who lost or regained the box (their reach changed) and of those who
   * see every box (they have no reach rows, and lose it too): their subscriptions are checked again and their pages
   * read again.
   */
  private async tell(reached: readonly number[]): Promise<void> {
    this.bus.publish('reachChanged', { userIds: [...new Set([...reached, ...(await usersSeeingAll(this.db))])] });
  }

  /** A root's id: the purge of a box whose deleter's account is gone is logged under it. */
  private async anyRoot(): Promise<number> {
    const [id] = await usersSeeingAll(this.db);
    return id ?? 0;
  }

  /** Deletes one device's history in chunks of PURGE_CHUNK rows, oldest first; answers how many. */
  private async purgeHistory(deviceId: number): Promise<number> {
    let total = 0;
    for (;;) {
      const edge = await this.db
        .selectFrom('history')
        .select('ts')
        .where('device_id', '=', deviceId)
        .orderBy('ts')
        .limit(1)
        .offset(PURGE_CHUNK - 1)
        .executeTakeFirst();
      let q = this.db.deleteFrom('history').where('device_id', '=', deviceId);
      if (edge) q = q.where('ts', '<=', edge.ts);
      total += count((await q.executeTakeFirst()).numDeletedRows);
      if (!edge) return total;
    }
  }

  /**
   * Refuses a box that is not registered (404), not root's to delete (403), deleted already, or in a firmware rollout or
   * a server move that has not ended: its end would count as a failure there (a rollout could stop at its threshold).
   */
  private async requireLive(db: Db, auth: AuthContext, boxId: number): Promise<void> {
    await requireRegistered(db, auth, boxId);
    const deleted = await db.selectFrom('box_deletions').select('box_id').where('box_id', '=', boxId).executeTakeFirst();
    if (deleted) throw new AppError(Code.REJECTED, 'error.smartbox.boxDeleted', { box: boxId });
    await requireFree(db, [boxId]);
    const moving = await db
      .selectFrom('box_moves')
      .select('box_id')
      .where('box_id', '=', boxId)
      .where('state', 'in', OPEN_MOVE_STATES)
      .executeTakeFirst();
    if (moving) throw new AppError(Code.REJECTED, 'error.smartbox.boxMoving', { box: boxId });
  }

  /** How much the box's devices hold. */
  private async counts(boxId: number, devices: number[]): Promise<BoxDataCounts> {
    const of = async (table: 'history' | 'fault_records' | 'events' | 'device_status_log') =>
      devices.length === 0
        ? 0
        : count(
            (
              await this.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number | string>().as('n'))
                .where('device_id', 'in', devices)
                .executeTakeFirst()
            )?.n,
          );
    const commands = await this.db
      .selectFrom('box_commands')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('box_id', '=', boxId)
      .executeTakeFirst();
    return {
      history: await of('history'),
      faultRecords: await of('fault_records'),
      events: await of('events'),
      statusChanges: await of('device_status_log'),
      commands: count(commands?.n),
    };
  }
}
