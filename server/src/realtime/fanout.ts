import type { ServerEvent } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestService } from '../ingest/service.js';
import { liveFaults, type DeviceState } from '../ingest/state.js';
import type { Connection, Outbox } from './connection.js';
import type { Subscriptions } from './subscriptions.js';

/** How long a fleet watcher's set of visible devices is trusted before it is read again. */
const FLEET_REFRESH_MS = 30_000;

type Transition = Extract<ServerEvent, { type: 'transition' }>;

/**
 * Who gets which event, serialised as few times as it can be: a device's values and status to its subscribers (once,
 * and once more for each subscriber whose template withholds registers), a transition to every fleet watcher who sees
 * the device (with the faults that watcher may see), a notification to its recipients and to root and admin.
 */
export class Fanout {
  constructor(
    private readonly connections: ReadonlySet<Connection>,
    private readonly subscriptions: Subscriptions,
    private readonly ingest: IngestService,
    private readonly out: Outbox,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `make` builds the event only when the device has a subscriber: most snapshots have none, and building costs. */
  toDevice(deviceId: number, make: () => ServerEvent): void {
    const subscribers = this.subscriptions.of(deviceId);
    if (!subscribers || subscribers.size === 0) return;
    const event = make();
    let text: string | undefined;
    // The device's type only matters to a subscriber whose template withholds registers: read it for the first one.
    let typeId: number | null | undefined;
    for (const c of subscribers) {
      if (event.type === 'values' && c.rights && !c.rights.readsAll) {
        typeId ??= this.ingest.device(deviceId)?.type?.id ?? null;
        this.out.send(c, JSON.stringify({ ...event, values: this.subscriptions.readableBy(c, typeId, event.values) }));
        continue;
      }
      text ??= JSON.stringify(event);
      this.out.send(c, text);
    }
  }

  /**
   * A transition to every fleet watcher who sees the device: root and admin, or a watcher whose set of visible ids
   * holds it (a new device and every change of reach read the sets of the users concerned again). A set older than
   * FLEET_REFRESH_MS is read again too, and the event goes out if the fresh set holds it. Its faults are those the
   * watcher may see (docs/people.md "Fault records"): none of a device whose data is hidden from them, and only those
   * of registers their template reads. Serialised once for every watcher who sees them all, and once for all who see none.
   */
  toFleet(device: DeviceState, event: Omit<Transition, 'faults'>): void {
    let full: string | null = null;
    let none: string | null = null;
    const typeId = device.type?.id ?? null;
    const out = (c: Connection): string => {
      const fleet = c.fleet;
      if (!fleet || !(fleet.data === 'all' || fleet.data.has(device.id))) return (none ??= JSON.stringify({ ...event, faults: [] }));
      const rights = c.rights;
      if (rights && !rights.readsAll) return JSON.stringify({ ...event, faults: liveFaults(device, (r) => rights.canRead(typeId, r)) });
      return (full ??= JSON.stringify({ ...event, faults: liveFaults(device, () => true) }));
    };
    for (const c of this.connections) {
      const fleet = c.fleet;
      if (!fleet || !c.auth) continue;
      if (fleet.visible === 'all' || fleet.visible.has(device.id)) {
        this.out.send(c, out(c));
        continue;
      }
      if (Date.now() - fleet.readAt > FLEET_REFRESH_MS) {
        this.subscriptions
          .readFleet(c)
          .then(() => {
            if (c.fleet && c.fleet.visible !== 'all' && c.fleet.visible.has(device.id)) this.out.send(c, out(c));
          })
          .catch((err: unknown) => {
            this.log.warn({ err }, 'fleet read failed');
          });
      }
    }
  }

  /** An event for everyone signed in with a role (box commands, to root): every connection of theirs. */
  toRole(event: ServerEvent, role: string): void {
    const text = JSON.stringify(event);
    for (const c of this.connections) if (c.auth?.roles.includes(role)) this.out.send(c, text);
  }

  /** An event for some users (a notification, to its recipients): every connection of theirs. */
  toUsers(event: ServerEvent, userIds: readonly number[]): void {
    const text = JSON.stringify(event);
    const to = new Set(userIds);
    for (const c of this.connections) if (c.auth && to.has(c.auth.user.id)) this.out.send(c, text);
  }
}
