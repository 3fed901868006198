import { requireTypeRanges } from './box-types.js';
import { randomUUID } from 'node:crypto';
import {
  BOX_PROTOCOL_VERSION,
  Code,
  FINAL_COMMAND_STATES,
  type BoxCommand,
  type BoxCommandName,
  type commandListQuery,
  type CommandPayload,
  type CommandRow,
  type CommandsSent,
  type ReplyPayload,
  type sendCommandBody,
} from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { BoxCommandDbRow } from '../../db/schema/smartbox.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { commandRowOf, OPEN_STATES, stateOf, statesBefore, timeoutMs, TO_SEND } from './command-states.js';
import { requireKnown } from './known-boxes.js';

/** Rows written per statement (SQLite takes at most 32,766 variables in one). */
const CHUNK = 500;
/** Ended commands a late reply is still recognised for (counted `late-reply`, not `unknown-command`). */
const ENDED_REMEMBERED = 10_000;
/** Changes are told at most this often (a rollout's thousands of replies are a few events a second). */
const TELL_MS = 250;
/** How often ended commands past KEEP_MS are deleted. */
const PURGE_EVERY_MS = 3_600_000;
/** How long ended commands are kept. */
const KEEP_MS = 90 * 86_400_000;

type SendBody = z.output<typeof sendCommandBody>;
/** Commands stored in a transaction, to be released once it commits. */
export interface Stored {
  job: string;
  /** When they were stored. */
  at: number;
  rows: ReadonlyArray<Pick<BoxCommandDbRow, 'id' | 'box_id' | 'cmd' | 'args' | 'expires_at' | 'state'>>;
}

/**
 * Commands to cloud boxes (docs/box-protocol.md "Commands"; issue 23): stored first, sent at once to the boxes online,
 * at the next hello to the others (and again, same id, to a box that has not answered), followed through the box's
 * replies, and ended by their time (`timeout`, `expired`) when the box does not answer. Only root sends (`box.command`).
 * What changes goes on the bus (`boxCommandsChanged`) for the screens that follow it.
 */
