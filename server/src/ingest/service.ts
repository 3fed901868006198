import type { AckPayload, CommandPayload, UpKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Members } from '../cluster/members.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { tokenMatches } from '../security/tokens.js';
import { IngestBacklog } from './backlog.js';
import { BoxAuth, mayPublish, maySubscribe, type ConnectAttempt } from './box-auth.js';
import { BoxCommands, type BoxLink, type WriteOutcomeResult } from './commands.js';
import { ConditionTracker } from './conditions.js';
import { decodeMessage, type Decoded } from './decode.js';
import { Decoder } from './decoder.js';
import { IngestContext } from './context.js';
import { IngestBus, type IngestEvents, type IngestListener } from './events.js';
import { DeviceProvisioner } from './provisioning.js';
import { Registry, type TypeSource } from './registry.js';
import { applyBatch, ReplicaOut, type StateBatch } from './replica.js';
import { RuleTracker } from './rules.js';
import { SnapshotStore } from './snapshots.js';
import type { BoxState, DeviceState } from './state.js';
import { IngestStats } from './stats.js';
import { StatusTracker } from './status.js';

export type { BoxLink, ConnectAttempt, IngestEvents, StateBatch, WriteOutcomeResult };

/** What several instances decide between them (cluster/): who owns a box, who runs once-only work. */
type Ownership = Pick<Members, 'owns'>;
/** How often rules that read a device's offline time are judged. */
const RULE_SWEEP_MS = 5000;

/**
 * The data plane (docs/box-protocol.md), one entry point over its pieces: box authentication (box-auth.ts), box and
 * device state in memory (registry.ts), status (status.ts), new devices (provisioning.ts), snapshots and history
 * (snapshots.ts), fault and alert (conditions.ts), event rules (rules.ts), notifications (notifier.ts) and commands to
 * the boxes with their acks (commands.ts). The pieces tell one another and the rest of the server by events.ts.
 */
export class IngestService {
  readonly stats = new IngestStats();
  /** What is received and not yet handled, bounded by INGEST_MAX_BACKLOG (backlog.ts). */
  readonly backlog: IngestBacklog;
  private readonly ctx: IngestContext;
  private readonly registry: Registry;
  private readonly auth: BoxAuth;
  private readonly status: StatusTracker;
  private readonly provisioner: DeviceProvisioner;
  private readonly snapshots: SnapshotStore;
  private readonly commands: BoxCommands;
  private readonly rules: RuleTracker;
  private readonly decoder: Decoder;
  /** Bumped when the instances change: each box's ownership is asked again then (BoxState.owned). */
  private epoch = 0;
  private replica: ReplicaOut | null = null;
  /** An ack of a write this instance does not wait for: handed on (another instance may; cluster/ingest-router.ts). */
  private foreignAck: ((boxId: number, ack: AckPayload) => boolean) | null = null;
  private ownership: Ownership | null = null;

  /**
   * `threads`: run the decoding of messages (decoder.ts) and the history writer (writer.ts, on a connection of its own
   * to `database`, what `db` is connected to) in threads of their own, once built; without it, both run on this thread.
   */
  constructor(
    db: Db,
    config: Config['ingest'],
    controllerTypes: TypeSource,
    log: FastifyBaseLogger,
    now: () => number,
    private readonly threads?: { database: Config['database'] },
  ) {
    this.backlog = new IngestBacklog(config.maxBacklogBytes);
    this.registry = new Registry(db, controllerTypes, config.boxRateLimit, now);
    this.ctx = new IngestContext(db, this.registry, new IngestBus(log), this.stats, log, now);
    this.auth = new BoxAuth(this.ctx);
    this.status = new StatusTracker(this.ctx, config.heartbeatTimeoutMs);
    this.provisioner = new DeviceProvisioner(this.ctx);
    const conditions = new ConditionTracker(this.ctx, this.status);
    this.rules = new RuleTracker(this.ctx, conditions, RULE_SWEEP_MS);
    this.snapshots = new SnapshotStore(this.ctx, this.provisioner, conditions, this.rules, config);
    this.commands = new BoxCommands(this.registry, config.writeTimeoutMs);
    this.decoder = new Decoder(log);
  }

