import {
  Code,
  MAX_MOVE_BOXES,
  MOVE_GRACE_S,
  MOVE_STATES,
  moveTarget,
  normalServerAddress,
  OPEN_MOVE_STATES,
  type MoveBody,
  type MovePage,
  type MovePreview,
  type MovePreviewBody,
  type MoveQuery,
  type MoveReason,
  type MoveRow,
  type MoveSelection,
  type MoveStarted,
  type MoveState,
} from '@dms/contract';
import type { Kysely, Transaction } from 'kysely';
import { liveBox, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { BoxCommandService, Stored } from './commands.js';

/** Boxes looked up in one query. */
const CHUNK = 500;
const chunks = <T>(all: readonly T[]) =>
  Array.from({ length: Math.ceil(all.length / CHUNK) }, (_, i) => all.slice(i * CHUNK, (i + 1) * CHUNK));

interface Selected {
  box_id: number;
  told: string | null;
  online: number;
}

/**
 * Moving boxes to another server address (/smartbox/ip-config; docs/api.md "Moving boxes"), in two phases: the
 * `server` command is stored and sent (a box offline gets it at its next hello); the box accepts it and goes; the move
 * is recorded only once the box says hello by the new address to this deployment (an instance sharing its database
 * writes what the box dialed), when the address it is told changes. A box that cannot reach the new address comes
 * back by itself (`reverted`); one that neither arrives nor answers within its fallback time and MOVE_GRACE_S is
 * `failed` (`timeout`) and told to return to the address it came from. A one-second sweep moves them on; what
 * changes goes on the bus (`boxMovesChanged`).
 */
export class BoxMoveService {
  constructor(
    private readonly db: Db,
    private readonly commands: BoxCommandService,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  /** The registered boxes a selection takes, by number, with the address each is told and whether it is online. */
  private async selected(db: Kysely<Database>, select: MoveSelection): Promise<Selected[]> {
    const base = () =>
      db
        .selectFrom('boxes as b')
        .leftJoin('box_server_ips as s', 's.box_id', 'b.box_id')
        .select(['b.box_id', 's.address as told', 'b.online'])
        .where(liveBox)
        .orderBy('b.box_id');
    if (select.boxIds) {
      const out: Selected[] = [];
      for (const some of chunks(select.boxIds)) out.push(...(await base().where('b.box_id', 'in', some).execute()));
      return out.sort((a, b) => a.box_id - b.box_id);
    }
    if (select.from !== undefined && select.to !== undefined)
      return base().where('b.box_id', '>=', select.from).where('b.box_id', '<=', select.to).execute();
    let q = base();
    if (select.boxType) q = q.where('b.box_type', '=', select.boxType);
    if (select.told) q = q.where('s.address', '=', normalServerAddress(select.told) ?? '');
    return q.limit(MAX_MOVE_BOXES + 1).execute();
  }

  /** The selection split: boxes to move, those told the target already, those in a move not ended. */
  private async split(db: Kysely<Database>, select: MoveSelection, target: string) {
    const boxes = await this.selected(db, select);
    if (boxes.length > MAX_MOVE_BOXES) throw new AppError(Code.VALIDATION_FAILED, 'validation.smartbox.tooManyBoxes');
    const moving = new Set<number>();
    for (const some of chunks(boxes.map((b) => b.box_id)))
      for (const r of await db
        .selectFrom('box_moves')
        .select('box_id')
        .where('box_id', 'in', some)
        .where('state', 'in', OPEN_MOVE_STATES)
        .execute())
        moving.add(r.box_id);
    const already = boxes.filter((b) => b.told === target);
    const movable = boxes.filter((b) => b.told !== target && !moving.has(b.box_id));
    return { movable, already: already.length, moving: boxes.filter((b) => b.told !== target && moving.has(b.box_id)).length };
  }

  /** What a move would take, nothing sent. */
  async preview(auth: AuthContext, body: MovePreviewBody & { select: MoveSelection }): Promise<MovePreview> {
    const target = moveTarget(body.target)?.address ?? '';
    const { movable, already, moving } = await this.split(this.db, body.select, target);
    for (const some of chunks(movable.map((b) => b.box_id))) await requireAccess(this.db, { auth, permission: 'box.command', ids: some });
    return {
      target,
      boxes: movable.length,
      online: movable.filter((b) => b.online === 1).length,
      already,
      moving,
      first: movable.slice(0, 20).map((b) => ({ boxId: b.box_id, told: b.told, online: b.online === 1 })),
    };
  }

  /** Starts the moves: each box's `server` command and its move stored in one transaction, then sent. */
  async start(auth: AuthContext, body: MoveBody & { select: MoveSelection; fallback: number }, ip: string): Promise<MoveStarted> {
    const target = moveTarget(body.target);
    if (!target) throw new AppError(Code.VALIDATION_FAILED, 'validation.move.target');
    const by = auth.user.username;
    const { stored, boxes } = await this.db.transaction().execute(async (tx) => {
      const { movable } = await this.split(tx, body.select, target.address);
      if (movable.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.move.nothing', { target: target.address });
      const ids = movable.map((b) => b.box_id);
      for (const some of chunks(ids)) await requireAccess(tx, { auth, permission: 'box.command', ids: some });
      const stored = await this.commands.store(tx, by, ids, { cmd: 'server', args: { url: target.url, fallback: body.fallback } });
      const told = new Map(movable.map((b) => [b.box_id, b.told]));
      const rows = stored.rows.map((c) => ({
        job: stored.job,
        box_id: c.box_id,
        from_address: told.get(c.box_id) ?? null,
        to_address: target.address,
        command_id: c.id,
        fallback_s: body.fallback,
        state: 'queued',
        created_by: by,
        created_at: stored.at,
        updated_at: stored.at,
      }));
      for (const some of chunks(rows)) await tx.insertInto('box_moves').values(some).execute();
      return { stored, boxes: movable };
    });
    const from = [...new Set(boxes.map((b) => b.told ?? '?'))].slice(0, 5).join(', ');
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.moveBoxes',
      target: boxes.length === 1 ? String(boxes[0]?.box_id) : `${boxes.length} boxes (${stored.job})`,
      oldValue: from,
      newValue: `${target.address}, fallback ${body.fallback} s`,
      outcome: 'ok',
      ip,
    });
    const sent = await this.commands.release(stored);
    await this.advance();
    this.bus.publish('boxMovesChanged', { jobs: [stored.job] });
    return { job: stored.job, boxes: boxes.length, sent: sent.sent, queued: sent.queued };
  }

  async page(query: MoveQuery & { page: number; page_size: number }): Promise<MovePage> {
    let q = this.db.selectFrom('box_moves as m').innerJoin('boxes as b', 'b.box_id', 'm.box_id');
    if (query.boxId !== undefined) q = q.where('m.box_id', '=', query.boxId);
    if (query.job) q = q.where('m.job', '=', query.job);
    const [counts, items] = await Promise.all([
      q
        .select(['m.state', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('m.state')
        .execute(),
      (query.state ? q.where('m.state', '=', query.state) : q)
        .select([
          'm.id',
          'm.job',
          'm.box_id',
          'm.from_address',
          'm.to_address',
          'm.state',
          'm.reason',
          'm.created_by',
          'm.created_at',
          'm.updated_at',
          'm.finished_at',
          'b.online',
        ])
        .orderBy('m.id', 'desc')
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute(),
    ]);
    const byState = Object.fromEntries(MOVE_STATES.map((s) => [s, 0])) as Record<MoveState, number>;
    for (const c of counts) if (c.state in byState) byState[c.state as MoveState] = Number(c.n);
    return {
      total: query.state ? byState[query.state] : Object.values(byState).reduce((a, b) => a + b, 0),
      counts: byState,
      items: items.map((r): MoveRow => ({
        id: r.id,
        job: r.job,
        boxId: r.box_id,
        from: r.from_address,
        to: r.to_address,
        state: r.state as MoveState,
        reason: r.reason as MoveReason | null,
        online: r.online === 1,
        createdBy: r.created_by,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        finishedAt: r.finished_at,
      })),
    };
  }

  /**
   * Moves the open moves on (the sweep, and after a start): arrived when the box said hello by the new address since
   * the move began; reverted when it could not reach it and answered so; failed when its command ended otherwise, or
   * when its fallback time and MOVE_GRACE_S passed since the command went without the box appearing (then told to
   * return, unless it is back already); else its state follows the command's.
   */
  async advance(): Promise<void> {
    const now = this.now();
    const open = await this.db
      .selectFrom('box_moves as m')
      .innerJoin('boxes as b', 'b.box_id', 'm.box_id')
      .leftJoin('box_commands as c', 'c.id', 'm.command_id')
      .select([
        'm.id',
        'm.job',
        'm.box_id',
        'm.from_address',
        'm.to_address',
        'm.fallback_s',
        'm.command_id',
        'm.state',
        'm.created_by',
        'm.created_at',
        'c.state as command',
        'c.reason as commandReason',
        'c.sent_at',
        'b.dialed',
        'b.dialed_at',
      ])
      .where('m.state', 'in', OPEN_MOVE_STATES)
      .execute();
    if (open.length === 0) return;
    const jobs = new Set<string>();
    const arrivedCommands: string[] = [];
    for (const m of open) {
      const since = (address: string | null) => address !== null && m.dialed === address && (m.dialed_at ?? 0) >= m.created_at;
      const ended = (state: MoveState, reason: MoveReason | null) => this.end(m.id, m.state, state, reason, now);
      let moved = false;
      if (since(m.to_address)) {
        moved = await this.db.transaction().execute(async (tx) => {
          if (!(await ended('arrived', null)(tx))) return false;
          // The move is recorded: the address the box is told from now on.
          await tx
            .insertInto('box_server_ips')
            .values({ box_id: m.box_id, address: m.to_address, added_at: now, updated_at: now })
            .onConflict((oc) => oc.column('box_id').doUpdateSet({ address: m.to_address, updated_at: now }))
            .execute();
          return true;
        });
        if (moved) arrivedCommands.push(m.command_id);
      } else if (m.command === 'failed' || m.command === 'expired' || m.command === 'cancelled') {
        const reason: MoveReason = m.command === 'failed' ? (m.commandReason === 'unreachable' ? 'unreachable' : 'refused') : m.command;
        moved = await this.db.transaction().execute(ended(reason === 'unreachable' ? 'reverted' : 'failed', reason));
      } else if (m.command === 'timeout' || (m.sent_at !== null && now > m.sent_at + (m.fallback_s + MOVE_GRACE_S) * 1000)) {
        let back: Stored | undefined;
        moved = await this.db.transaction().execute(async (tx) => {
          if (since(m.from_address)) return ended('reverted', 'unreachable')(tx);
          if (!(await ended('failed', 'timeout')(tx))) return false;
          // Told to return where it came from, whenever it next says hello to an instance of this deployment.
          if (m.from_address) {
            back = await this.commands.store(tx, m.created_by, [m.box_id], {
              cmd: 'server',
              args: { url: `mqtt://${m.from_address}`, fallback: m.fallback_s },
            });
            await tx
              .updateTable('box_moves')
              .set({ return_command_id: back.rows[0]?.id ?? null })
              .where('id', '=', m.id)
              .execute();
          }
          return true;
        });
        // Sent once stored for good: inside the transaction its first sending could not be written (SQLite's one
        // connection waits for the transaction, a deadlock; PostgreSQL's other one does not see the row yet).
        if (moved && back) await this.commands.release(back);
      } else {
        const follows: MoveState = m.command === 'accepted' || m.command === 'done' ? 'accepted' : m.command === 'sent' ? 'sent' : 'queued';
        if (follows !== m.state)
          moved =
            Number(
              (
                await this.db
                  .updateTable('box_moves')
                  .set({ state: follows, updated_at: now })
                  .where('id', '=', m.id)
                  .where('state', '=', m.state)
                  .executeTakeFirst()
              ).numUpdatedRows,
            ) > 0;
      }
      if (moved) jobs.add(m.job);
    }
    await this.commands.arrived(arrivedCommands);
    if (jobs.size > 0) this.bus.publish('boxMovesChanged', { jobs: [...jobs] });
  }

  /** Ends a move that is still in `from` (another instance may have ended it first: then false). */
  private end(id: number, from: string, state: MoveState, reason: MoveReason | null, now: number) {
    return async (tx: Transaction<Database>): Promise<boolean> => {
      const r = await tx
        .updateTable('box_moves')
        .set({ state, reason, updated_at: now, finished_at: now })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    };
  }
}
