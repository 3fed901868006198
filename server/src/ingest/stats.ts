import { DROP_REASONS, type DropReason } from './payloads.js';

export interface DropEntry {
  time: number;
  boxId: number | null;
  reason: DropReason;
}

/** Counters of what ingest received, stored and dropped, and the last drops (for root's view and the logs). */
export class IngestStats {
  messages = 0;
  snapshots = 0;
  values = 0;
  duplicates = 0;
  /** Snapshots stamped more than CLOCK_SKEW_S ahead of the server's clock, stored at their receive time instead. */
  clockAdjusted = 0;
  /**
   * What the embedded broker and box sign-in refused (docs/box-protocol.md, Limits): CONNECTs with bad credentials,
   * how many of those were answered after a delay and how many were not recorded as unregistered boxes (over their
   * address's rate), packets over the size limit, retained PUBLISHes and QoS 2 PUBLISHes.
   */
  readonly refused = { badCredentials: 0, delayed: 0, notRecorded: 0, oversize: 0, retained: 0, qos2: 0 };
  readonly drops: Record<DropReason, number> = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;
  private readonly recent: DropEntry[] = [];

  drop(reason: DropReason, boxId: number | null, time: number): void {
    this.drops[reason] += 1;
    if (this.recent.length >= 100) this.recent.shift();
    this.recent.push({ time, boxId, reason });
  }

  snapshot() {
    return {
      messages: this.messages,
      snapshots: this.snapshots,
      values: this.values,
      duplicates: this.duplicates,
      clockAdjusted: this.clockAdjusted,
      drops: { ...this.drops },
      refused: { ...this.refused },
      recentDrops: [...this.recent].reverse(),
    };
  }
}

/** Token bucket per box: `rate` messages a second with a burst of twice that. */
export class TokenBucket {
  private tokens: number;
  private updated: number;

  constructor(
    private readonly rate: number,
    now: number,
  ) {
    this.tokens = rate * 2;
    this.updated = now;
  }

  take(now: number): boolean {
    // A clock set back refills nothing, and takes nothing either.
    this.tokens = Math.min(this.rate * 2, this.tokens + (Math.max(0, now - this.updated) / 1000) * this.rate);
    this.updated = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
