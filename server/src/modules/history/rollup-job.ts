import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { DbWorker } from '../../db/worker.js';
import { ROLLUP_HOUR_MS, type RollupRetention } from './rollup-cells.js';
import { pruneRollups, rollUp, rollupBacklog } from './rollups.js';

/** What a run asks of the worker, and what it answers. */
export interface RollupRequest {
  now: number;
  prune: boolean;
  retention: RollupRetention;
}
export interface RollupReply {
  minutes: number;
  deleted: number;
}

/** The worker's file beside this one, once built (the sources under test run the job in-process instead). */
const WORKER_FILE = fileURLToPath(new URL('./rollup-worker.js', import.meta.url));

/** One run: the rollups due at `now`, and the prune when asked. */
export async function runRollups(db: Db, request: RollupRequest): Promise<RollupReply> {
  const minutes = await rollUp(db, request.now, request.retention);
  const deleted = request.prune ? await pruneRollups(db, request.now, request.retention) : 0;
  return { minutes, deleted };
}

/**
 * Runs the rollups (rollups.ts) every `everyMs`, and prunes them every hour, one run at a time. Built, it runs them in a
 * worker thread with its own database connection (db/worker.ts), on the core the ingest does not use; `run()` waits
 * for one.
 */
export class RollupJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private prunedAt = 0;
  private readonly worker: DbWorker<RollupRequest, RollupReply>;

  constructor(
    private readonly db: Db,
    private readonly database: Config['database'],
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => number,
    private readonly retention: RollupRetention,
    private readonly everyMs = 10_000,
  ) {
    this.worker = new DbWorker(WORKER_FILE, db, runRollups, log, 'history rollup');
  }

  /** Starts the worker and the timer; with several instances, runs where `leads` says (one instance: always). */
  start(leads: () => boolean = () => true): void {
    this.worker.start(this.database);
    this.timer = setInterval(() => {
      if (leads()) void this.run();
    }, this.everyMs);
    this.timer.unref();
  }

  /** One run now (after the one in progress); resolves when it is done. */
  run(): Promise<unknown> {
    this.running = this.running.then(async () => {
      const now = this.clock();
      const prune = now - this.prunedAt >= ROLLUP_HOUR_MS;
      if (prune) this.prunedAt = now;
      try {
        const reply = await this.worker.run({ now, prune, retention: this.retention });
        if (reply.minutes >= 500) this.log.info({ minutes: reply.minutes }, 'history rolled up');
        if (reply.deleted > 0) this.log.info({ deleted: reply.deleted }, 'history rollups past retention deleted');
      } catch (err) {
        this.log.error({ err }, 'history could not be rolled up');
      }
    });
    return this.running;
  }

  /** Minutes marked and not rolled up yet (the metric dms_history_rollup_backlog_minutes). */
  backlog(): Promise<number> {
    return rollupBacklog(this.db);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.worker.stop();
  }
}
