import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { ROLLUP_HOUR_MS, type RollupRetention } from './rollup-cells.js';
import { pruneRollups, rollUp } from './rollups.js';

/** What a run asks of the worker, and what it answers. */
export interface RollupRequest {
  id: number;
  now: number;
  prune: boolean;
  retention: RollupRetention;
}
export type RollupReply = { id: number; minutes: number; deleted: number } | { id: number; error: string };

/** The worker's file beside this one, once built (the sources under test run the job in-process instead). */
const WORKER_FILE = fileURLToPath(new URL('./rollup-worker.js', import.meta.url));

/**
 * Runs the rollups (rollups.ts) every `everyMs`, and prunes them every hour, one run at a time. Built, it runs them in a
 * worker thread with its own database connection, on the core the ingest does not use; `run()` waits for one.
 */
export class RollupJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private prunedAt = 0;
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, (reply: RollupReply) => void>();

  constructor(
    private readonly db: Db,
    private readonly database: Config['database'],
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number,
    private readonly retention: RollupRetention,
    private readonly everyMs = 10_000,
  ) {}

  start(): void {
    if (fs.existsSync(WORKER_FILE)) {
      this.worker = new Worker(WORKER_FILE, { workerData: { database: this.database } });
      this.worker.unref();
      this.worker.on('message', (reply: RollupReply) => {
        this.waiting.get(reply.id)?.(reply);
        this.waiting.delete(reply.id);
      });
      this.worker.on('error', (err) => {
        this.log.error({ err }, 'the history rollup worker stopped; rollups run in the main thread from now on');
        this.worker = null;
        for (const resolve of this.waiting.values()) resolve({ id: -1, error: String(err) });
        this.waiting.clear();
      });
    }
    this.timer = setInterval(() => {
      void this.run();
    }, this.everyMs);
    this.timer.unref();
  }

  /** One run now (after the one in progress); resolves when it is done. */
  run(): Promise<unknown> {
    this.running = this.running.then(async () => {
      const now = this.clock();
      const prune = now - this.prunedAt >= ROLLUP_HOUR_MS;
      if (prune) this.prunedAt = now;
      const reply = await this.ask({ id: ++this.next, now, prune, retention: this.retention });
      if ('error' in reply) this.log.error({ err: reply.error }, 'history could not be rolled up');
      else {
        if (reply.minutes >= 500) this.log.info({ minutes: reply.minutes }, 'history rolled up');
        if (reply.deleted > 0) this.log.info({ deleted: reply.deleted }, 'history rollups past retention deleted');
      }
    });
    return this.running;
  }

  private ask(request: RollupRequest): Promise<RollupReply> {
    const worker = this.worker;
    if (!worker) return runRequest(this.db, request);
    return new Promise((resolve) => {
      this.waiting.set(request.id, resolve);
      worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    }
  }
}

/** One run: the rollups due at `now`, and the prune when asked. */
export async function runRequest(db: Db, request: RollupRequest): Promise<RollupReply> {
  try {
    const minutes = await rollUp(db, request.now, request.retention);
    const deleted = request.prune ? await pruneRollups(db, request.now, request.retention) : 0;
    return { id: request.id, minutes, deleted };
  } catch (err) {
    return { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
}
