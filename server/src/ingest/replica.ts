import { type Severity, type SpecificStatus } from '@dms/contract';
import { mergeValues } from './codec.js';
import type { IngestContext } from './context.js';
import type { BoxState, DeviceState } from './state.js';

/**
 * What the instance that owns a box (cluster/ingest-router.ts) tells the others of its state after each turn of the
 * event loop, so that every instance answers the same and pushes the same to its own consoles (docs/scaling.md).
 */
export interface StateBatch {
  /** [box, online, last seen, address]. */
  boxes: Array<[number, boolean, number | null, string | null]>;
  /** A device's condition: its flags, status, active bits ([kind, register, bit]) and rule events in progress. */
  devices: Array<{
    id: number;
    box: number;
    online: boolean;
    fault: boolean;
    alert: boolean;
    status: SpecificStatus;
    /** The type code its box's hello gave (its type follows from it here too). */
    type: string | null;
    time: number;
    bits: Array<['fault' | 'alert', number, number]>;
    rules: Array<[number, Severity]>;
  }>;
  /** New latest values: [device, box, time, packed values (base64)]. */
  values: Array<[number, number, number, string]>;
  /** Devices first seen there: [device, box, the users who reach it]. */
  provisioned: Array<[number, number, number[]]>;
}

/** The most entries of each kind one batch carries (a message of a few hundred KiB at most). */
export const BATCH_ENTRIES = 1000;

/**
 * Collects the changes of the boxes this instance owns and hands them to `send` once a turn of the event loop, as
 * one batch (a busy second is a few hundred messages, not one per snapshot).
 */
export class ReplicaOut {
  private boxes = new Map<number, BoxState>();
  private devices = new Map<number, { device: DeviceState; time: number }>();
  private values: StateBatch['values'] = [];
  private provisioned: StateBatch['provisioned'] = [];
  private scheduled = false;

  constructor(
    ctx: IngestContext,
    private readonly send: (batch: StateBatch) => void,
  ) {
    ctx.boxChanged = (box) => {
      this.boxes.set(box.boxId, box);
      this.schedule();
    };
    ctx.deviceChanged = (device) => {
      this.devices.set(device.id, { device, time: ctx.now() });
      this.schedule();
    };
    ctx.events.on('values', ({ device, ts, vals, remote }) => {
      if (remote) return;
      this.values.push([device.id, device.boxId, ts, Buffer.from(vals.buffer, vals.byteOffset, vals.byteLength).toString('base64')]);
      this.schedule();
    });
    ctx.events.on('provisioned', ({ device, reached, remote }) => {
      if (remote) return;
      this.provisioned.push([device.id, device.boxId, reached]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.flush();
    });
  }

  /** Sends what changed since the last batch (at once: tests). */
  flush(): void {
    this.scheduled = false;
    const batch: StateBatch = {
      boxes: [...this.boxes.values()].map((b) => [b.boxId, b.online, b.lastSeen, b.ip]),
      devices: [...this.devices.values()].map(({ device: d, time }) => ({
        id: d.id,
        box: d.boxId,
        online: d.online,
        fault: d.fault,
        alert: d.alert,
        status: d.status,
        type: d.typeCode,
        time,
        bits: [...d.activeBits.values()].map((b) => [b.kind, b.register, b.bit]),
        rules: [...d.ruleEvents],
      })),
      values: this.values,
      provisioned: this.provisioned,
    };
    this.boxes = new Map();
    this.devices = new Map();
    this.values = [];
    this.provisioned = [];
    const most = Math.max(batch.boxes.length, batch.devices.length, batch.values.length, batch.provisioned.length);
    for (let at = 0; at < most; at += BATCH_ENTRIES) {
      const end = at + BATCH_ENTRIES;
      this.send({
        boxes: batch.boxes.slice(at, end),
        devices: batch.devices.slice(at, end),
        values: batch.values.slice(at, end),
        provisioned: batch.provisioned.slice(at, end),
      });
    }
  }
}

/**
 * Applies another instance's batch to this one's registry: the boxes and devices it owns are only read here. Their
 * changes are heard here as `remote` events: the live push sends them to this instance's consoles, and nothing else
 * acts on them (the owner stored them and told whom it had to). Devices this instance does not know yet (made there
 * since) are read from the database first, with their box (`load`).
 */
export async function applyBatch(ctx: IngestContext, batch: StateBatch, load: (boxIds: number[]) => Promise<void>): Promise<void> {
  const registry = ctx.registry;
  const unknown = new Set<number>();
  for (const [id, box] of batch.provisioned) if (!registry.device(id)) unknown.add(box);
  for (const d of batch.devices) if (!registry.device(d.id)) unknown.add(d.box);
  for (const [id, box] of batch.values) if (!registry.device(id)) unknown.add(box);
  if (unknown.size > 0) await load([...unknown]);
  for (const [boxId, online, lastSeen, ip] of batch.boxes) {
    const box = registry.box(boxId);
    if (!box) continue;
    box.online = online;
    if (lastSeen !== null && (box.lastSeen === null || lastSeen > box.lastSeen)) box.lastSeen = lastSeen;
    if (ip !== null) box.ip = ip;
  }
  for (const [id, , reached] of batch.provisioned) {
    const device = registry.device(id);
    if (device) ctx.events.emit('provisioned', { device, reached, remote: true });
  }
  for (const [id, , ts, packed] of batch.values) {
    const device = registry.device(id);
    if (!device || (device.latestTs !== null && ts <= device.latestTs)) continue;
    const vals = Buffer.from(packed, 'base64');
    mergeValues(device.latest, vals);
    device.latestTs = ts;
    ctx.events.emit('values', { device, ts, vals, remote: true });
  }
  for (const d of batch.devices) {
    const device = registry.device(d.id);
    if (!device) continue;
    const bits = new Map(d.bits.map(([kind, register, bit]) => [`${register}:${bit}`, { kind, register, bit }]));
    for (const key of device.activeBits.keys()) if (!bits.has(key)) device.activeBits.delete(key);
    // An entry kept keeps its record id (known here when this instance owned the box before).
    for (const [key, bit] of bits) if (!device.activeBits.has(key)) device.activeBits.set(key, { ...bit, recordId: null });
    device.ruleEvents = new Map(d.rules);
    if (d.type !== device.typeCode) {
      device.typeCode = d.type;
      device.type = d.type === null ? null : registry.typeFor(d.type, registry.box(d.box)?.ck ?? null);
    }
    device.online = d.online;
    device.fault = d.fault;
    device.alert = d.alert;
    const from = device.status;
    const to = d.status;
    if (from === to) continue;
    device.status = to;
    ctx.events.emit('status', { device, from, to, time: d.time, remote: true });
  }
}
