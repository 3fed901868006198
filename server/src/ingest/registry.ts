import { typeIdFor, type ControllerTypeDetail, type SpecificStatus, type TypeRules } from '@dms/contract';
import type { Db } from '../db/database.js';
import { decodeValues } from './codec.js';
import { openFaultRecords } from './fault-records.js';
import * as repo from './repository.js';
import { typeMap, type BoxState, type DeviceState, type TypeMap } from './state.js';
import { TokenBucket } from './stats.js';

/** Where ingest reads controller types from (the controller-types module's service). */
export interface TypeSource {
  allWithRegisters(): Promise<ControllerTypeDetail[]>;
  /** What decides a device's type: model-code relations, type codes and CK limits (controller-types/typing.ts). */
  typeRules(): Promise<TypeRules>;
}

/** The boxes, devices and controller types ingest holds in memory, restored from the database at start. */
export class Registry {
  readonly boxes = new Map<number, BoxState>();
  readonly devices = new Map<number, DeviceState>();
  private typesById = new Map<number, TypeMap>();
  private rules: TypeRules = { relations: new Map(), codes: new Map(), ckTypes: new Map() };

  constructor(
    private readonly db: Db,
    private readonly types: TypeSource,
    private readonly boxRateLimit: number,
    private readonly now: () => number,
  ) {}

  /** Loads types, boxes, devices, latest values and open fault records. */
  async restore(): Promise<void> {
    await this.reloadTypes();
    await this.load();
  }

  /** Boxes deleted (/smartbox/box-delete): forgotten with their devices; what they send is dropped as unregistered. */
  forgetBoxes(boxIds: readonly number[]): void {
    for (const boxId of boxIds) {
      const box = this.boxes.get(boxId);
      if (!box) continue;
      for (const d of box.devices.values()) this.devices.delete(d.id);
      this.boxes.delete(boxId);
    }
  }

  /** Boxes restored (/smartbox/box-delete): read back from the database as at start. */
  async restoreBoxes(boxIds: readonly number[]): Promise<void> {
    this.forgetBoxes(boxIds);
    await this.load(boxIds);
  }

  /**
   * Boxes and devices another instance made or saw first (cluster/: a batch named them): those not known here are
   * read from the database. What is known stays as it is, so no message meanwhile finds its box missing.
   */
  async learn(boxIds: readonly number[]): Promise<void> {
    await this.load(boxIds, true);
  }

  /** Reads boxes (all, or `only`) with their devices, latest values and open fault records; `keep`: not those known. */
  private async load(only?: readonly number[], keep = false): Promise<void> {
    const now = this.now();
    for (const row of await repo.allBoxes(this.db, only)) {
      if (keep && this.boxes.has(row.box_id)) continue;
      // A box that was online before the restart gets one heartbeat timeout to come back before it counts as offline.
      this.addBox(
        row.box_id,
        row.owner_id,
        row.secret_hash,
        row.ip,
        row.online === 1,
        row.online === 1 ? now : row.last_seen,
        row.ck,
        row.report_interval,
      );
    }
    const devices = (await repo.allDevices(this.db, only)).filter((d) => !keep || !this.devices.has(d.id));
    const ids = only ? devices.map((d) => d.id) : undefined;
    const latest = new Map((await repo.allLatest(this.db, ids)).map((r) => [r.device_id, r]));
    for (const row of devices) {
      const box = this.boxes.get(row.box_id);
      if (!box) continue;
      const l = latest.get(row.id);
      this.addDevice(box, {
        id: row.id,
        boxId: row.box_id,
        controller: row.controller,
        ownerId: row.owner_id,
        type: row.type_id !== null ? (this.typesById.get(row.type_id) ?? null) : null,
        typeCode: row.type_code,
        online: box.online,
        fault: row.fault === 1,
        alert: row.alert === 1,
        status: row.status as SpecificStatus,
        latestTs: l ? l.ts : null,
        latest: l ? decodeValues(l.vals) : new Map<number, number>(),
        activeBits: new Map(),
        ruleEvents: new Map(),
      });
    }
    for (const r of await openFaultRecords(this.db, ids)) {
      this.devices
        .get(r.device_id)
        ?.activeBits.set(`${r.register}:${r.bit}`, { kind: r.kind, register: r.register, bit: r.bit, recordId: r.id });
    }
  }

  /**
   * Reads the types and the rules that decide a device's type again (at start and on every change of a type, a
   * relation or a CK's types), and gives each device the type its reported code now stands for on its box.
   */
  async reloadTypes(): Promise<void> {
    const [types, rules] = await Promise.all([this.types.allWithRegisters(), this.types.typeRules()]);
    this.typesById = new Map(types.map(typeMap).map((m) => [m.id, m]));
    this.rules = rules;
    for (const box of this.boxes.values()) this.retypeBox(box);
  }

  /** The type of a device that reports `code` on a box carrying `ck` (controller-types/typing.ts), else none. */
  typeFor(code: string, ck: string | null): TypeMap | null {
    const id = typeIdFor(this.rules, code, ck);
    return id === null ? null : (this.typesById.get(id) ?? null);
  }

  /** A box's CK changed (the box-CK table): its devices' types follow the CK's limits. */
  setBoxCk(boxId: number, ck: string | null): void {
    const box = this.boxes.get(boxId);
    if (!box) return;
    box.ck = ck;
    this.retypeBox(box);
  }

  private retypeBox(box: BoxState): void {
    for (const device of box.devices.values()) if (device.typeCode !== null) device.type = this.typeFor(device.typeCode, box.ck);
  }

  addBox(
    boxId: number,
    ownerId: number,
    secretHash: string,
    ip: string | null,
    online: boolean,
    lastSeen: number | null,
    ck: string | null,
    /** Seconds between its reports, as its last hello said (null: never said). */
    interval: number | null = null,
  ): void {
    const bucket = new TokenBucket(this.boxRateLimit, this.now());
    this.boxes.set(boxId, {
      boxId,
      ownerId,
      secretHash,
      ip,
      online,
      lastSeen,
      seenDirty: false,
      bucket,
      devices: new Map(),
      ck,
      interval,
    });
  }

  addDevice(box: BoxState, device: DeviceState): void {
    box.devices.set(device.controller, device);
    this.devices.set(device.id, device);
  }

  box(boxId: number): BoxState | undefined {
    return this.boxes.get(boxId);
  }

  device(id: number): DeviceState | undefined {
    return this.devices.get(id);
  }

  deviceAt(boxId: number, controller: number): DeviceState | undefined {
    return this.boxes.get(boxId)?.devices.get(controller);
  }

  onlineBoxes(): number {
    let n = 0;
    for (const b of this.boxes.values()) if (b.online) n += 1;
    return n;
  }
}
