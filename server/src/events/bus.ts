import type { ReplyPayload, Role, ServerEvent } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What changed, as the parts of the server tell one another (issue 19 §2). A service publishes after its change is
 * stored; the live push, the sessions, the template cache and ingest's registry subscribe. No service calls those
 * parts directly, so a second implementation (Redis pub/sub, for several instances) can replace the in-process one.
 * An area declares its own events in its module's index (`declare module '../../events/bus.js' { interface
 * DomainEvents { … } }`), as controller-types does `typeChanged`.
 */
export interface DomainEvents {
  /**
   * A live event for every open console of a role (root's box tools follow their commands and rollouts): the live push
   * sends it as it is. An area turns its own domain events into these in its module's index; the hub names none.
   */
  liveToRole: { role: Role; event: ServerEvent };
  /** Who reaches which devices changed for these users (docs/people.md): their live views are checked again. */
  reachChanged: { userIds: readonly number[] };
  /** Something that decides a user's sessions or rights changed (roles, template, disabled, password, deleted). */
  userChanged: { userId: number };
  /** A session ended (sign-out); `code` is the spec 8 logged-out code its token now answers. */
  sessionEnded: { sessionId: number; code: number };
  /** A permission template or its rights changed, or it was deleted. */
  templateChanged: { templateId: number };
  /** Boxes were registered: their credentials, for the broker's authentication. */
  boxesRegistered: { boxes: ReadonlyArray<{ boxId: number; ownerId: number; secretHash: string; ck: string | null }> };
  /**
   * Boxes were deleted (/smartbox/box-delete): hidden from every path, their data dropped until they are restored.
   * Ingest forgets them.
   */
  boxesDeleted: { boxIds: readonly number[] };
  /** Deleted boxes were restored: ingest reads them back from the database. */
  boxesRestored: { boxIds: readonly number[] };
  /** A box's owner changed (a claim). */
  boxOwnerChanged: { boxId: number; ownerId: number };
  /** A box answered a command, its reply checked (ingest): modules/smartbox follows the command. */
  boxReply: { boxId: number; reply: ReplyPayload; time: number };
  /**
   * A box's hello was stored (ingest): the ICCID of the card it reports now. IoT cards read it (modules/iot-card); the
   * commands waiting for the box go down (modules/smartbox): a box says hello once it listens.
   */
  boxHello: { boxId: number; iccid: string; time: number };
  /**
   * A device's status changed in a way people are told of (ingest, once stored): its fault or alert (recover, fault,
   * alert, fault_alert) or its connection (offline, online). Notifications read it (modules/msg).
   */
  deviceTransition: {
    deviceId: number;
    kind: 'recover' | 'fault' | 'alert' | 'fault_alert' | 'offline' | 'online';
    status: string;
    time: number;
    eventId: 0;
    severity: null;
  };
  /**
   * The bus across instances (REDIS_URL) is back after Redis was away: what other instances changed meanwhile was not
   * heard here, so what is kept from the database is dropped and read again. Heard only where it happens.
   */
  busResumed: Record<string, never>;
}

/**
 * The core's events that every instance must hear (with REDIS_URL): each changes what instances keep in memory (open
 * consoles, their sessions and reach, the template cache, ingest's boxes). An area shares its own (`bus.share`) in
 * its module's index. The rest (a box's reply or hello, a device's transition) are acted on once, where they happen.
 */
export const SHARED_CORE_EVENTS: readonly DomainEventType[] = [
  'liveToRole',
  'reachChanged',
  'userChanged',
  'sessionEnded',
  'templateChanged',
  'boxesRegistered',
  'boxesDeleted',
  'boxesRestored',
  'boxOwnerChanged',
];

/** What a bus has done since it started (metrics: README "Metrics"). */
export interface BusStats {
  mode: 'local' | 'redis';
  /** Whether the bus hears the other instances (always for the in-process bus: there are none). */
  connected: boolean;
  /** Events sent to the other instances, and heard from them. */
  sent: number;
  received: number;
  /** Events for the other instances dropped while Redis was away, or too large. */
  dropped: number;
  /** Times the bus came back after Redis was away. */
  resumed: number;
  /** Messages on the bus's channel refused, by reason. */
  refused: Record<string, number>;
}

export type DomainEventType = keyof DomainEvents;
export type DomainListener<K extends DomainEventType> = (event: DomainEvents[K]) => void;

/** The seam between the parts: publish what changed, subscribe to what matters to you. */
export interface EventBus {
  publish<K extends DomainEventType>(type: K, event: DomainEvents[K]): void;
  /** Adds a listener; answers the function that removes it. */
  on<K extends DomainEventType>(type: K, listener: DomainListener<K>): () => void;
  /**
   * Declares events that every instance must hear (what instances keep in memory). Across instances they are sent to
   * all; the others stay where they are published. The in-process bus has no other instance to send them to.
   */
  share(...types: DomainEventType[]): void;
  readonly stats: BusStats;
}

/**
 * The in-process bus: listeners run synchronously when an event is published, in the order they were added. One that
 * throws is logged and the others still run; the publisher's change is stored already, so its answer stands.
 */
export class LocalEventBus implements EventBus {
  private readonly listeners = new Map<DomainEventType, Set<(event: never) => void>>();

  readonly stats: BusStats = { mode: 'local', connected: true, sent: 0, received: 0, dropped: 0, resumed: 0, refused: {} };

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  share(): void {
    // One instance: every event is heard where it is published.
  }

  publish<K extends DomainEventType>(type: K, event: DomainEvents[K]): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) {
      try {
        (listener as DomainListener<K>)(event);
      } catch (err) {
        this.log.error({ err, event: type }, 'a listener of a domain event failed');
      }
    }
  }

  on<K extends DomainEventType>(type: K, listener: DomainListener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    const added = listener as (event: never) => void;
    set.add(added);
    return () => {
      set.delete(added);
    };
  }
}