  // ---- lifecycle ----

  /**
   * Re-stamps what a box clock far ahead left in the database, then loads types, boxes, devices, latest values and
   * open fault records; starts the heartbeat sweep.
   */
  async start(): Promise<void> {
    await this.snapshots.repair();
    await this.registry.restore();
    await this.rules.start();
    this.status.start();
    this.snapshots.start(this.threads?.database);
    if (this.threads) this.decoder.start();
  }

  attach(link: BoxLink): void {
    this.commands.attach(link);
  }

  /** The broker closes: its disconnects and wills change no status. After a restart each box has a heartbeat timeout. */
  beginShutdown(): void {
    this.status.beginShutdown();
  }

  async close(): Promise<void> {
    this.status.stop();
    this.rules.stop();
    this.commands.close();
    await this.decoder.stop();
    await this.snapshots.close();
    await this.ctx.settled();
    await this.status.persistSeen();
  }

  /** Waits until everything received so far is stored (tests and benchmarks). */
  async drain(): Promise<void> {
    await this.snapshots.flush();
    await this.ctx.settled();
  }

  reloadTypes(): Promise<void> {
    return this.registry.reloadTypes();
  }

  /** Reads the event rules again (one was added, changed, turned on or off, or deleted). */
  reloadRules(): Promise<void> {
    return this.rules.reload();
  }

  /** Judges the rules that read the offline time now (the sweep does it every RULE_SWEEP_MS; tests call it). */
  sweepRules(): void {
    this.rules.sweep(this.ctx.now());
  }

  on<K extends keyof IngestEvents>(event: K, listener: IngestListener<K>): () => void {
    return this.ctx.events.on(event, listener);
  }

  // ---- several instances (cluster/) ----

  /**
   * Joins the instances: `ownership` says which boxes this one owns (their sweeps run here) and whether it runs
   * once-only work; `send` tells the others what changed of the boxes it owns; `foreignAck` hands on an ack of a
   * write another instance waits for.
   */
  joinCluster(ownership: Ownership, send: (batch: StateBatch) => void, foreignAck: (boxId: number, ack: AckPayload) => boolean): void {
    this.ctx.owns = (box) => {
      if (box.owned?.epoch !== this.epoch) box.owned = { epoch: this.epoch, mine: ownership.owns(`box:${box.boxId}`) };
      return box.owned.mine;
    };
    this.ctx.leads = (work) => ownership.owns(`job:${work}`);
    this.ownership = ownership;
    this.replica = new ReplicaOut(this.ctx, send);
    this.foreignAck = foreignAck;
  }

  /** Whether this instance owns the box (one alone owns all; a box not known here yet is asked by its id). */
  owns(boxId: number): boolean {
    const box = this.registry.box(boxId);
    if (box) return this.ctx.owns(box);
    return this.ownership?.owns(`box:${boxId}`) ?? true;
  }

  /**
   * The instances changed: each box's owner is asked again; the boxes this instance owns from now on get where their
   * event rules stood from the database (what they hold otherwise came with the others' batches). Answers those boxes.
   */
  async ownersChanged(): Promise<number[]> {
    const before = new Set<number>();
    for (const box of this.registry.boxes.values()) if (box.owned?.mine ?? true) before.add(box.boxId);
    this.epoch += 1;
    const gained: number[] = [];
    for (const box of this.registry.boxes.values()) if (this.ctx.owns(box) && !before.has(box.boxId)) gained.push(box.boxId);
    for (let i = 0; i < gained.length; i += 500) {
      const devices = gained.slice(i, i + 500).flatMap((id) => [...(this.registry.box(id)?.devices.values() ?? [])].map((d) => d.id));
      await this.rules.adopt(devices);
    }
    return gained;
  }

  /**
   * Tells the others everything of the boxes this instance owns (Redis came back: what it sent meanwhile was lost).
   * Their latest values come with their next snapshots.
   */
  resendOwned(): void {
    for (const box of this.registry.boxes.values()) {
      if (!this.ctx.owns(box)) continue;
      this.ctx.boxChanged(box);
      for (const d of box.devices.values()) this.ctx.deviceChanged(d);
    }
  }

