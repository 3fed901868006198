import type { DataOf, api } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BrokerEvents } from '../../ingest/broker/external.js';
import { insertLog } from '../datalog/repository.js';

export type Health = DataOf<typeof api.health.check>;
type State = Health['status'];

/** How long the database has to answer `select 1` before it counts as down. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;

/**
 * Whether the server can do its work (GET /health): the database answers a trivial query within a short timeout,
 * and the boxes' broker is connected (app.brokerStatus); with REDIS_URL, whether Redis is (said, not counted). Calls that arrive while a check runs share its answer, so
 * a flood of probes costs one query at a time. A part that goes down or comes back is logged once.
 */
export class HealthService {
  private running: Promise<Health> | null = null;
  private databaseWas: State = 'up';

  constructor(
    private readonly db: Db,
    private readonly brokerConnected: () => boolean,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = DATABASE_CHECK_TIMEOUT_MS,
    /** With REDIS_URL: whether the event bus is connected (shown, not counted in `status`). */
    private readonly redisConnected: (() => boolean) | null = null,
  ) {}

  check(): Promise<Health> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<Health> {
    const database = await this.database();
    const broker: State = this.brokerConnected() ? 'up' : 'down';
    const redis: State | null = this.redisConnected ? (this.redisConnected() ? 'up' : 'down') : null;
    return {
      status: database === 'up' && broker === 'up' ? 'up' : 'down',
      parts: { database, broker, ...(redis === null ? {} : { redis }) },
    };
  }

  private async database(): Promise<State> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    let state: State;
    let problem: unknown = null;
    try {
      await Promise.race([sql`select 1`.execute(this.db), timeout]);
      state = 'up';
    } catch (err) {
      state = 'down';
      problem = err;
    } finally {
      clearTimeout(timer);
    }
    if (state !== this.databaseWas) {
      if (state === 'down') this.log.error({ err: problem }, 'health: the database does not answer');
      else this.log.info('health: the database answers again');
      this.databaseWas = state;
    }
    return state;
  }
}

/**
 * The server log's entries for the external broker's connection (root's server log, source `server`): a warning
 * when it is lost or cannot be made at start, and a note when it is back. One of each per outage.
 */
export function brokerServerLog(db: Db, now: () => number, log: FastifyBaseLogger): Omit<BrokerEvents, 'othersTakeOver'> {
  const write = (level: 'warn' | 'info', message: string, detail: string) => {
    insertLog(db, { time: now(), source: 'server', level, message, detail, username: null, url: '' }).catch((err: unknown) => {
      log.error({ err }, 'could not write the broker connection state to the server log');
    });
  };
  return {
    lost(reason) {
      write('warn', 'MQTT broker connection lost: boxes are not heard until it is back', reason.slice(0, 2000));
    },
    restored(downMs, attempts) {
      write('info', 'MQTT broker connection restored', `down for ${Math.round(downMs / 1000)} s, ${attempts} reconnect attempts`);
    },
  };
}
