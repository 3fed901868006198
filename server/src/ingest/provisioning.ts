import { deviceStatus, type HelloPayload } from '@dms/contract';
import { refreshReach } from '../access/reach.js';
import { isUniqueViolation } from '../db/database.js';
import type { IngestContext } from './context.js';
import * as repo from './repository.js';
import type { BoxState, DeviceState } from './state.js';

/**
 * Provisioning: a device per controller of a box, created on first sight (its hello or its first data), its type
 * following what the hello says. A new device is the `provisioned` event, a stored hello the `hello` event.
 */
export class DeviceProvisioner {
  private readonly creating = new Map<string, Promise<DeviceState>>();

  constructor(private readonly ctx: IngestContext) {}

  /** A box's hello: its controllers' devices, then what it says about itself. */
  async hello(box: BoxState, hello: HelloPayload): Promise<void> {
    box.interval = hello.interval;
    await Promise.all(hello.controllers.map((c) => this.ensure(box, c.index, c.type)));
    this.ctx.later(async () => {
      await repo.updateBoxHello(this.ctx.db, box.boxId, hello, this.ctx.now());
      this.ctx.events.emit('hello', { boxId: box.boxId, iccid: hello.iccid, time: this.ctx.now() });
    });
  }

  /** The device of a controller index, created on first sight; its type follows what the box's hello says. */
  async ensure(box: BoxState, controller: number, typeCode: string | null): Promise<DeviceState> {
    const existing = box.devices.get(controller);
    if (existing) {
      if (typeCode !== null && existing.typeCode !== typeCode) {
        existing.typeCode = typeCode;
        existing.type = this.ctx.registry.typeFor(typeCode, box.ck);
        const typeId = existing.type?.id ?? null;
        this.ctx.deviceChanged(existing);
        this.ctx.later(() => repo.updateDeviceType(this.ctx.db, existing.id, typeId, typeCode));
      }
      return existing;
    }
    const key = `${box.boxId}:${controller}`;
    const inFlight = this.creating.get(key);
    // Made meanwhile by another message: what this one says of its type still counts (a hello after the first data,
    // which several instances may handle in either order).
    if (inFlight) return inFlight.then(() => this.ensure(box, controller, typeCode));
    const create = this.create(box, controller, typeCode);
    this.creating.set(key, create);
    try {
      return await create;
    } finally {
      this.creating.delete(key);
    }
  }

  private async create(box: BoxState, controller: number, typeCode: string | null): Promise<DeviceState> {
    const type = typeCode !== null ? this.ctx.registry.typeFor(typeCode, box.ck) : null;
    const status = deviceStatus({ online: box.online, fault: false, alert: false });
    let id: number;
    try {
      id = await repo.insertDevice(this.ctx.db, {
        box_id: box.boxId,
        controller,
        type_id: type?.id ?? null,
        type_code: typeCode,
        owner_id: box.ownerId,
        status,
        online: box.online ? 1 : 0,
        created_at: this.ctx.now(),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another instance sharing the database made it first (the box was there before: a move, a reconnect).
      return this.adopt(box, controller, typeCode, type);
    }
    // Its owner, their superiors up the assignment chain and its CK group reach it from now on (docs/people.md).
    const reached = await refreshReach(this.ctx.db, [id]);
    const device: DeviceState = {
      id,
      boxId: box.boxId,
      controller,
      ownerId: box.ownerId,
      type,
      typeCode,
      online: box.online,
      fault: false,
      alert: false,
      status,
      latestTs: null,
      latest: new Map(),
      activeBits: new Map(),
      ruleEvents: new Map(),
    };
    this.ctx.registry.addDevice(box, device);
    this.ctx.events.emit('provisioned', { device, reached });
    return device;
  }

  /** A device another instance made: taken as the database holds it, its type following this hello. */
  private async adopt(box: BoxState, controller: number, typeCode: string | null, type: DeviceState['type']): Promise<DeviceState> {
    const row = await repo.deviceOf(this.ctx.db, box.boxId, controller);
    if (!row) throw new Error(`device ${box.boxId}:${controller} is neither new nor stored`);
    const device: DeviceState = {
      id: row.id,
      boxId: box.boxId,
      controller,
      ownerId: row.owner_id,
      type,
      typeCode,
      online: box.online,
      fault: row.fault === 1,
      alert: row.alert === 1,
      status: row.status as DeviceState['status'],
      latestTs: null,
      latest: new Map(),
      activeBits: new Map(),
      ruleEvents: new Map(),
    };
    if (typeCode !== null && row.type_code !== typeCode)
      this.ctx.later(() => repo.updateDeviceType(this.ctx.db, row.id, type?.id ?? null, typeCode));
    this.ctx.registry.addDevice(box, device);
    return device;
  }
}
