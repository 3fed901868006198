import { registerRawIn } from '@dms/contract';
import { encodeValues } from './codec.js';
import type { IngestContext } from './context.js';
import * as repo from './fault-records.js';
import type { ActiveBit, DeviceState } from './state.js';
import type { StatusTracker } from './status.js';

/**
 * A device's condition: fault and alert from its type's bit registers and its rule events. Opens and closes fault records with the
 * values of their moment; a change of fault or alert moves the status, then is the `condition` event.
 */
export class ConditionTracker {
  constructor(
    private readonly ctx: IngestContext,
    private readonly status: StatusTracker,
  ) {}

  /** Called with each device's new latest values. */
  evaluate(device: DeviceState, ts: number, now: number): void {
    const type = device.type;
    if (!type) return;
    const active = new Map<string, Omit<ActiveBit, 'recordId'>>();
    for (const reg of type.conditionRegisters) {
      const value = registerRawIn(reg, device.latest);
      if (value === undefined) continue;
      for (const b of reg.bits ?? []) {
        if (b.severity !== 'info' && (value >> b.bit) & 1)
          active.set(`${reg.number}:${b.bit}`, { kind: b.severity, register: reg.number, bit: b.bit });
      }
    }
    let changed = false;
    for (const [key, bit] of active) {
      if (device.activeBits.has(key)) continue;
      const entry: ActiveBit = { ...bit, recordId: null };
      device.activeBits.set(key, entry);
      changed = true;
      const snapshot = encodeValues(device.latest);
      this.ctx.later(async () => {
        entry.recordId = await repo.openFaultRecord(this.ctx.db, {
          device_id: device.id,
          kind: bit.kind,
          register: bit.register,
          bit: bit.bit,
          started_at: ts,
          snapshot,
        });
      });
    }
    for (const [key, entry] of device.activeBits) {
      if (active.has(key)) continue;
      device.activeBits.delete(key);
      changed = true;
      // The state writes are ordered, so the record's insert has finished and set its id by the time this runs. A bit
      // another instance opened (it owned the box then: replica.ts) has no id here: its open record is closed.
      this.ctx.later(async () => {
        if (entry.recordId !== null) await repo.closeFaultRecord(this.ctx.db, entry.recordId, ts);
        else await repo.closeOpenFaultRecord(this.ctx.db, device.id, entry.register, entry.bit, ts);
      });
    }
    if (changed) {
      this.ctx.deviceChanged(device);
      this.refresh(device, now);
    }
  }

  /**
   * Brings a device's fault and alert in line with its active bits and its rule events in progress (rules.ts): a
   * change moves the status, then is the `condition` event.
   */
  refresh(device: DeviceState, now: number): void {
    this.ctx.deviceChanged(device);
    const bits = [...device.activeBits.values()];
    const rules = [...device.ruleEvents.values()];
    const fault = bits.some((b) => b.kind === 'fault') || rules.includes('fault');
    const alert = bits.some((b) => b.kind === 'alert') || rules.includes('alert');
    if (fault === device.fault && alert === device.alert) return;
    device.fault = fault;
    device.alert = alert;
    this.status.transition(device, now);
    this.ctx.events.emit('condition', { device, time: now });
  }
}
