import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  BOX_PROTOCOL_VERSION,
  Code,
  deviceStatus,
  notificationType,
  parseBoxId,
  type DownKind,
  type NotificationType,
  type SpecificStatus,
  type UpKind,
  type WriteOutcome,
} from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import type { ControllerTypeService } from '../modules/controller-types/service.js';
import { hashToken } from '../modules/user/service.js';
import { decodeValues, encodeValues, type Values } from './codec.js';
import { parseAck, parseData, parseEnvelope, parseEvent, parseHello, type DropReason } from './payloads.js';
import * as repo from './repository.js';
import { typeMap, type ActiveBit, type BoxState, type DeviceState, type TypeMap } from './state.js';
import { IngestStats, TokenBucket } from './stats.js';
import { HistoryWriter, type HistoryItem } from './writer.js';

/** What ingest tells the rest of the server (the realtime hub listens). */
export interface IngestEvents {
  values: { device: DeviceState; ts: number; values: Values };
  status: { device: DeviceState; from: SpecificStatus; to: SpecificStatus; time: number };
  notification: { id: number; device: DeviceState; type: NotificationType; status: SpecificStatus; time: number; recipients: number[] };
  /** A box said hello: its controllers' devices exist and what it reported about itself is stored. */
  hello: { boxId: number };
}
type Listener<K extends keyof IngestEvents> = (event: IngestEvents[K]) => void;

/** How ingest reaches the boxes: the embedded broker or the external one. */
export interface BoxLink {
  publish(boxId: number, kind: DownKind, payload: object): Promise<void>;
}

export interface ConnectAttempt {
  clientId: string;
  username: string;
  password: string;
  ip: string;
}

export interface WriteOutcomeResult {
  id: string;
  outcome: WriteOutcome;
  reason: string | null;
}

interface PendingWrite {
  boxId: number;
  done: (result: WriteOutcomeResult) => void;
}

/**
 * The data plane (docs/box-protocol.md): box authentication, the box and device state in memory (restored from the
 * database at start), parsing and storing what boxes send, status tracking with transitions, notifications and
 * fault records, and register writes down to the boxes.
 */
