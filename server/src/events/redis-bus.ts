import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { LocalEventBus, type BusStats, type DomainEvents, type DomainEventType, type DomainListener, type EventBus } from './bus.js';

/** A message on the bus's channel: the instance that sent it, the event's type, and the event. */
interface Wire {
  from: string;
  type: string;
  event: unknown;
}

/** The largest message the bus sends or reads (a live event for a role is the largest kind: a few KiB). */
export const BUS_MESSAGE_MAX_BYTES = 1024 * 1024;

/** Reconnection: 100 ms, doubling to at most 5 s, forever (ioredis's `retryStrategy`). */
export function reconnectDelay(attempt: number): number {
  return Math.min(5000, 100 * 2 ** Math.min(attempt - 1, 6));
}

/**
 * The event bus across instances (REDIS_URL; issue 26), as Redis pub/sub on the channel `<prefix>bus`.
 *
 * - An event is heard at once where it is published, as on the in-process bus.
 * - An event an area shares (`share`: what every instance must know, for its caches, sockets and ingest's registry)
 *   also goes to every other instance, which hears it as if published there. Any other event stays where it was
 *   published: what its listeners do (a notification, a stored record) is done once.
 * - What a listener publishes while it hears a shared event stays on its instance: every instance hears the shared
 *   event and derives its own from it (a live event for its own consoles), so nothing is heard twice.
 * - Without Redis (a restart, a network cut) events are still heard where they are published; those meant for the
 *   others are dropped and counted, never queued without bound. Both connections reconnect forever with backoff; once
 *   the subscription is back, the local listeners of `busResumed` hear it (what others changed meanwhile was not
 *   heard: caches drop what they hold).
 * - A message that is not one of the bus's (not JSON, from no instance, of an unshared type, too large) is refused
 *   and counted by its reason.
 */
export class RedisEventBus implements EventBus {
  private readonly local: LocalEventBus;
  private readonly shared = new Set<DomainEventType>();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  /** The other channels this instance hears (cluster/…): each message goes to its handler. */
  private readonly channels = new Map<string, (message: Buffer) => void>();
  /** This instance, as its messages name it (its own come back to it and are passed over). */
  readonly instance = randomUUID();
  /** Shared events being heard here now: what their listeners publish stays on this instance. */
  private hearingShared = 0;
  private subscribedOnce = false;
  private subscribed = false;
  private closed = false;
  private readonly counts: BusStats = { mode: 'redis', connected: false, sent: 0, received: 0, dropped: 0, resumed: 0, refused: {} };

