import { parseBoxId } from '@dms/contract';
import * as unregistered from './repository.js';
import { tokenMatches } from '../security/tokens.js';
import type { IngestContext } from './context.js';

export interface ConnectAttempt {
  clientId: string;
  username: string;
  password: string;
  ip: string;
}

/** A box may publish only under its own up/ topics. */
export function mayPublish(boxId: number, topic: string): boolean {
  return topic.startsWith(`box/${boxId}/up/`) && topic.split('/').length === 4;
}

/** A box may subscribe only to its own down/ topics. */
export function maySubscribe(boxId: number, topic: string): boolean {
  return topic === `box/${boxId}/down/#` || (topic.startsWith(`box/${boxId}/down/`) && !topic.includes('+'));
}

/** A Map that holds at most `max` entries: adding one more forgets the one used least recently. */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
}

/**
 * The "address" limits count per: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's network:
 * its holder has all of it). '' (the external broker does not tell the box's address) is one address.
 */
export function addressKey(ip: string): string {
  const bare = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::', 2);
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** How often one address may add a row to the unregistered-box table, and how much is remembered meanwhile. */
export interface RefusalRecordLimits {
  /** New rows per address per window. */
  rowsPerAddress: number;
  windowMs: number;
  /** Addresses remembered at most (least recently seen forgotten first). */
  maxAddresses: number;
  /** Refusals waiting to be written at most; more are counted and not recorded. */
  maxWaiting: number;
  /** Refusals written in one transaction at most. */
  batch: number;
}

export const REFUSAL_RECORD_LIMITS: RefusalRecordLimits = {
  rowsPerAddress: 10,
  windowMs: 60_000,
  maxAddresses: 10_000,
  maxWaiting: 1000,
  batch: 200,
};

/** Box authentication: credentials at connect, and a bounded record of the boxes refused. */
export class BoxAuth {
  /** New unregistered-box rows per address in the current window. */
  private readonly added: BoundedMap<string, { since: number; rows: number }>;
  /** Refusals waiting to be written, in the order they came; written by one writer at a time, in batches. */
  private readonly waiting: Array<{ refusal: unregistered.Refusal; done: (recorded: boolean) => void }> = [];
  private writing = false;

  constructor(
    private readonly ctx: IngestContext,
    private readonly limits: RefusalRecordLimits = REFUSAL_RECORD_LIMITS,
  ) {
    this.added = new BoundedMap(limits.maxAddresses);
  }

  /**
   * Checks a box's credentials at connect. A refused box (unregistered, or a wrong password or client id) is counted
   * and recorded with its address and attempt count, within the table's bounds (see record). The server's own
   * client (external broker) is not a box and is not checked here.
   */
  async authenticate(attempt: ConnectAttempt): Promise<number | null> {
    const boxId = parseBoxId(attempt.username);
    const box = boxId !== null ? this.ctx.registry.box(boxId) : undefined;
    if (box && attempt.clientId === `box-${box.boxId}` && tokenMatches(attempt.password, box.secretHash)) return box.boxId;
    const reason = box ? 'bad-password' : 'unregistered';
    this.ctx.stats.refused.badCredentials += 1;
    const recorded = await this.record({
      boxId,
      clientId: attempt.clientId,
      username: attempt.username,
      ip: attempt.ip,
      reason,
      time: this.ctx.now(),
    });
    // A refusal not recorded (over its address's rate, or too many waiting) is counted, and not logged one by one.
    if (recorded) this.ctx.log.warn({ boxId, clientId: attempt.clientId, ip: attempt.ip, reason }, 'box refused at connect');
    return null;
  }

  /** Data under the topics of a box that is not registered (an external broker let it through): recorded too. */
  async recordUnknownBox(boxId: number, now: number): Promise<void> {
    await this.record({ boxId, clientId: `box-${boxId}`, username: String(boxId), ip: '', reason: 'unknown-box-data', time: now });
  }

  /**
   * Records a refusal: a box already in the table gets one more attempt; a new one gets a row only while its address
   * has added fewer than `rowsPerAddress` rows in the window. The table itself keeps the newest rows only
   * (repository). Refusals are written in batches, one transaction each; past `maxWaiting` waiting ones, a refusal
   * is not recorded. Answers whether it was recorded (what is not is counted); never rejects.
   */
  private record(refusal: unregistered.Refusal): Promise<boolean> {
    if (this.waiting.length >= this.limits.maxWaiting) {
      this.ctx.stats.refused.notRecorded += 1;
      return Promise.resolve(false);
    }
    return new Promise((done) => {
      this.waiting.push({ refusal, done });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.batch);
      let recorded: boolean[] = [];
      try {
        recorded = await unregistered.recordRefusals(
          this.ctx.db,
          batch.map((w) => w.refusal),
          (r) => this.mayAdd(r),
        );
      } catch (err) {
        this.ctx.log.error({ err }, 'could not record refused boxes');
      }
      batch.forEach((w, i) => {
        const ok = recorded[i] ?? false;
        if (!ok) this.ctx.stats.refused.notRecorded += 1;
        w.done(ok);
      });
    }
    this.writing = false;
  }

  /** Whether the address of `refusal` may add one more row now (and counts it). */
  private mayAdd(refusal: unregistered.Refusal): boolean {
    const key = addressKey(refusal.ip);
    const seen = this.added.get(key);
    const current = seen && refusal.time - seen.since < this.limits.windowMs ? seen : { since: refusal.time, rows: 0 };
    if (current.rows >= this.limits.rowsPerAddress) return false;
    current.rows += 1;
    this.added.set(key, current);
    return true;
  }
}

/** How the embedded broker slows down the refusals of one address. */
export interface ConnectThrottleLimits {
  /** Refusals answered at once, per address, before the delays start. */
  free: number;
  /** The first delay; each further refusal doubles it, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** An address with no refusal for this long starts again from nothing. */
  quietMs: number;
  /** Addresses remembered at most (least recently refused forgotten first). */
  maxAddresses: number;
}

export const CONNECT_THROTTLE_LIMITS: ConnectThrottleLimits = {
  free: 3,
  firstDelayMs: 1000,
  maxDelayMs: 30_000,
  quietMs: 15 * 60_000,
  maxAddresses: 10_000,
};

/**
 * Refused CONNECTs per address, and how long to hold back the refusal of the next one: nothing for the first
 * `free`, then 1 s, 2 s, 4 s… up to 30 s; forgotten after a quiet period. Right credentials are never held back
 * (the broker asks only about refusals), so a good box behind the same address still connects at once.
 */
export class ConnectThrottle {
  private readonly failing: BoundedMap<string, { failures: number; last: number }>;

  constructor(private readonly limits: ConnectThrottleLimits = CONNECT_THROTTLE_LIMITS) {
    this.failing = new BoundedMap(limits.maxAddresses);
  }

  /** Addresses remembered now. */
  get size(): number {
    return this.failing.size;
  }

  /** Counts one refused CONNECT from `ip` at `now`; answers how many ms to wait before refusing it. */
  refused(ip: string, now: number): number {
    const key = addressKey(ip);
    const seen = this.failing.get(key);
    const entry = seen && now - seen.last < this.limits.quietMs ? seen : { failures: 0, last: now };
    entry.failures += 1;
    entry.last = now;
    this.failing.set(key, entry);
    const over = entry.failures - this.limits.free;
    if (over <= 0) return 0;
    return Math.min(this.limits.maxDelayMs, this.limits.firstDelayMs * 2 ** Math.min(over - 1, 30));
  }
}
