import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { IngestBus } from './events.js';
import type { DropReason } from './payloads.js';
import type { Registry } from './registry.js';
import type { BoxState, DeviceState } from './state.js';
import type { IngestStats } from './stats.js';

/**
 * What the pieces of ingest share: the database, the state in memory, the events, the counters, the log and the
 * clock, and one ordered queue for the writes of state (status, fault records, box fields).
 */
export class IngestContext {
  private side: Promise<void> = Promise.resolve();
  /** A box's connection or last-seen time changed (replica.ts tells the other instances; nothing for one). */
  boxChanged: (box: BoxState) => void = () => undefined;
  /** A device's flags, status, active bits or rule events changed (as `boxChanged`). */
  deviceChanged: (device: DeviceState) => void = () => undefined;
  /** Whether this instance owns the box (cluster/ingest-router.ts): only the owner's sweeps judge it. */
  owns: (box: BoxState) => boolean = () => true;
  /** Whether this instance runs the work that one instance runs for all (retention; cluster/members.ts). */
  leads: (work: string) => boolean = () => true;

  constructor(
    readonly db: Db,
    readonly registry: Registry,
    readonly events: IngestBus,
    readonly stats: IngestStats,
    readonly log: FastifyBaseLogger,
    readonly now: () => number,
  ) {}

  /** Queues a state write: they run one after another, in the order they happened; a failed one is logged. */
  later(work: () => Promise<unknown>): void {
    this.side = this.side.then(work).then(
      () => undefined,
      (err: unknown) => {
        this.log.error({ err }, 'ingest state write failed');
      },
    );
  }

  /** Resolves when every state write queued so far is done. */
  settled(): Promise<void> {
    return this.side;
  }

  /** Counts a dropped message (or value of one). */
  drop(reason: DropReason, boxId: number | null, now: number): void {
    this.stats.drop(reason, boxId, now);
    this.log.debug({ boxId, reason }, 'box message dropped');
  }
}
