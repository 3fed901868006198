import type { ControllerTypeDetail, SpecificStatus } from '@dms/contract';
import type { Db } from '../db/database.js';
import { decodeValues } from './codec.js';
import * as repo from './repository.js';
import { typeMap, type BoxState, type DeviceState, type TypeMap } from './state.js';
import { TokenBucket } from './stats.js';

/** Where ingest reads controller types from (the controller-types module's service). */
export interface TypeSource {
  allWithRegisters(): Promise<ControllerTypeDetail[]>;
  /** Which type each model code a box may report stands for (/device-type/relation). */
  allRelations(): Promise<Array<{ modelCode: string; typeId: number }>>;
}

/** The boxes, devices and controller types ingest holds in memory, restored from the database at start. */
export class Registry {
  readonly boxes = new Map<number, BoxState>();
  readonly devices = new Map<number, DeviceState>();
  private typesByCode = new Map<string, TypeMap>();
  private typesById = new Map<number, TypeMap>();
  /** Model code → type id (/device-type/relation). */
  private relations = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly types: TypeSource,
    private readonly boxRateLimit: number,
    private readonly now: () => number,
  ) {}

  /** Loads types, boxes, devices, latest values and open fault records. */
  async restore(): Promise<void> {
    await this.reloadTypes();
    const now = this.now();
    for (const row of await repo.allBoxes(this.db)) {
      // A box that was online before the restart gets one heartbeat timeout to come back before it counts as offline.
      this.addBox(row.box_id, row.owner_id, row.secret_hash, row.ip, row.online === 1, row.online === 1 ? now : row.last_seen);
    }
    const latest = new Map((await repo.allLatest(this.db)).map((r) => [r.device_id, r]));
    for (const row of await repo.allDevices(this.db)) {
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
      });
    }
    for (const r of await repo.openFaultRecords(this.db)) {
      this.devices
        .get(r.device_id)
        ?.activeBits.set(`${r.register}:${r.bit}`, { kind: r.kind, register: r.register, bit: r.bit, recordId: r.id });
    }
  }

  /**
   * Reads the types and the model-code relations again (at start and on every change of either), and gives each
   * device the type its reported code now stands for.
   */
  async reloadTypes(): Promise<void> {
    const [types, relations] = await Promise.all([this.types.allWithRegisters(), this.types.allRelations()]);
    const maps = types.map(typeMap);
    this.typesByCode = new Map(maps.map((m) => [m.code, m]));
    this.typesById = new Map(maps.map((m) => [m.id, m]));
    this.relations = new Map(relations.map((r) => [r.modelCode, r.typeId]));
    for (const device of this.devices.values()) if (device.typeCode !== null) device.type = this.typeByCode(device.typeCode);
  }

  /** The type a reported model code stands for: its relation's, else the type of that code, else none. */
  typeByCode(code: string): TypeMap | null {
    const related = this.relations.get(code);
    if (related !== undefined) return this.typesById.get(related) ?? null;
    return this.typesByCode.get(code) ?? null;
  }

  addBox(boxId: number, ownerId: number, secretHash: string, ip: string | null, online: boolean, lastSeen: number | null): void {
    const bucket = new TokenBucket(this.boxRateLimit, this.now());
    this.boxes.set(boxId, { boxId, ownerId, secretHash, ip, online, lastSeen, seenDirty: false, bucket, devices: new Map() });
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
