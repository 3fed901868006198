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
      drops: { ...this.drops },
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
    this.tokens = Math.min(this.rate * 2, this.tokens + ((now - this.updated) / 1000) * this.rate);
    this.updated = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
