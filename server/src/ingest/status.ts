import { deviceStatus } from '@dms/contract';
import type { IngestContext } from './context.js';
import * as repo from './repository.js';
import type { BoxState, DeviceState } from './state.js';

/**
 * Status tracking: boxes online and offline (connect, disconnect, last will, heartbeat timeout) and each device's
 * status following them and its condition. Every change is the `status` event; last-seen times are written in batches.
 */
export class StatusTracker {
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Set when the server shuts down: the broker closing the boxes' connections is not the boxes going offline. */
  private closing = false;

  constructor(
    private readonly ctx: IngestContext,
    private readonly heartbeatTimeoutMs: number,
  ) {}

  /** Starts the heartbeat sweep. */
  start(): void {
    const every = Math.max(200, Math.min(5000, this.heartbeatTimeoutMs / 3));
    this.sweepTimer = setInterval(() => {
      this.sweep();
    }, every);
    this.sweepTimer.unref();
  }

  /** From now on disconnects and wills are the server's doing, not the boxes': they change no status. */
  beginShutdown(): void {
    this.closing = true;
  }

  stop(): void {
    this.closing = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }

  /** A box connected (embedded broker) from `ip`. */
  connected(boxId: number, ip: string): void {
    const box = this.ctx.registry.box(boxId);
    if (!box) return;
    const now = this.ctx.now();
    box.lastSeen = now;
    box.seenDirty = true;
    if (box.ip !== null && ip && box.ip !== ip) {
      const from = box.ip;
      this.ctx.later(() => repo.logIpChange(this.ctx.db, { box_id: boxId, source_ip: from, destination_ip: ip, time: now }));
    }
    if (ip) box.ip = ip;
    this.ctx.boxChanged(box);
    this.ctx.later(() => repo.logConnection(this.ctx.db, { box_id: boxId, event: 'connect', ip, time: now }, ip));
    this.setBoxOnline(box, true, now);
  }

  /** A box went away: a disconnect or its last will, or silence past the heartbeat timeout. */
  disconnected(boxId: number, event: 'disconnect' | 'will' | 'timeout'): void {
    const box = this.ctx.registry.box(boxId);
    if (!box || !box.online || this.closing) return;
    const now = this.ctx.now();
    // The address it had now: a reconnect may change box.ip before the queued write runs.
    const ip = box.ip ?? '';
    this.ctx.later(() => repo.logConnection(this.ctx.db, { box_id: boxId, event, ip, time: now }));
    this.setBoxOnline(box, false, now);
  }

  /** A message from the box: it is alive. */
  seen(box: BoxState, now: number): void {
    box.lastSeen = now;
    box.seenDirty = true;
    this.ctx.boxChanged(box);
    if (!box.online) this.setBoxOnline(box, true, now);
  }

  /** Brings a device's status in line with its online, fault and alert flags; a change is logged and announced. */
  transition(device: DeviceState, now: number): void {
    const from = device.status;
    const to = deviceStatus(device);
    if (from === to) {
      this.ctx.later(() => repo.saveDeviceCondition(this.ctx.db, device, now));
      return;
    }
    device.status = to;
    this.ctx.deviceChanged(device);
    this.ctx.events.emit('status', { device, from, to, time: now });
    this.ctx.later(() => repo.logTransition(this.ctx.db, device, from, to, now));
  }

  /** Writes the last-seen times that changed since the last time. */
  async persistSeen(): Promise<void> {
    // Collected as they are walked: a copy of every box first (a million at scale) is garbage the size of the fleet.
    const seen: BoxState[] = [];
    for (const b of this.ctx.registry.boxes.values()) if (b.seenDirty) seen.push(b);
    if (seen.length === 0) return;
    for (const b of seen) b.seenDirty = false;
    await repo
      .saveLastSeen(
        this.ctx.db,
        seen.map((b) => ({ boxId: b.boxId, lastSeen: b.lastSeen ?? 0 })),
      )
      .catch((err: unknown) => {
        this.ctx.log.error({ err }, 'could not save last-seen times');
      });
  }

  private setBoxOnline(box: BoxState, online: boolean, now: number): void {
    box.online = online;
    this.ctx.boxChanged(box);
    this.ctx.later(() => repo.setBoxOnline(this.ctx.db, box.boxId, online, now));
    for (const device of box.devices.values()) {
      device.online = online;
      this.transition(device, now);
    }
  }

  /**
   * Boxes silent past their heartbeat timeout go offline; last-seen times are written every sweep. A box's timeout is
   * HEARTBEAT_TIMEOUT_S, or three of its report intervals when that is longer: a box set to report once an hour
   * (/smartbox/box-dws) is not shown offline between its reports. With several instances, each judges the boxes it owns.
   */
  private sweep(): void {
    const now = this.ctx.now();
    for (const box of this.ctx.registry.boxes.values()) {
      if (box.online && this.ctx.owns(box) && (box.lastSeen ?? 0) < now - heartbeatTimeoutOf(box, this.heartbeatTimeoutMs))
        this.disconnected(box.boxId, 'timeout');
    }
    void this.persistSeen();
  }
}

/** How long a box may stay silent before it counts as offline: the server's timeout, or three report intervals. */
function heartbeatTimeoutOf(box: Pick<BoxState, 'interval'>, heartbeatTimeoutMs: number): number {
  return Math.max(heartbeatTimeoutMs, (box.interval ?? 0) * 3000);
}