export class BoxCommandService {
  /** The open commands: id → box (a reply of another box, or of no open command, is not taken). */
  private readonly open = new Map<string, number>();
  /** Recently ended commands, oldest first: a reply to one is late. */
  private readonly ended = new Map<string, number>();
  /** Replies are stored one after the other, in the order they came. */
  private tail: Promise<unknown> = Promise.resolve();
  /** Batches changed since the bus was last told. */
  private readonly changedJobs = new Set<string>();
  private telling: ReturnType<typeof setTimeout> | undefined;
  /** When ended commands were last purged (0: not yet since start). */
  private purgedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    private readonly expiryMs: number,
  ) {}

  /** Reads the open commands (a restart keeps following them). */
  async start(): Promise<void> {
    const rows = await this.db.selectFrom('box_commands').select(['id', 'box_id']).where('state', 'in', OPEN_STATES).execute();
    for (const r of rows) this.open.set(r.id, r.box_id);
  }

  /** One command to boxes (root): checked and stored for each, then sent to those online (the others wait for their hello). */
  async send(auth: AuthContext, body: SendBody, ip: string): Promise<CommandsSent> {
    const { boxIds, ...command } = body;
    const stored = await this.db.transaction().execute(async (tx) => {
      await requireKnown(tx, boxIds);
      await requireAccess(tx, { auth, permission: 'box.command', ids: boxIds });
      return this.store(tx, auth.user.username, boxIds, command);
    });
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.sendCommand',
      target: boxIds.length === 1 ? String(boxIds[0]) : `${boxIds.length} boxes (${stored.job})`,
      newValue: `${body.cmd} ${JSON.stringify(body.args)}`,
      outcome: 'ok',
      ip,
    });
    return this.release(stored);
  }

  /**
   * Stores a command for boxes in the caller's transaction, whose rule checked the boxes (clearing a box's faults,
   * saving its upload settings). Nothing goes down until `release` after the commit.
   */
  async store(tx: Transaction<Database>, by: string, boxIds: readonly number[], command: BoxCommand): Promise<Stored> {
    if (command.cmd === 'config') await requireTypeRanges(tx, boxIds, command.args);
    const now = this.now();
    const job = `j-${randomUUID()}`;
    const args = JSON.stringify(command.args);
    const rows = boxIds.map((boxId) => ({
      id: `c-${randomUUID()}`,
      job,
      box_id: boxId,
      cmd: command.cmd,
      args,
      state: 'queued',
      created_by: by,
      created_at: now,
      updated_at: now,
      expires_at: now + this.expiryMs,
    }));
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx
        .insertInto('box_commands')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    return { job, at: now, rows };
  }

  /** Commands stored and committed: followed from now on, and sent to the boxes online. */
  async release({ job, rows }: Stored): Promise<CommandsSent> {
    for (const r of rows) this.open.set(r.id, r.box_id);
    const sent = await this.dispatch(rows);
    this.changed(job);
    return { job, sent, queued: rows.length - sent, ids: rows.map((r) => r.id) };
  }

  /**
   * Cancels, in the caller's transaction, those of these commands still waiting for their box (a rollout stopped or
   * cancelled). Answers them; `forget` them once it commits.
   */
  async cancelWaiting(tx: Transaction<Database>, ids: readonly string[]): Promise<Array<{ id: string; job: string }>> {
    const now = this.now();
    const out: Array<{ id: string; job: string }> = [];
    for (let i = 0; i < ids.length; i += CHUNK)
      out.push(
        ...(await tx
          .updateTable('box_commands')
          .set({ state: 'cancelled', updated_at: now, finished_at: now })
          .where('id', 'in', ids.slice(i, i + CHUNK))
          .where('state', '=', 'queued')
          .returning(['id', 'job'])
          .execute()),
      );
    return out;
  }

  /** Commands ended by another rule's committed transaction (`cancelWaiting`): no longer followed, and told. */
  forget(rows: ReadonlyArray<{ id: string; job: string }>): void {
    for (const r of rows) this.end(r.id);
    for (const job of new Set(rows.map((r) => r.job))) this.changed(job);
  }

  /** The commands, newest first, by box, batch, state or command. */
  async page(query: z.output<typeof commandListQuery>): Promise<{ total: number; items: CommandRow[] }> {
    let q = this.db.selectFrom('box_commands');
    if (query.boxId !== undefined) q = q.where('box_id', '=', query.boxId);
    if (query.job !== undefined) q = q.where('job', '=', query.job);
    if (query.state !== undefined) q = q.where('state', '=', query.state);
    if (query.cmd !== undefined) q = q.where('cmd', '=', query.cmd);
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { total: Number(total.n), items: rows.map((r) => this.toRow(r)) };
  }

  /** Cancels a command still waiting for its box; one sent already is the box's. */
  async cancel(auth: AuthContext, id: string, ip: string): Promise<CommandRow> {
    const now = this.now();
    const row = await this.db.transaction().execute(async (tx) => {
      const found = await tx.selectFrom('box_commands').selectAll().where('id', '=', id).executeTakeFirst();
      if (!found) throw new AppError(Code.NOT_FOUND, 'error.smartbox.notFound');
      await requireAccess(tx, { auth, permission: 'box.command', ids: [found.box_id] });
      if (found.state !== 'queued')
        throw new AppError(Code.COMMAND_NOT_CANCELLABLE, 'error.smartbox.notCancellable', { state: found.state });
      const done = { state: 'cancelled', updated_at: now, finished_at: now };
      await tx.updateTable('box_commands').set(done).where('id', '=', id).where('state', '=', 'queued').execute();
      return { ...found, ...done };
    });
    this.end(id);
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.cancelCommand',
      target: String(row.box_id),
      oldValue: `${row.cmd} ${id}`,
      outcome: 'ok',
      ip,
    });
    this.changed(row.job);
    return this.toRow(row);
  }

  /** A box said hello (it listens now): its commands waiting, and those sent without an answer, go down. */
  async hello(boxId: number): Promise<void> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('box_commands')
      .select(['id', 'job', 'box_id', 'cmd', 'args', 'state', 'expires_at', 'sent_at'])
      .where('box_id', '=', boxId)
      .where('state', 'in', TO_SEND)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute();
    if (rows.length === 0) return;
    await this.dispatch(rows);
    for (const r of rows) this.changed(r.job);
  }

  /**
   * Ends these commands as `done` if they are still open: a move saw its box say hello by the new address, which is
   * the `server` command done whatever became of the box's own reply (an instance that did not send it drops it).
   */
  async arrived(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const now = this.now();
    const rows = await this.db
      .updateTable('box_commands')
      .set({ state: 'done', detail: 'arrived at the new address', updated_at: now, finished_at: now })
      .where('id', 'in', ids)
      .where('state', 'in', OPEN_STATES)
      .returning(['id', 'job'])
      .execute();
    for (const r of rows) {
      this.end(r.id);
      this.changed(r.job);
    }
  }

  /** A box's reply: its command moves on (never back, never out of an end), or the reply is counted and dropped. */
  reply(boxId: number, reply: ReplyPayload, time: number): Promise<void> {
    const known = this.open.get(reply.id) === boxId;
    if (!known && this.ended.get(reply.id) === boxId) {
      this.ingest.countDrop('late-reply', boxId);
      return Promise.resolve();
    }
    const to = stateOf(reply);
    const final = FINAL_COMMAND_STATES.includes(to);
    const next = this.tail.then(async () => {
      // A command this instance did not send (another instance sharing the database did: the box came here after a
      // move, or through a balancer) is followed all the same, if it is the box's and still open.
      if (!known && !(await this.openElsewhere(reply.id, boxId))) {
        this.ingest.countDrop('unknown-command', boxId);
        return;
      }
      if (final) this.end(reply.id);
      const moved = await this.db
        .updateTable('box_commands')
        .set({
          state: to,
          updated_at: time,
          ...(final ? { finished_at: time } : {}),
          ...(reply.reason ? { reason: reply.reason } : {}),
          ...(reply.detail ? { detail: reply.detail } : {}),
          ...(reply.fw ? { fw: reply.fw } : {}),
        })
        .where('id', '=', reply.id)
        .where('state', 'in', statesBefore(to))
        .returning('job')
        .executeTakeFirst();
      if (moved) this.changed(moved.job);
    });
    this.tail = next.catch((err: unknown) => {
      this.log.error({ err, boxId, command: reply.id }, 'a box command reply could not be stored');
    });
    return next;
  }

  /** Whether `id` is an open command of box `boxId` stored by another instance; it is followed here from now on. */
  private async openElsewhere(id: string, boxId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('box_commands')
      .select('box_id')
      .where('id', '=', id)
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirst();
    if (row?.box_id !== boxId) return false;
    this.open.set(id, boxId);
    return true;
  }

  /**
   * Ends what ran out of time: sent commands past their deadline (`timeout`), waiting ones past their expiry
   * (`expired`); deletes ended ones older than 90 days, once an hour. Runs every second (index.ts); tests call it.
   */
  async sweep(): Promise<void> {
    const now = this.now();
    const timedOut = await this.db
      .updateTable('box_commands')
      .set({ state: 'timeout', updated_at: now, finished_at: now })
      .where(
        'state',
        'in',
        OPEN_STATES.filter((s) => s !== 'queued'),
      )
      .where('deadline_at', '<=', now)
      .returning(['id', 'job'])
      .execute();
    const expired = await this.db
      .updateTable('box_commands')
      .set({ state: 'expired', reason: 'expired', updated_at: now, finished_at: now })
      .where('state', 'in', TO_SEND)
      .where('expires_at', '<=', now)
      .returning(['id', 'job'])
      .execute();
    const ended = [...timedOut, ...expired];
    for (const r of ended) this.end(r.id);
    for (const r of ended) this.changed(r.job);
    // Old ended commands go once an hour, not at every sweep (the delete reads the whole table).
    if (now - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now;
    await this.db
      .deleteFrom('box_commands')
      .where('finished_at', '<', now - KEEP_MS)
      .execute();
  }

  /** Publishes each command to its box if it is online; a first sending starts its time. Answers how many went. */
  private async dispatch(rows: Stored['rows']): Promise<number> {
    let sent = 0;
    const first: Array<{ id: string; deadline: number }> = [];
    for (const r of rows) {
      const args = JSON.parse(r.args) as Record<string, unknown>;
      const payload = { v: BOX_PROTOCOL_VERSION, id: r.id, cmd: r.cmd, args, expires: r.expires_at } as CommandPayload;
      const went = await this.ingest.sendCommand(r.box_id, payload).catch((err: unknown) => {
        this.log.warn({ err, boxId: r.box_id, command: r.id }, 'a box command could not be published');
        return false;
      });
      if (!went) continue;
      sent += 1;
      if (r.state === 'queued') first.push({ id: r.id, deadline: this.now() + timeoutMs(r.cmd as BoxCommandName, args) });
    }
    const now = this.now();
    for (const f of first) {
      await this.db
        .updateTable('box_commands')
        .set({ state: 'sent', sent_at: now, deadline_at: f.deadline, updated_at: now })
        .where('id', '=', f.id)
        .where('state', '=', 'queued')
        .execute();
    }
    return sent;
  }

  private end(id: string): void {
    const boxId = this.open.get(id);
    this.open.delete(id);
    if (boxId === undefined) return;
    this.ended.set(id, boxId);
    if (this.ended.size > ENDED_REMEMBERED) this.ended.delete(this.ended.keys().next().value as string);
  }

  private changed(job: string): void {
    this.changedJobs.add(job);
    this.telling ??= setTimeout(() => {
      this.telling = undefined;
      const jobs = [...this.changedJobs];
      this.changedJobs.clear();
      this.bus.publish('boxCommandsChanged', { jobs });
    }, TELL_MS);
  }

  /** Stops telling (the server closes). */
  stop(): void {
    clearTimeout(this.telling);
  }

  private toRow(r: BoxCommandDbRow): CommandRow {
    return commandRowOf(r, this.ingest.box(r.box_id)?.online ?? false);
  }
}
