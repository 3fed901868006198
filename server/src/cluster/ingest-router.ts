import { randomUUID } from 'node:crypto';
import { UP_KINDS, type AckPayload, type UpKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisEventBus } from '../events/redis-bus.js';
import type { IngestService, StateBatch } from '../ingest/service.js';
import type { Members } from './members.js';

/** How long a message handed to its box's owner waits for the answer before it is handed again (maybe elsewhere). */
export const FORWARD_RETRY_MS = 5000;
/** How long a message waits while Redis is away before it is tried again. */
const AWAY_RETRY_MS = 500;
/**
 * With plain subscriptions (every instance hears every box): how long, and how much, of what other owners' boxes sent
 * is kept, to be handled here if this instance takes their boxes over (an owner that died handled it, or not). The
 * time is the members' watched clock (Members.watchedTime), not the wall's: an owner that died is seen gone within a
 * TTL and a beat of it (6 s, and 2 s for what the owner had received but not stored yet), while on the wall's clock a
 * Redis away, or back empty, keeps it a member as long as that lasts, and its boxes' messages had been let go by then.
 */
export const KEEP_OTHERS_MS = 8000;
export const KEEP_OTHERS_BYTES = 64 * 1024 * 1024;

/** A message of a box another instance owns, kept for a while (plain subscriptions). */
interface Kept {
  box: number;
  kind: UpKind;
  payload: Buffer;
  /** When it came, on the members' watched clock. */
  at: number;
}

/** A box's message on its way to the instance that owns the box, or that instance's answer. */
type Wire =
  | { t: 'm'; id: string; from: string; box: number; kind: UpKind; p: string }
  | { t: 'a'; id: string; ok: boolean }
  | { t: 's'; from: string; batch: StateBatch }
  | { t: 'r'; from: string }
  | { t: 'k'; from: string; box: number; ack: AckPayload };

interface Waiting {
  box: number;
  kind: UpKind;
  payload: Buffer;
  resolve: () => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout | null;
}

export interface RouterStats {
  /** Messages handed to their box's owner, handled here for another instance, handed again after no answer. */
  forwarded: number;
  handledForOthers: number;
  retried: number;
  /** Plain subscriptions: messages of other owners' boxes kept a while, and handled here after a takeover. */
  kept: number;
  replayed: number;
  /** Batches of state sent to and applied from the others. */
  batchesSent: number;
  batchesApplied: number;
}

/**
 * Several instances behind one external broker (docs/scaling.md). The broker's shared subscription hands each box
 * message to any instance; each box is owned by one live instance (rendezvous hashing over the members), and its
 * messages are handled there: status, fault records, event rules and notifications are each decided once, in order.
 *
 * - A message for a box another instance owns is handed to it on its channel (`<prefix>ingest:<instance>`); the
 *   broker gets its acknowledgement only once the owner answered that it is stored. No answer within
 *   FORWARD_RETRY_MS (the owner died, or Redis is away) hands it again, to the owner of that moment, which may be this
 *   instance; it is never acknowledged unstored, and history ignores a second copy of a snapshot.
 * - The owner tells every instance what changed of its boxes (`<prefix>state`, a batch a turn of the event loop:
 *   ingest/replica.ts), so that every instance answers the same and pushes the same to its own consoles.
 * - An ack of a register write goes to the box's owner; when the owner does not wait for it, it is told to all
 *   (`<prefix>acks`), and the instance that sent the write settles it.
 * - When the members change, the boxes whose owner changed are taken over where the last owner left them.
 */