  constructor(
    url: string,
    prefix: string,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
  ) {
    this.local = new LocalEventBus(log);
    this.channel = `${prefix}bus`;
    const options = {
      retryStrategy: reconnectDelay,
      // Nothing waits for Redis: a publish while it is away is dropped and counted, not queued without bound.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectionName: `dms-bus-${this.instance.slice(0, 8)}`,
    };
    this.publisher = new Redis(url, options);
    // The subscription is sent again by ioredis after each reconnection; its offline queue holds that one command.
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const [name, client] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      // An error is followed by a reconnection, and every failed one by another error: said once an outage, at warn.
      let said = false;
      client.on('error', (err: Error) => {
        if (said) return;
        said = true;
        this.log.warn({ err: err.message, connection: name }, 'Redis: the event bus lost its connection; reconnecting');
      });
      client.on('ready', () => {
        said = false;
      });
    }
    this.subscriber.on('ready', () => {
      this.counts.connected = true;
      if (this.subscribedOnce) {
        this.counts.resumed += 1;
        this.log.info({ channel: this.channel }, 'Redis: the event bus is back; caches drop what they hold');
        this.local.publish('busResumed', {});
      }
      this.subscribedOnce = true;
    });
    this.subscriber.on('close', () => {
      this.counts.connected = false;
    });
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const name = channel.toString();
      if (name === this.channel) this.heard(message);
      else this.channels.get(name)?.(message);
    });
  }

  /** Subscribes (at once if Redis answers, else once it does: the server starts either way). */
  start(): void {
    this.subscriber.subscribe(this.channel).then(
      () => {
        this.subscribed = true;
      },
      (err: unknown) => {
        if (!this.closed) this.log.error({ err }, 'Redis: the event bus could not subscribe');
      },
    );
  }

  /**
   * Hears another channel on the bus's connection (cluster/ingest-router.ts, cluster/replica.ts): its messages go to
   * `handler`, not to the bus. Subscribed again after each reconnection, as the bus's own.
   */
  listen(channel: string, handler: (message: Buffer) => void): Promise<void> {
    this.channels.set(channel, handler);
    return this.subscriber.subscribe(channel).then(() => undefined);
  }

  /** Sends a message on a channel of `listen`'s; false, sending nothing, while Redis is away. */
  send(channel: string, message: Buffer | string): boolean {
    if (this.publisher.status !== 'ready' || this.closed) return false;
    this.publisher.publish(channel, message).catch(() => undefined);
    return true;
  }

  /** Resolves once this instance both hears the others and reaches them (tests, and a start that waits). */
  async ready(): Promise<void> {
    while (!(this.subscribed && this.counts.connected && this.publisher.status === 'ready')) {
      if (this.closed) throw new Error('the event bus is closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscriber.disconnect();
    this.publisher.disconnect();
    await Promise.resolve();
  }

  /** The connection that publishes, for other commands too: it fails at once while Redis is away (nothing queued). */
  get commands(): Redis {
    return this.publisher;
  }

  get stats(): BusStats {
    return this.counts;
  }

  share(...types: DomainEventType[]): void {
    for (const t of types) this.shared.add(t);
  }

  publish<K extends DomainEventType>(type: K, event: DomainEvents[K]): void {
    const share = this.shared.has(type) && this.hearingShared === 0 && !this.closed;
    this.hear(type, event);
    if (!share) return;
    const message = JSON.stringify({ from: this.instance, type, event } satisfies Wire);
    if (Buffer.byteLength(message) > BUS_MESSAGE_MAX_BYTES) {
      this.counts.dropped += 1;
      this.log.error({ event: type }, 'a domain event was too large for the event bus; only this instance heard it');
      return;
    }
    if (this.publisher.status !== 'ready') {
      this.counts.dropped += 1;
      return;
    }
    this.counts.sent += 1;
    this.publisher.publish(this.channel, message).catch(() => {
      this.counts.sent -= 1;
      this.counts.dropped += 1;
    });
  }

  on<K extends DomainEventType>(type: K, listener: DomainListener<K>): () => void {
    return this.local.on(type, listener);
  }

  private heard(raw: Buffer): void {
    const read = this.read(raw);
    if (typeof read === 'string') {
      this.counts.refused[read] = (this.counts.refused[read] ?? 0) + 1;
      return;
    }
    if (read === null) return;
    this.counts.received += 1;
    this.hear(read.type, read.event as DomainEvents[typeof read.type]);
  }

  /** A message of the channel: another instance's event, null for this instance's own, or why it is refused. */
  private read(raw: Buffer): { type: DomainEventType; event: object } | string | null {
    if (raw.length > BUS_MESSAGE_MAX_BYTES) return 'too_large';
    let wire: unknown;
    try {
      wire = JSON.parse(raw.toString('utf8'));
    } catch {
      return 'not_json';
    }
    if (typeof wire !== 'object' || wire === null) return 'malformed';
    const { from, type, event } = wire as Partial<Wire>;
    if (typeof from !== 'string' || typeof type !== 'string') return 'malformed';
    if (from === this.instance) return null;
    if (!this.shared.has(type as DomainEventType)) return 'unshared_type';
    if (typeof event !== 'object' || event === null) return 'malformed';
    return { type: type as DomainEventType, event };
  }

  /** The local listeners hear an event; what they publish meanwhile, if the event is shared, stays here. */
  private hear<K extends DomainEventType>(type: K, event: DomainEvents[K]): void {
    const shared = this.shared.has(type);
    if (shared) this.hearingShared += 1;
    try {
      this.local.publish(type, event);
    } finally {
      if (shared) this.hearingShared -= 1;
    }
  }
}
