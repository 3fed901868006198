import { encodeValues, type Values } from './codec.js';
import type { ConditionTracker } from './conditions.js';
import type { IngestContext } from './context.js';
import type { DeviceProvisioner } from './provisioning.js';
import * as repo from './repository.js';
import type { BoxState } from './state.js';
import { HistoryWriter, type HistoryItem } from './writer.js';

/**
 * Snapshots: a box's register values become its devices' latest values (the `values` event, then their condition)
 * and history, written in batches; history past the retention is deleted every hour.
 */
export class SnapshotStore {
  private readonly writer: HistoryWriter;
  private retentionTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: IngestContext,
    private readonly provisioner: DeviceProvisioner,
    private readonly conditions: ConditionTracker,
    private readonly config: { flushMs: number; retentionMs: number },
  ) {
    this.writer = new HistoryWriter(ctx.db, config.flushMs, (id) => {
      const d = ctx.registry.device(id);
      return d && d.latestTs !== null ? { ts: d.latestTs, vals: encodeValues(d.latest) } : null;
    });
  }

  start(): void {
    this.retentionTimer = setInterval(() => void this.prune(), 3_600_000);
    this.retentionTimer.unref();
  }

  /** Resolves once the snapshot is stored: then the box may have its acknowledgement. */
  async store(box: BoxState, ts: number, controllers: Map<number, Values>, now: number): Promise<void> {
    const items: HistoryItem[] = [];
    for (const [controller, values] of controllers) {
      const device = box.devices.get(controller) ?? (await this.provisioner.ensure(box, controller, null));
      const registers = device.type?.registers;
      if (registers) {
        for (const register of values.keys()) {
          if (!registers.has(register)) {
            values.delete(register);
            this.ctx.drop('unknown-register', box.boxId, now);
          }
        }
      }
      if (values.size === 0) continue;
      this.ctx.stats.values += values.size;
      if (device.latestTs === null || ts > device.latestTs) {
        for (const [register, value] of values) device.latest.set(register, value);
        device.latestTs = ts;
        this.ctx.events.emit('values', { device, ts, values });
        this.conditions.evaluate(device, ts, now);
      } else if (ts === device.latestTs) {
        this.ctx.stats.duplicates += 1;
      }
      items.push({ deviceId: device.id, ts, vals: encodeValues(values) });
    }
    await this.writer.enqueue(items);
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

  /** Deletes history older than the retention, device by device (each a primary-key range). */
  async prune(): Promise<number> {
    const before = this.ctx.now() - this.config.retentionMs;
    let deleted = 0;
    for (const id of this.ctx.registry.devices.keys()) deleted += await repo.deleteHistoryBefore(this.ctx.db, id, before);
    if (deleted > 0) this.ctx.log.info({ deleted }, 'history past retention deleted');
    return deleted;
  }
}