export class IngestRouter {
  readonly stats: RouterStats = { forwarded: 0, handledForOthers: 0, retried: 0, kept: 0, replayed: 0, batchesSent: 0, batchesApplied: 0 };
  /** Plain subscriptions: other owners' boxes' recent messages, oldest first (from `keptFrom`). */
  private kept: Kept[] = [];
  private keptFrom = 0;
  private keptBytes = 0;
  private readonly waiting = new Map<string, Waiting>();
  private readonly own: string;
  private readonly stateChannel: string;
  private readonly ackChannel: string;
  private closed = false;
  /** Batches are applied one after another, in the order they came. */
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly ingest: IngestService,
    private readonly members: Members,
    private readonly bus: RedisEventBus,
    private readonly prefix: string,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
    /** Whether the broker hands each message to one instance (a shared subscription), or to every instance. */
    private readonly shared: boolean,
  ) {
    this.own = this.channelOf(members.self);
    this.stateChannel = `${prefix}state`;
    this.ackChannel = `${prefix}acks`;
  }

  private channelOf(instance: string): string {
    return `${this.prefix}ingest:${instance}`;
  }

  /** Hears its channels, joins ingest to the others, and follows the members. */
  async start(): Promise<void> {
    const hear = (raw: Buffer) => {
      this.heard(raw);
    };
    await Promise.all([this.bus.listen(this.own, hear), this.bus.listen(this.stateChannel, hear), this.bus.listen(this.ackChannel, hear)]);
    this.ingest.joinCluster(
      this.members,
      (batch) => {
        this.stats.batchesSent += 1;
        this.bus.send(this.stateChannel, JSON.stringify({ t: 's', from: this.members.self, batch } satisfies Wire));
      },
      (box, ack) => this.bus.send(this.ackChannel, JSON.stringify({ t: 'k', from: this.members.self, box, ack } satisfies Wire)),
    );
    // What was sent while Redis was away was lost: each owner tells the others everything of its boxes again.
    // Back after Redis was away (it hears again before it may send again: it waits for both), it tells the others
    // everything of its boxes, and asks them for theirs: an instance that came back earlier sent its own when this
    // one could not hear it yet.
    this.bus.on('busResumed', () => {
      this.bus.ready().then(
        () => {
          this.ingest.resendOwned();
          this.bus.send(this.stateChannel, JSON.stringify({ t: 'r', from: this.members.self } satisfies Wire));
        },
        () => undefined,
      );
    });
    this.members.onChange(() => {
      this.ingest.ownersChanged().then(
        (gained) => {
          this.replay(new Set(gained));
        },
        (err: unknown) => {
          this.log.error({ err }, 'cluster: boxes taken over could not be read');
        },
      );
      // What waits for an owner that went is handed again at once.
      for (const [id, w] of this.waiting) this.send(id, w);
    });
  }

  /** The server stops: what waits is not acknowledged (the broker delivers it again, to an instance still running). */
  close(): void {
    this.closed = true;
    for (const w of this.waiting.values()) {
      if (w.timer) clearTimeout(w.timer);
      w.reject(new Error('the server stops'));
    }
    this.waiting.clear();
  }

  /**
   * A box's message from the broker: handled here if this instance owns the box. Else, from a shared subscription,
   * handed to its owner; from a plain one (its owner heard it too), kept a while in case this instance takes the box
   * over before its owner handled it.
   */
  receive(boxId: number, kind: UpKind, payload: Buffer): Promise<void> {
    if (this.ingest.owns(boxId)) return this.ingest.receive(boxId, kind, payload, { edge: false });
    if (!this.shared) {
      // A write this instance sent is settled here, whoever owns its box.
      if (kind === 'ack') this.ingest.acknowledgeRaw(boxId, payload);
      this.keep({ box: boxId, kind, payload, at: this.members.watchedTime() });
      return Promise.resolve();
    }
    this.stats.forwarded += 1;
    return new Promise<void>((resolve, reject) => {
      const id = randomUUID();
      const w: Waiting = { box: boxId, kind, payload, resolve, reject, timer: null };
      this.waiting.set(id, w);
      this.send(id, w);
    });
  }

  private keep(k: Kept): void {
    this.stats.kept += 1;
    this.kept.push(k);
    this.keptBytes += k.payload.length;
    const old = k.at - KEEP_OTHERS_MS;
    while (this.keptFrom < this.kept.length) {
      const first = this.kept[this.keptFrom] as Kept;
      if (first.at >= old && this.keptBytes <= KEEP_OTHERS_BYTES) break;
      this.keptBytes -= first.payload.length;
      this.keptFrom += 1;
    }
    if (this.keptFrom > 4096 && this.keptFrom * 2 > this.kept.length) {
      this.kept = this.kept.slice(this.keptFrom);
      this.keptFrom = 0;
    }
  }

  /** Boxes taken over: what their last owner may not have handled is handled here, in the order it came. */
  private replay(boxes: ReadonlySet<number>): void {
    if (boxes.size === 0) return;
    for (let i = this.keptFrom; i < this.kept.length; i += 1) {
      const k = this.kept[i] as Kept;
      if (!boxes.has(k.box)) continue;
      this.stats.replayed += 1;
      this.ingest.receive(k.box, k.kind, k.payload, { edge: false }).catch((err: unknown) => {
        this.log.error({ err, boxId: k.box }, 'cluster: a message of a box taken over could not be stored');
      });
    }
  }

  private send(id: string, w: Waiting): void {
    if (w.timer) clearTimeout(w.timer);
    w.timer = null;
    if (this.closed) return;
    const owner = this.members.ownerOf(`box:${w.box}`);
    if (owner === this.members.self) {
      this.waiting.delete(id);
      this.ingest.receive(w.box, w.kind, w.payload, { edge: false }).then(w.resolve, w.reject);
      return;
    }
    const message: Wire = { t: 'm', id, from: this.members.self, box: w.box, kind: w.kind, p: w.payload.toString('base64') };
    const sent = this.bus.send(this.channelOf(owner), JSON.stringify(message));
    w.timer = setTimeout(
      () => {
        this.stats.retried += 1;
        this.send(id, w);
      },
      sent ? FORWARD_RETRY_MS : AWAY_RETRY_MS,
    );
  }

  private heard(raw: Buffer): void {
    let wire: Wire;
    try {
      wire = JSON.parse(raw.toString('utf8')) as Wire;
    } catch {
      return;
    }
    switch (wire.t) {
      case 'm':
        if (typeof wire.box === 'number' && UP_KINDS.includes(wire.kind)) this.handleFor(wire);
        return;
      case 'a': {
        const w = this.waiting.get(wire.id);
        if (!w) return;
        this.waiting.delete(wire.id);
        if (w.timer) clearTimeout(w.timer);
        if (wire.ok) w.resolve();
        else w.reject(new Error('the owner could not store it'));
        return;
      }
      case 's':
        if (wire.from === this.members.self) return;
        this.applying = this.applying
          .then(() => this.ingest.applyReplica(wire.batch))
          .then(
            () => {
              this.stats.batchesApplied += 1;
            },
            (err: unknown) => {
              this.log.error({ err }, 'cluster: another instance’s state could not be applied');
            },
          );
        return;
      case 'r':
        if (wire.from !== this.members.self) this.ingest.resendOwned();
        return;
      case 'k':
        if (wire.from !== this.members.self) this.ingest.acknowledge(wire.box, wire.ack);
        return;
    }
  }

  /** Another instance's message for a box this one owns: handled, then answered (stored, or not). */
  private handleFor(m: Extract<Wire, { t: 'm' }>): void {
    this.stats.handledForOthers += 1;
    const answer = (ok: boolean) => {
      this.bus.send(this.channelOf(m.from), JSON.stringify({ t: 'a', id: m.id, ok } satisfies Wire));
    };
    this.ingest.receive(m.box, m.kind, Buffer.from(m.p, 'base64'), { edge: false }).then(
      () => {
        answer(true);
      },
      (err: unknown) => {
        this.log.error({ err, boxId: m.box }, 'cluster: a message handed here could not be stored');
        answer(false);
      },
    );
  }
}
