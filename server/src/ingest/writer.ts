import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { DbWorker } from '../db/worker.js';
import { packBatch, writePacked, type PackedBatch } from './history-batch.js';

/** The writer's thread, once built (the sources under test write in-process instead). */
const WORKER_FILE = fileURLToPath(new URL('./writer-worker.js', import.meta.url));

export interface HistoryItem {
  deviceId: number;
  ts: number;
  vals: Uint8Array;
  /** The box's own time, when the snapshot is stored at its receive time instead (docs/box-protocol.md, Timestamps). */
  boxTs?: number;
}

/** One batch the writer sent to the database: its rows, how long the transaction took, whether it committed. */
export interface BatchReport {
  rows: number;
  seconds: number;
  ok: boolean;
}

const batchObservers = new WeakMap<Db, Set<(report: BatchReport) => void>>();

/** Calls `observer` after every history batch written to `db` (the metrics); answers the function that stops it. */
export function observeHistoryBatches(db: Db, observer: (report: BatchReport) => void): () => void {
  let set = batchObservers.get(db);
  if (!set) batchObservers.set(db, (set = new Set()));
  set.add(observer);
  return () => {
    set.delete(observer);
  };
}

interface Pending {
  items: HistoryItem[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Writes history in batches: snapshots queue up for `flushMs` (or until `maxBatch` rows) and go to the database in
 * one transaction, together with each device's latest values. `enqueue` resolves once its rows are committed, which
 * is when ingest acknowledges the message to the box. A snapshot already stored (same device and time, or box time) is skipped.
 * Built, the transaction runs in a thread of its own with its own connection (`start`), so the main thread goes on
 * reading boxes while the database writes and syncs; one batch at a time either way.
 */
export class HistoryWriter {
  private queue: Pending[] = [];
  private queued = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  /** Batches committed, and rows written, since start. */
  batches = 0;
  rows = 0;

  private readonly sink: DbWorker<PackedBatch, void>;

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    /** The merged latest values of a device, encoded, at flush time. */
    private readonly latestOf: (deviceId: number) => { ts: number; vals: Buffer } | null,
    log: FastifyBaseLogger,
    private readonly maxBatch = 5000,
  ) {
    this.sink = new DbWorker(WORKER_FILE, db, writePacked, log, 'history writer');
  }

  /** Writes from a thread of its own from now on, when the built worker is there (db/worker.ts). */
  start(database: Config['database']): void {
    this.sink.start(database);
  }

  enqueue(items: HistoryItem[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('history writer closed'));
    if (items.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      this.queued += items.length;
      if (this.queued >= this.maxBatch) this.kick();
      else
        this.timer ??= setTimeout(() => {
          this.kick();
        }, this.flushMs);
    });
  }

  /** Writes everything queued now; resolves when it is committed. */
  flush(): Promise<void> {
    this.kick();
    return this.running;
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    await this.sink.stop();
  }

  private kick(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.queued = 0;
    // One batch at a time, in order.
    this.running = this.running.then(() => this.write(batch));
  }

  private async write(batch: Pending[]): Promise<void> {
    const rows = batch.flatMap((p) => p.items);
    const devices = [...new Set(rows.map((r) => r.deviceId))];
    const started = performance.now();
    const report = (ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const observe of batchObservers.get(this.db) ?? []) {
        try {
          observe({ rows: rows.length, seconds, ok });
        } catch {
          // An observer's fault is not the batch's.
        }
      }
    };
    try {
      const latest = devices.flatMap((id) => {
        const l = this.latestOf(id);
        return l ? [{ deviceId: id, ts: l.ts, vals: l.vals }] : [];
      });
      const packed = packBatch(rows, latest);
      await this.sink.run(packed, [packed.numbers.buffer, packed.bytes.buffer]);
      this.batches += 1;
      this.rows += rows.length;
      report(true);
      for (const p of batch) p.resolve();
    } catch (err) {
      report(false);
      for (const p of batch) p.reject(err);
    }
  }
}