  /** Another instance's batch of what changed of the boxes it owns (replica.ts). */
  applyReplica(batch: StateBatch): Promise<void> {
    return applyBatch(this.ctx, batch, (boxIds) => this.registry.learn(boxIds));
  }

  /** Sends what changed of the boxes this instance owns now, not at the end of this turn (tests). */
  flushReplica(): void {
    this.replica?.flush();
  }

  /**
   * An ack, as its box sent it, of a box another instance owns (with plain subscriptions every instance hears it):
   * settles the write if this instance sent it. Nothing else of the box changes here.
   */
  acknowledgeRaw(boxId: number, payload: Buffer): boolean {
    const decoded = decodeMessage('ack', payload);
    return decoded.ok && decoded.kind === 'ack' && this.commands.acknowledge(boxId, decoded.value);
  }

  /** An ack of a write another instance received: settles it if this one waits for it. */
  acknowledge(boxId: number, ack: AckPayload): boolean {
    return this.commands.acknowledge(boxId, ack);
  }

  // ---- state the API reads ----

  box(boxId: number): BoxState | undefined {
    return this.registry.box(boxId);
  }

  /** Every box held here (the cache tool lists their latest values). */
  boxes(): IterableIterator<BoxState> {
    return this.registry.boxes.values();
  }

  device(id: number): DeviceState | undefined {
    return this.registry.device(id);
  }

  deviceAt(boxId: number, controller: number): DeviceState | undefined {
    return this.registry.deviceAt(boxId, controller);
  }

  onlineBoxes(): number {
    return this.registry.onlineBoxes();
  }

  /** Boxes just registered (box registration calls this after its transaction). */
  addBoxes(rows: ReadonlyArray<{ boxId: number; ownerId: number; secretHash: string; ck: string | null }>): void {
    for (const r of rows) this.registry.addBox(r.boxId, r.ownerId, r.secretHash, null, false, null, r.ck);
  }

  /** Boxes deleted (/smartbox/box-delete): forgotten; what they send is dropped as from an unregistered box. */
  forgetBoxes(boxIds: readonly number[]): void {
    this.registry.forgetBoxes(boxIds);
  }

  /** Deleted boxes restored: read back from the database. */
  restoreBoxes(boxIds: readonly number[]): Promise<void> {
    return this.registry.restoreBoxes(boxIds);
  }

  /** Boxes whose CK changed (the box-CK table): their devices' types follow the CK's limits. */
  setBoxesCk(boxIds: readonly number[], ck: string | null): void {
    for (const boxId of boxIds) this.registry.setBoxCk(boxId, ck);
  }

  /** A box changed hands (add-device): its devices seen from now on are the new owner's (docs/people.md). */
  setBoxOwner(boxId: number, ownerId: number): void {
    const box = this.registry.box(boxId);
    if (!box) return;
    box.ownerId = ownerId;
    for (const d of box.devices.values()) d.ownerId = ownerId;
  }

  /** Whether `secret` is box `boxId`'s (a box downloading its firmware shows them, as it does at connect). */
  secretMatches(boxId: number, secret: string): boolean {
    const box = this.registry.box(boxId);
    return box !== undefined && tokenMatches(secret, box.secretHash);
  }

  // ---- broker-facing ----

  authenticate(attempt: ConnectAttempt): Promise<number | null> {
    return this.auth.authenticate(attempt);
  }

  static mayPublish(boxId: number, topic: string): boolean {
    return mayPublish(boxId, topic);
  }

  static maySubscribe(boxId: number, topic: string): boolean {
    return maySubscribe(boxId, topic);
  }

  /** A box connected (embedded broker) from `ip`. */
  connected(boxId: number, ip: string): void {
    this.decoder.inOrder(() => {
      this.status.connected(boxId, ip);
    });
  }

  /** A box went away: a disconnect or its last will, or silence past the heartbeat timeout. */
  disconnected(boxId: number, event: 'disconnect' | 'will' | 'timeout'): void {
    this.decoder.inOrder(() => {
      this.status.disconnected(boxId, event);
    });
  }

