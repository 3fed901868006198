import type { Config } from '../config.js';
import { dropHistoryPartitionsBefore } from '../db/history-partitions.js';
import { encodeValues, keepRegisters, mergeValues } from './codec.js';
import type { ConditionTracker } from './conditions.js';
import type { IngestContext } from './context.js';
import type { DeviceProvisioner } from './provisioning.js';
import * as repo from './repository.js';
import type { RuleTracker } from './rules.js';
import type { BoxState } from './state.js';
import { HistoryWriter, type HistoryItem } from './writer.js';

/**
 * Snapshots: a box's register values become its devices' latest values (the `values` event, then their condition)
 * and history, written in batches; history past the retention is deleted every hour. A box's time is trusted up to
 * CLOCK_SKEW_S ahead of the server's clock (docs/box-protocol.md, Timestamps).
 */
export class SnapshotStore {
  private readonly writer: HistoryWriter;
  private retentionTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: IngestContext,
    private readonly provisioner: DeviceProvisioner,
    private readonly conditions: ConditionTracker,
    private readonly rules: RuleTracker,
    private readonly config: { flushMs: number; retentionMs: number; clockSkewMs: number },
  ) {
    this.writer = new HistoryWriter(
      ctx.db,
      config.flushMs,
      (id) => {
        const d = ctx.registry.device(id);
        return d && d.latestTs !== null ? { ts: d.latestTs, vals: encodeValues(d.latest) } : null;
      },
      ctx.log,
    );
  }

  /** Starts the hourly retention (on one instance of several: `leads`); with `database`, the history writer's own thread (writer.ts). */
  start(database?: Config['database']): void {
    if (database) this.writer.start(database);
    this.retentionTimer = setInterval(() => {
      if (this.ctx.leads('retention')) void this.prune();
    }, 3_600_000);
    this.retentionTimer.unref();
  }

  /**
   * Before the state is loaded: devices whose latest time is beyond the skew ahead of now (a box clock far ahead
   * before this rule, or the server's clock set back) get it, and their future history, re-stamped to now.
   */
  async repair(): Promise<void> {
    const now = this.ctx.now();
    const repaired = await repo.restampFuture(this.ctx.db, now, now + this.config.clockSkewMs);
    if (repaired.devices > 0)
      this.ctx.log.warn(
        repaired,
        'latest values and history stamped ahead of the server clock were re-stamped to now (box_ts keeps the box time)',
      );
  }

  /**
   * Resolves once the snapshot is stored: then the box may have its acknowledgement. A snapshot older than the
   * retention is refused (counted `too-old`); one stamped beyond the skew ahead of `now` is stored at `now`, or just
   * after its device's latest time when that is later, keeping the box's time (counted `clockAdjusted`).
   */
  async store(
    box: BoxState,
    boxTs: number,
    controllers: ReadonlyArray<[controller: number, vals: Uint8Array]>,
    now: number,
  ): Promise<void> {
    if (boxTs < now - this.config.retentionMs) {
      this.ctx.drop('too-old', box.boxId, now);
      return;
    }
    const adjusted = boxTs > now + this.config.clockSkewMs;
    if (adjusted) this.ctx.stats.clockAdjusted += 1;
    if (adjusted !== (box.clockAhead ?? false)) {
      box.clockAhead = adjusted;
      if (adjusted)
        this.ctx.log.warn(
          { boxId: box.boxId, aheadS: Math.round((boxTs - now) / 1000) },
          'box clock ahead of the server beyond CLOCK_SKEW_S: its snapshots are stored at their receive time',
        );
      else this.ctx.log.info({ boxId: box.boxId }, 'box clock back within CLOCK_SKEW_S');
    }
    const items: HistoryItem[] = [];
    // An event rule's start or end is stored before the snapshot that made it is acknowledged (rules.ts).
    let ruleMoved = false;
    for (const [controller, packed] of controllers) {
      const device = box.devices.get(controller) ?? (await this.provisioner.ensure(box, controller, null));
      const addresses = device.type?.addresses;
      const vals = addresses
        ? keepRegisters(
            packed,
            (register) => addresses.has(register),
            () => {
              this.ctx.drop('unknown-register', box.boxId, now);
            },
          )
        : packed;
      const count = vals.byteLength >> 2;
      if (count === 0) continue;
      this.ctx.stats.values += count;
      // A latest time within the skew may be a little ahead: a re-stamped snapshot goes after it. One beyond the skew
      // (the server's clock was set back) is not trusted either: it is replaced instead of holding the values.
      const latest = device.latestTs !== null && device.latestTs <= now + this.config.clockSkewMs ? device.latestTs : null;
      const ts = adjusted ? Math.max(now, latest === null ? now : latest + 1) : boxTs;
      if (latest === null || ts > latest) {
        mergeValues(device.latest, vals);
        device.latestTs = ts;
        this.ctx.events.emit('values', { device, ts, vals });
        this.conditions.evaluate(device, ts, now);
        if (this.rules.judge(device, ts, now)) ruleMoved = true;
      } else if (ts === latest) {
        this.ctx.stats.duplicates += 1;
      }
      items.push({ deviceId: device.id, ts, vals, ...(adjusted ? { boxTs } : {}) });
    }
    await this.writer.enqueue(items);
    if (ruleMoved) await this.ctx.settled();
    this.ctx.stats.snapshots += 1;
  }

  /** Writes what is queued; resolves when it is committed. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  async close(): Promise<void> {
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    await this.writer.close();
  }

  /**
   * Deletes history older than the retention: on PostgreSQL the months wholly past it first, a table each
   * (db/history-partitions.ts); then what is left, device by device (each a primary-key range). Answers the rows
   * deleted one by one.
   */
  async prune(): Promise<number> {
    const before = this.ctx.now() - this.config.retentionMs;
    const months = await dropHistoryPartitionsBefore(this.ctx.db, before);
    if (months > 0) this.ctx.log.info({ months }, 'months of history past retention dropped');
    let deleted = 0;
    for (const id of this.ctx.registry.devices.keys()) deleted += await repo.deleteHistoryBefore(this.ctx.db, id, before);
    if (deleted > 0) this.ctx.log.info({ deleted }, 'history past retention deleted');
    return deleted;
  }
}