export class IngestService {
  readonly stats = new IngestStats();
  private readonly boxes = new Map<number, BoxState>();
  private readonly devices = new Map<number, DeviceState>();
  private typesByCode = new Map<string, TypeMap>();
  private typesById = new Map<number, TypeMap>();
  private readonly writer: HistoryWriter;
  private readonly pendingWrites = new Map<string, PendingWrite>();
  private readonly creating = new Map<string, Promise<DeviceState>>();
  private readonly listeners: { [K in keyof IngestEvents]: Set<Listener<K>> } = {
    values: new Set(),
    status: new Set(),
    notification: new Set(),
    hello: new Set(),
  };
  private link: BoxLink | null = null;
  /** Status, fault-record and box-field writes, one after another in the order they happened. */
  private side: Promise<void> = Promise.resolve();
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Set when the server shuts down: the broker closing the boxes' connections is not the boxes going offline. */
  private closing = false;
  private retentionTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config['ingest'],
    private readonly controllerTypes: ControllerTypeService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.writer = new HistoryWriter(db, config.flushMs, (id) => {
      const d = this.devices.get(id);
      return d && d.latestTs !== null ? { ts: d.latestTs, vals: encodeValues(d.latest) } : null;
    });
  }

  // ---- lifecycle ----

  /** Loads types, boxes, devices, latest values and open fault records; starts the heartbeat sweep. */
  async start(): Promise<void> {
    await this.reloadTypes();
    const now = this.now();
    for (const row of await repo.allBoxes(this.db)) {
      // A box that was online before the restart gets one heartbeat timeout to come back before it counts as offline.
      this.boxes.set(row.box_id, this.newBox(row.box_id, row.owner_id, row.secret_hash, row.ip, row.online === 1, row.online === 1 ? now : row.last_seen));
    }
    const latest = new Map((await repo.allLatest(this.db)).map((r) => [r.device_id, r]));
    for (const row of await repo.allDevices(this.db)) {
      const box = this.boxes.get(row.box_id);
      if (!box) continue;
      const l = latest.get(row.id);
      const device: DeviceState = {
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
        latest: l ? decodeValues(l.vals) : new Map(),
        activeBits: new Map(),
      };
      box.devices.set(device.controller, device);
      this.devices.set(device.id, device);
    }
    for (const r of await repo.openFaultRecords(this.db)) {
      this.devices.get(r.device_id)?.activeBits.set(`${r.register}:${r.bit}`, { kind: r.kind, register: r.register, bit: r.bit, recordId: r.id });
    }
    const every = Math.max(200, Math.min(5000, this.config.heartbeatTimeoutMs / 3));
    this.sweepTimer = setInterval(() => this.sweep(), every);
    this.sweepTimer.unref();
    this.retentionTimer = setInterval(() => void this.prune(), 3_600_000);
    this.retentionTimer.unref();
  }

  attach(link: BoxLink): void {
    this.link = link;
  }

  /**
   * Called before the broker closes: from now on disconnects and wills are the server's doing, not the boxes', so
   * they change no status. After the restart each box has one heartbeat timeout to come back.
   */
  beginShutdown(): void {
    this.closing = true;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    for (const [, p] of this.pendingWrites) p.done({ id: '', outcome: 'timed_out', reason: null });
    this.pendingWrites.clear();
    await this.writer.close();
    await this.side;
    await this.persistSeen();
  }

  /** Waits until everything received so far is stored (tests and benchmarks). */
  async drain(): Promise<void> {
    await this.writer.flush();
    await this.side;
  }

  async reloadTypes(): Promise<void> {
    const maps = (await this.controllerTypes.allWithRegisters()).map(typeMap);
    this.typesByCode = new Map(maps.map((m) => [m.code, m]));
    this.typesById = new Map(maps.map((m) => [m.id, m]));
  }

  on<K extends keyof IngestEvents>(event: K, listener: Listener<K>): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  private emit<K extends keyof IngestEvents>(event: K, payload: IngestEvents[K]): void {
    for (const l of this.listeners[event]) {
      try {
        l(payload);
      } catch (err) {
        this.log.error({ err, event }, 'ingest listener failed');
      }
    }
  }

  // ---- state the API reads ----

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

  /** Boxes just registered (box registration calls this after its transaction). */
  addBoxes(rows: Array<{ boxId: number; ownerId: number; secretHash: string }>): void {
    for (const r of rows) this.boxes.set(r.boxId, this.newBox(r.boxId, r.ownerId, r.secretHash, null, false, null));
  }

  private newBox(boxId: number, ownerId: number, secretHash: string, ip: string | null, online: boolean, lastSeen: number | null): BoxState {
    return { boxId, ownerId, secretHash, ip, online, lastSeen, seenDirty: false, bucket: new TokenBucket(this.config.boxRateLimit, this.now()), devices: new Map() };
  }

  // ---- broker-facing ----

  /**
   * Checks a box's credentials at connect. A refused box is recorded (unregistered, or a wrong password) with its
   * address and attempt count. The server's own client (external broker) is not a box and is not checked here.
   */
  async authenticate(attempt: ConnectAttempt): Promise<number | null> {
    const boxId = parseBoxId(attempt.username);
    const box = boxId !== null ? this.boxes.get(boxId) : undefined;
    if (box && attempt.clientId === `box-${box.boxId}` && secretMatches(attempt.password, box.secretHash)) return box.boxId;
    const reason = box ? 'bad-password' : 'unregistered';
    this.log.warn({ boxId, clientId: attempt.clientId, ip: attempt.ip, reason }, 'box refused at connect');
    await repo
      .recordRefusal(this.db, { boxId, clientId: attempt.clientId, username: attempt.username, ip: attempt.ip, reason, time: this.now() })
      .catch((err: unknown) => this.log.error({ err }, 'could not record a refused box'));
    return null;
  }

  /** A box may publish only under its own up/ topics, and subscribe only to its own down/ topics. */
  static mayPublish(boxId: number, topic: string): boolean {
    return topic.startsWith(`box/${boxId}/up/`) && topic.split('/').length === 4;
  }

  static maySubscribe(boxId: number, topic: string): boolean {
    return topic === `box/${boxId}/down/#` || (topic.startsWith(`box/${boxId}/down/`) && !topic.includes('+'));
  }

  /** A box connected (embedded broker) from `ip`. */
  connected(boxId: number, ip: string): void {
    const box = this.boxes.get(boxId);
    if (!box) return;
    const now = this.now();
    box.lastSeen = now;
    box.seenDirty = true;
    if (box.ip !== null && ip && box.ip !== ip) {
      const from = box.ip;
      this.later(() => repo.logIpChange(this.db, { box_id: boxId, source_ip: from, destination_ip: ip, time: now }));
    }
    if (ip) box.ip = ip;
    this.later(() => repo.logConnection(this.db, { box_id: boxId, event: 'connect', ip, time: now }, ip));
    this.setBoxOnline(box, true, now);
  }

  /** A box went away: a disconnect or its last will, or silence past the heartbeat timeout. */
  disconnected(boxId: number, event: 'disconnect' | 'will' | 'timeout'): void {
    const box = this.boxes.get(boxId);
    if (!box || !box.online || this.closing) return;
    const now = this.now();
    // The address it had now: a reconnect may change box.ip before the queued write runs.
    const ip = box.ip ?? '';
    this.later(() => repo.logConnection(this.db, { box_id: boxId, event, ip, time: now }));
    this.setBoxOnline(box, false, now);
  }

  /**
   * One message from a box. Resolves when it is handled: for a snapshot, once it is stored, so the caller may
   * acknowledge it then. Never rejects for bad input (it is counted and dropped); rejects only when storing failed,
   * in which case the message must not be acknowledged.
   */
  async receive(boxId: number, kind: UpKind, payload: Buffer): Promise<void> {
    const now = this.now();
    this.stats.messages += 1;
    const box = this.boxes.get(boxId);
    if (!box) {
      this.drop('unregistered', boxId, now);
      await repo
        .recordRefusal(this.db, { boxId, clientId: `box-${boxId}`, username: String(boxId), ip: '', reason: 'unknown-box-data', time: now })
        .catch((err: unknown) => this.log.error({ err }, 'could not record an unknown box'));
      return;
    }
    if (!box.bucket.take(now)) return this.drop('rate-limited', boxId, now);
    const envelope = parseEnvelope(payload);
    if (!envelope.ok) return this.drop(envelope.reason, boxId, now);
    if (kind === 'will') return this.disconnected(boxId, 'will');
    box.lastSeen = now;
    box.seenDirty = true;
    if (!box.online) this.setBoxOnline(box, true, now);
    switch (kind) {
      case 'data': {
        const parsed = parseData(envelope.value, (reason) => this.drop(reason, boxId, now), now);
        if (!parsed.ok) return this.drop(parsed.reason, boxId, now);
        return this.store(box, parsed.value.ts, parsed.value.controllers, now);
      }
      case 'hello': {
        const parsed = parseHello(envelope.value);
        if (!parsed.ok) return this.drop(parsed.reason, boxId, now);
        const hello = parsed.value;
        await Promise.all(hello.controllers.map((c) => this.ensureDevice(box, c.index, c.type)));
        this.later(async () => {
          await repo.updateBoxHello(this.db, boxId, hello);
          this.emit('hello', { boxId });
        });
        return;
      }
      case 'ack': {
        const parsed = parseAck(envelope.value);
        if (!parsed.ok) return this.drop(parsed.reason, boxId, now);
        const pending = this.pendingWrites.get(parsed.value.id);
        if (!pending || pending.boxId !== boxId) return this.drop('unknown-write', boxId, now);
        pending.done({ id: parsed.value.id, outcome: parsed.value.ok ? 'acknowledged' : 'rejected', reason: parsed.value.reason ?? null });
        return;
      }
      case 'event': {
        const parsed = parseEvent(envelope.value, now);
        if (!parsed.ok) return this.drop(parsed.reason, boxId, now);
        this.log.info({ boxId, event: parsed.value }, 'box event');
        return;
      }
    }
  }

  private drop(reason: DropReason, boxId: number | null, now: number): void {
    this.stats.drop(reason, boxId, now);
    this.log.debug({ boxId, reason }, 'box message dropped');
  }

  private async store(box: BoxState, ts: number, controllers: Map<number, Values>, now: number): Promise<void> {
    const items: HistoryItem[] = [];
    for (const [controller, values] of controllers) {
      const device = box.devices.get(controller) ?? (await this.ensureDevice(box, controller, null));
      const registers = device.type?.registers;
      if (registers) {
        for (const register of values.keys()) {
          if (!registers.has(register)) {
            values.delete(register);
            this.drop('unknown-register', box.boxId, now);
          }
        }
      }
      if (values.size === 0) continue;
      this.stats.values += values.size;
      if (device.latestTs === null || ts > device.latestTs) {
        for (const [register, value] of values) device.latest.set(register, value);
        device.latestTs = ts;
        this.emit('values', { device, ts, values });
        this.evaluate(device, ts, now);
      } else if (ts === device.latestTs) {
        this.stats.duplicates += 1;
      }
      items.push({ deviceId: device.id, ts, vals: encodeValues(values) });
    }
    await this.writer.enqueue(items);
    this.stats.snapshots += 1;
  }

  /** The device of a controller index, created on first sight; its type follows what the box's hello says. */
  private async ensureDevice(box: BoxState, controller: number, typeCode: string | null): Promise<DeviceState> {
    const existing = box.devices.get(controller);
    if (existing) {
      if (typeCode !== null && existing.typeCode !== typeCode) {
        existing.typeCode = typeCode;
        existing.type = this.typesByCode.get(typeCode) ?? null;
        const typeId = existing.type?.id ?? null;
        this.later(() => repo.updateDeviceType(this.db, existing.id, typeId, typeCode));
      }
      return existing;
    }
    const key = `${box.boxId}:${controller}`;
    const inFlight = this.creating.get(key);
    if (inFlight) return inFlight;
    const create = (async () => {
      const type = typeCode !== null ? (this.typesByCode.get(typeCode) ?? null) : null;
      const status = deviceStatus({ online: box.online, fault: false, alert: false });
      const id = await repo.insertDevice(this.db, {
        box_id: box.boxId,
        controller,
        type_id: type?.id ?? null,
        type_code: typeCode,
        owner_id: box.ownerId,
        status,
        online: box.online ? 1 : 0,
        created_at: this.now(),
      });
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
      };
      box.devices.set(controller, device);
      this.devices.set(id, device);
      return device;
    })();
    this.creating.set(key, create);
    try {
      return await create;
    } finally {
      this.creating.delete(key);
    }
  }

  // ---- status ----

  /** Fault and alert from the type's bit registers; opens and closes fault records; a change of condition notifies. */
  private evaluate(device: DeviceState, ts: number, now: number): void {
    const type = device.type;
    if (!type) return;
    const active = new Map<string, Omit<ActiveBit, 'recordId'>>();
    for (const reg of type.conditionRegisters) {
      const value = device.latest.get(reg.number);
      if (value === undefined) continue;
      for (const b of reg.bits ?? []) {
        if (b.severity !== 'info' && (value >> b.bit) & 1) active.set(`${reg.number}:${b.bit}`, { kind: b.severity, register: reg.number, bit: b.bit });
      }
    }
    let changed = false;
    for (const [key, bit] of active) {
      if (device.activeBits.has(key)) continue;
      const entry: ActiveBit = { ...bit, recordId: null };
      device.activeBits.set(key, entry);
      changed = true;
      const snapshot = encodeValues(device.latest);
      this.later(async () => {
        entry.recordId = await repo.openFaultRecord(this.db, { device_id: device.id, kind: bit.kind, register: bit.register, bit: bit.bit, started_at: ts, snapshot });
      });
    }
    for (const [key, entry] of device.activeBits) {
      if (active.has(key)) continue;
      device.activeBits.delete(key);
      changed = true;
      // The side queue is ordered, so the record's insert has finished and set its id by the time this runs.
      this.later(async () => {
        if (entry.recordId !== null) await repo.closeFaultRecord(this.db, entry.recordId, ts);
      });
    }
    if (!changed) return;
    const bits = [...device.activeBits.values()];
    const fault = bits.some((b) => b.kind === 'fault');
    const alert = bits.some((b) => b.kind === 'alert');
    if (fault === device.fault && alert === device.alert) return;
    device.fault = fault;
    device.alert = alert;
    this.transition(device, now);
    const type_ = notificationType(device);
    this.later(async () => {
      const recipients = await repo.recipientsOf(this.db, device.id);
      const id = await repo.insertNotification(this.db, { device_id: device.id, type: type_, status: device.status, time: now }, recipients);
      this.emit('notification', { id, device, type: type_, status: device.status, time: now, recipients });
    });
  }

  private setBoxOnline(box: BoxState, online: boolean, now: number): void {
    box.online = online;
    this.later(() => repo.setBoxOnline(this.db, box.boxId, online, now));
    for (const device of box.devices.values()) {
      device.online = online;
      this.transition(device, now);
    }
  }

  private transition(device: DeviceState, now: number): void {
    const from = device.status;
    const to = deviceStatus(device);
    if (from === to) {
      this.later(() => repo.saveDeviceCondition(this.db, device, now));
      return;
    }
    device.status = to;
    this.emit('status', { device, from, to, time: now });
    this.later(() => repo.logTransition(this.db, device, from, to, now));
  }

  /** Boxes silent past the heartbeat timeout go offline; last-seen times are written every sweep. */
  private sweep(): void {
    const limit = this.now() - this.config.heartbeatTimeoutMs;
    for (const box of this.boxes.values()) {
      if (box.online && (box.lastSeen ?? 0) < limit) this.disconnected(box.boxId, 'timeout');
    }
    void this.persistSeen();
  }

  private async persistSeen(): Promise<void> {
    const seen = [...this.boxes.values()].filter((b) => b.seenDirty);
    if (seen.length === 0) return;
    for (const b of seen) b.seenDirty = false;
    await repo
      .saveLastSeen(this.db, seen.map((b) => ({ boxId: b.boxId, lastSeen: b.lastSeen ?? 0 })))
      .catch((err: unknown) => this.log.error({ err }, 'could not save last-seen times'));
  }

  /** Deletes history older than the retention, device by device (each a primary-key range). */
  async prune(): Promise<number> {
    const before = this.now() - this.config.retentionMs;
    let deleted = 0;
    for (const id of this.devices.keys()) deleted += await repo.deleteHistoryBefore(this.db, id, before);
    if (deleted > 0) this.log.info({ deleted }, 'history past retention deleted');
    return deleted;
  }

  private later(work: () => Promise<unknown>): void {
    this.side = this.side.then(work).then(
      () => undefined,
      (err: unknown) => this.log.error({ err }, 'ingest state write failed'),
    );
  }

  // ---- writes down to boxes ----

  /** Sends a register write and waits for the box's answer, or the timeout. Refuses at once when the box is offline. */
  async write(device: DeviceState, register: number, raw: number): Promise<WriteOutcomeResult> {
    const box = this.boxes.get(device.boxId);
    if (!box?.online || !this.link) throw new AppError(Code.DEVICE_OFFLINE, 'error.deviceOffline');
    const id = `w-${randomUUID()}`;
    const result = new Promise<WriteOutcomeResult>((resolve) => {
      const timer = setTimeout(() => done({ id, outcome: 'timed_out', reason: null }), this.config.writeTimeoutMs);
      const done = (r: WriteOutcomeResult) => {
        clearTimeout(timer);
        this.pendingWrites.delete(id);
        resolve(r);
      };
      this.pendingWrites.set(id, { boxId: box.boxId, done });
    });
    try {
      await this.link.publish(box.boxId, 'write', { v: BOX_PROTOCOL_VERSION, id, controller: device.controller, register, value: raw });
    } catch (err) {
      this.pendingWrites.get(id)?.done({ id, outcome: 'timed_out', reason: null });
      throw err;
    }
    return result;
  }
}

function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(hashToken(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