  /**
   * One message from a box. Resolves when it is handled: for a snapshot, once it is stored, so the caller may
   * acknowledge it then. It waits first while the backlog is full (backlog.ts). Never rejects for bad input (it is counted and dropped); rejects only when storing failed,
   * in which case the message must not be acknowledged.
   *
   * `edge`: the message came straight from the box through the embedded broker, whose edge the server is, so the
   * per-box rate limit applies. From an external broker (`edge: false`) it does not: that broker is the edge (its own
   * limits apply there), it delivers an outage's queue at once, and what it delivers was acknowledged to the box, so
   * it is stored; the server's held acknowledgements throttle that broker instead (docs/box-protocol.md).
   */
  async receive(boxId: number, kind: UpKind, payload: Buffer, { edge = true }: { edge?: boolean } = {}): Promise<void> {
    const admitted = this.backlog.admit(payload.length);
    if (admitted) await admitted;
    try {
      await this.handle(boxId, kind, payload, edge);
    } finally {
      this.backlog.release(payload.length);
    }
  }

  private handle(boxId: number, kind: UpKind, payload: Buffer, edge: boolean): Promise<void> {
    const ctx = this.ctx;
    const now = ctx.now();
    this.stats.messages += 1;
    const box = this.registry.box(boxId);
    if (!box) {
      ctx.drop('unregistered', boxId, now);
      return this.auth.recordUnknownBox(boxId, now);
    }
    if (edge && !box.bucket.take(now)) {
      ctx.drop('rate-limited', boxId, now);
      return Promise.resolve();
    }
    return this.decoder.decode(kind, payload, (decoded) => this.follow(box, decoded, now));
  }

  /** What a message decoded (decoder.ts) does, in the order the messages came. */
  private follow(box: BoxState, decoded: Decoded, now: number): Promise<void> | undefined {
    const ctx = this.ctx;
    const boxId = box.boxId;
    for (const reason of decoded.bad ?? []) ctx.drop(reason, boxId, now);
    if (!decoded.ok) {
      if (decoded.envelope) this.status.seen(box, now);
      ctx.drop(decoded.reason, boxId, now);
      return;
    }
    if (decoded.kind === 'will') {
      this.status.disconnected(boxId, 'will');
      return;
    }
    this.status.seen(box, now);
    switch (decoded.kind) {
      case 'data':
        return this.snapshots.store(box, decoded.ts, decoded.controllers, now);
      case 'hello':
        return this.provisioner.hello(box, decoded.value);
      case 'ack':
        if (!this.commands.acknowledge(boxId, decoded.value) && !this.foreignAck?.(boxId, decoded.value))
          ctx.drop('unknown-write', boxId, now);
        return;
      case 'reply':
        ctx.events.emit('reply', { boxId, reply: decoded.value, time: now });
        return;
      case 'event':
        ctx.log.debug({ boxId, event: decoded.value }, 'box event');
        return;
    }
  }

  /** Counts a message of a box dropped by another part (a reply to no command it knows: modules/smartbox). */
  countDrop(reason: 'unknown-command' | 'late-reply', boxId: number): void {
    this.ctx.drop(reason, boxId, this.ctx.now());
  }

  /** Deletes history older than the retention, device by device (each a primary-key range). */
  prune(): Promise<number> {
    return this.snapshots.prune();
  }

  // ---- commands down to boxes ----

  /**
   * Sends a register write (its words in address order: one, or both of a 32-bit value in one command) and waits
   * for the box's answer, or the timeout. Refuses at once when the box is offline.
   */
  write(device: DeviceState, register: number, words: readonly number[]): Promise<WriteOutcomeResult> {
    return this.commands.write(device, register, words);
  }

  /**
   * Publishes a command (`down/cmd`) to a box that is online; false, sending nothing, when it is offline or the broker
   * is away (the command waits: modules/smartbox). Rejects when the publish failed.
   */
  sendCommand(boxId: number, command: CommandPayload): Promise<boolean> {
    return this.commands.send(boxId, command);
  }
}
