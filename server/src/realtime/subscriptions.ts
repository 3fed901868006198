import { Code, message, REALTIME_MAX_SUBSCRIPTIONS } from '@dms/contract';
import { checkAccess, readable, visibleIds } from '../access/index.js';
import type { Db } from '../db/database.js';
import { valuesRecord } from '../ingest/codec.js';
import type { IngestService } from '../ingest/service.js';
import { freshWatch, type Connection, type Outbox } from './connection.js';

/**
 * What each connection watches, and the right to watch it: device subscriptions (checked against `device.data` as
 * the user's rights are now, at every subscribe and after every change of them) and fleet watches (the sets of
 * devices the user sees and whose data they read, read again after a change of reach or when older than
 * FLEET_REFRESH_MS).
 */
export class Subscriptions {
  private readonly byDevice = new Map<number, Set<Connection>>();
  /** Visibility checks of subscriptions since start, and the time they took (metrics; `npm run bench -- reach`). */
  readonly checks = { count: 0, seconds: 0 };

  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly out: Outbox,
  ) {}

  /** The connections subscribed to a device (none: undefined). */
  of(deviceId: number): ReadonlySet<Connection> | undefined {
    return this.byDevice.get(deviceId);
  }

  /** Values as one connection may see them: without the registers its user's template does not let them read. */
  readableBy(conn: Connection, typeId: number | null, values: Record<string, number>): Record<string, number> {
    return conn.rights ? readable(conn.rights, typeId, values) : values;
  }

  /**
   * Subscribes the devices the user may read the data of (checked now, against `conn.auth`), sends each one's state,
   * and says which were refused.
   */
  async subscribe(conn: Connection, devices: readonly number[]): Promise<void> {
    const auth = conn.auth;
    if (!auth) return;
    const wanted = [...new Set(devices)];
    const started = performance.now();
    const visible = await checkAccess(this.db, { auth, permission: 'device.data', ids: wanted });
    this.checks.count += 1;
    this.checks.seconds += (performance.now() - started) / 1000;
    if (conn.closed) return;
    const refused = wanted.filter((id) => !visible.has(id));
    for (const id of visible) {
      if (conn.devices.size >= REALTIME_MAX_SUBSCRIPTIONS) break;
      conn.devices.add(id);
      let set = this.byDevice.get(id);
      if (!set) this.byDevice.set(id, (set = new Set()));
      set.add(conn);
      const state = this.ingest.device(id);
      if (state)
        this.out.event(conn, {
          type: 'state',
          device: id,
          status: state.status,
          ts: state.latestTs,
          values: this.readableBy(conn, state.type?.id ?? null, valuesRecord(state.latest)),
        });
    }
    if (refused.length > 0)
      this.out.event(conn, { type: 'error', code: Code.FORBIDDEN, message: message(conn.lang, 'error.forbidden'), devices: refused });
  }

  unwatch(conn: Connection, id: number): void {
    conn.devices.delete(id);
    const set = this.byDevice.get(id);
    set?.delete(conn);
    if (set?.size === 0) this.byDevice.delete(id);
  }

  /** Drops every subscription and the fleet watch of a connection that is going away. */
  forget(conn: Connection): void {
    conn.fleet = null;
    for (const id of conn.devices) this.unwatch(conn, id);
  }

  /** Unsubscribes the watched devices the user no longer reads (and says so), and reads the fleet watch's sets again. */
  async recheck(conn: Connection): Promise<void> {
    const auth = conn.auth;
    if (!auth) return;
    const watched = [...conn.devices];
    if (watched.length > 0) {
      const visible = await checkAccess(this.db, { auth, permission: 'device.data', ids: watched });
      if (conn.closed) return;
      const gone = watched.filter((id) => !visible.has(id) && conn.devices.has(id));
      for (const id of gone) this.unwatch(conn, id);
      if (gone.length > 0) this.out.event(conn, { type: 'unsubscribed', devices: gone });
    }
    if (conn.fleet) await this.watchFleet(conn);
  }

  /** Starts (or starts again) a fleet watch: a fresh one, so that a read of the old rights still under way fills the old one. */
  async watchFleet(conn: Connection): Promise<void> {
    conn.fleet = freshWatch();
    await this.readFleet(conn);
  }

  /** Reads which devices a fleet watcher sees and whose data it reads (all of them for root and admin). */
  async readFleet(conn: Connection): Promise<void> {
    const fleet = conn.fleet;
    if (!fleet || !conn.auth || fleet.reading) return;
    fleet.reading = true;
    try {
      const [visible, data] = await Promise.all([visibleIds(this.db, conn.auth), visibleIds(this.db, conn.auth, true)]);
      fleet.visible = visible;
      fleet.data = data;
      fleet.readAt = Date.now();
    } finally {
      fleet.reading = false;
    }
  }
}
