import {
  API_BASE,
  Code,
  fillPath,
  MAX_ROLLOUT_BOXES,
  api,
  type rolloutBody,
  type rolloutBoxQuery,
  type RolloutBoxRow,
  type RolloutPreview,
  type rolloutPreviewBody,
  type rolloutQuery,
  type RolloutRow,
} from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { BoxRolloutsTable } from '../../db/schema/smartbox.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { BoxCommandService, Stored } from './commands.js';
import type { ImageService } from './images.js';
import {
  chunks,
  onVersion,
  requireFree,
  rolloutBoxesPage,
  rolloutCounts,
  rolloutRows,
  targetsOf,
  type RolloutDbRow,
} from './rollout-boxes.js';

/** Boxes a preview names. */
const PREVIEW_FIRST = 20;

type Action = 'pause' | 'resume' | 'cancel';

/**
 * Staged firmware rollouts (/smartbox/box-software; root): an image to the boxes of its type that a filter takes. The
 * canary batch goes first; each next batch starts once the one before has settled (no box still at work; a box that
 * is offline waits for its hello and does not hold the rollout) and `pace` seconds have passed since it started. More
 * failed boxes (failed, timed out, expired) than allowed stop the rollout by itself, and the commands still waiting
 * for their boxes are cancelled; a resume counts failures afresh and sends those again. Each box's state is its
 * firmware command's (commands.ts). Changes go on the bus (`rolloutsChanged`).
 */
export class RolloutService {
  private advancing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly commands: BoxCommandService,
    private readonly images: ImageService,
    private readonly ingest: IngestService,
    private readonly bus: EventBus,
    private readonly audit: Audit,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async preview(auth: AuthContext, body: z.output<typeof rolloutPreviewBody>): Promise<RolloutPreview> {
    const image = await this.firmware(body.imageId);
    await requireAccess(this.db, { auth, permission: 'image.manage', ids: [image.id] });
    const boxes = await targetsOf(this.db, image, body.filter);
    const current = await onVersion(this.db, image, body.filter);
    const online = boxes.filter((b) => this.ingest.box(b.box_id)?.online ?? false).length;
    return {
      boxes: boxes.length,
      online,
      current,
      first: boxes
        .slice(0, PREVIEW_FIRST)
        .map((b) => ({ boxId: b.box_id, version: b.firmware, online: this.ingest.box(b.box_id)?.online ?? false })),
    };
  }

  /**
   * Starts a rollout: its boxes chosen and checked (root, boxes in no other rollout that has not ended), and its canary
   * batch stored, in one transaction; the canary goes down once it commits. `base` is where boxes reach this server.
   */
  async start(auth: AuthContext, body: z.output<typeof rolloutBody>, base: string, ip: string): Promise<RolloutRow> {
    const image = await this.firmware(body.imageId);
    const now = this.now();
    const url = `${base}${API_BASE}${fillPath(api.smartbox.imageFile.path, { id: image.id })}`;
    const { id, stored } = await this.db.transaction().execute(async (tx) => {
      await requireAccess(tx, { auth, permission: 'image.manage', ids: [image.id] });
      const boxIds = (await targetsOf(tx, image, body.filter)).map((b) => b.box_id);
      if (boxIds.length === 0)
        throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.noBoxes', { boxType: image.box_type, version: image.version });
      if (boxIds.length > MAX_ROLLOUT_BOXES)
        throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.tooManyBoxes', { count: boxIds.length });
      for (const some of chunks(boxIds)) await requireAccess(tx, { auth, permission: 'box.command', ids: some });
      await requireFree(tx, boxIds);
      const inserted = await tx
        .insertInto('box_rollouts')
        .values({
          image_id: image.id,
          filter: JSON.stringify(body.filter),
          canary: body.canary,
          batch_size: body.batchSize,
          pace_s: body.paceSeconds,
          max_failures: body.maxFailures,
          state: 'running',
          stop_reason: null,
          total: boxIds.length,
          batches_started: 0,
          last_batch_at: null,
          failure_base: 0,
          url,
          created_by: auth.user.username,
          created_at: now,
          updated_at: now,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < boxIds.length; i += 500)
        await tx
          .insertInto('box_rollout_boxes')
          .values(
            boxIds
              .slice(i, i + 500)
              .map((boxId, k) => ({ rollout_id: inserted.id, box_id: boxId, seq: i + k, batch: null, command_id: null })),
          )
          .execute();
      const rollout = await this.row(tx, inserted.id);
      return { id: inserted.id, stored: await this.nextBatch(tx, rollout, auth.user.username) };
    });
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.startRollout',
      target: `rollout ${id}: ${image.box_type} ${image.version}`,
      newValue: JSON.stringify({
        filter: body.filter,
        canary: body.canary,
        batchSize: body.batchSize,
        paceSeconds: body.paceSeconds,
        maxFailures: body.maxFailures,
      }),
      outcome: 'ok',
      ip,
    });
    if (stored) await this.commands.release(stored);
    this.told([id]);
    return this.toRow(await this.row(this.db, id));
  }

  async page(query: z.output<typeof rolloutQuery>): Promise<{ total: number; items: RolloutRow[] }> {
    let q = this.db.selectFrom('box_rollouts');
    if (query.state) q = q.where('state', '=', query.state);
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { total: Number(total.n), items: await rolloutRows(this.db, rows) };
  }

  async get(auth: AuthContext, id: number): Promise<RolloutRow> {
    const r = await this.row(this.db, id);
    await requireAccess(this.db, { auth, permission: 'rollout.manage', ids: [id] });
    return this.toRow(r);
  }

  /** A rollout's boxes in their order, with each one's state. */
  async boxes(auth: AuthContext, id: number, query: z.output<typeof rolloutBoxQuery>): Promise<{ total: number; items: RolloutBoxRow[] }> {
    await this.row(this.db, id);
    await requireAccess(this.db, { auth, permission: 'rollout.manage', ids: [id] });
    return rolloutBoxesPage(this.db, (boxId) => this.ingest.box(boxId)?.online ?? false, id, query);
  }

  /** Pauses (no new batch; boxes at work go on), resumes (failures counted afresh) or cancels a rollout. */
  async act(auth: AuthContext, id: number, action: Action, ip: string): Promise<RolloutRow> {
    const now = this.now();
    const cancelled = await this.db.transaction().execute(async (tx) => {
      const r = await this.row(tx, id);
      await requireAccess(tx, { auth, permission: 'rollout.manage', ids: [id] });
      if (action === 'pause') {
        if (r.state !== 'running') throw new AppError(Code.ROLLOUT_STATE, 'error.firmware.cannotPause');
        await this.setState(tx, id, { state: 'paused', updated_at: now });
        return [];
      }
      if (action === 'resume') {
        if (r.state !== 'paused' && r.state !== 'stopped') throw new AppError(Code.ROLLOUT_STATE, 'error.firmware.cannotResume');
        const failures = (await rolloutCounts(tx, id)).failures;
        await this.setState(tx, id, { state: 'running', stop_reason: null, failure_base: failures, updated_at: now });
        return [];
      }
      if (r.state === 'cancelled' || r.state === 'done') throw new AppError(Code.ROLLOUT_STATE, 'error.firmware.cannotCancel');
      await this.setState(tx, id, { state: 'cancelled', updated_at: now, finished_at: now });
      return this.cancelWaiting(tx, id, false);
    });
    this.commands.forget(cancelled);
    await this.audit.record({
      user: auth.user,
      action: action === 'pause' ? 'smartbox.pauseRollout' : action === 'resume' ? 'smartbox.resumeRollout' : 'smartbox.cancelRollout',
      target: `rollout ${id}`,
      outcome: 'ok',
      ip,
    });
    this.told([id]);
    if (action === 'resume') this.advanceSoon();
    return this.toRow(await this.row(this.db, id));
  }

  /** Moves every running rollout on (the sweep calls it each second, and after commands change); one pass at a time. */
  advance(): Promise<void> {
    this.advancing ??= this.advanceAll().finally(() => {
      this.advancing = undefined;
    });
    return this.advancing;
  }

  /** Commands of these batches changed: the rollouts they belong to are told, and moved on. */
  async commandsChanged(jobs: readonly string[]): Promise<void> {
    const ids = new Set<number>();
    for (const some of chunks(jobs))
      for (const r of await this.db
        .selectFrom('box_rollout_boxes as rb')
        .innerJoin('box_commands as c', 'c.id', 'rb.command_id')
        .select('rb.rollout_id')
        .distinct()
        .where('c.job', 'in', some)
        .execute())
        ids.add(r.rollout_id);
    if (ids.size === 0) return;
    this.told([...ids]);
    await this.advance();
  }

  private advanceSoon(): void {
    setImmediate(() => {
      this.advance().catch((err: unknown) => {
        this.log.error({ err }, 'rollouts could not move on');
      });
    });
  }

  private async advanceAll(): Promise<void> {
    const running = await this.db.selectFrom('box_rollouts').select('id').where('state', '=', 'running').orderBy('id').execute();
    for (const { id } of running) await this.advanceOne(id);
  }

  /** One running rollout: stopped past its failures, done when every box has ended, or its next batch started. */
  private async advanceOne(id: number): Promise<void> {
    const now = this.now();
    const outcome = await this.db.transaction().execute(async (tx) => {
      const r = await this.row(tx, id);
      if (r.state !== 'running') return null;
      const c = await rolloutCounts(tx, id);
      if (c.failures - r.failure_base > r.max_failures) {
        await this.setState(tx, id, { state: 'stopped', stop_reason: 'threshold', updated_at: now });
        return { stopped: true, cancelled: await this.cancelWaiting(tx, id, true), stored: null };
      }
      if (c.waiting === 0 && c.open === 0) {
        await this.setState(tx, id, { state: 'done', updated_at: now, finished_at: now });
        return { stopped: false, cancelled: [], stored: null, done: true };
      }
      const settled = c.atWork === 0;
      const paced = r.last_batch_at === null || now - r.last_batch_at >= r.pace_s * 1000;
      if (c.waiting === 0 || !settled || !paced) return null;
      return { stopped: false, cancelled: [], stored: await this.nextBatch(tx, r, r.created_by) };
    });
    if (!outcome) return;
    this.commands.forget(outcome.cancelled);
    if (outcome.stored) await this.commands.release(outcome.stored);
    if (outcome.stopped) this.log.warn({ rollout: id }, 'a firmware rollout stopped by itself: more boxes failed than it allows');
    this.told([id]);
  }

  /** Stores the next batch's commands (the canary first) and numbers the batch; nothing goes down before the commit. */
  private async nextBatch(tx: Transaction<Database>, r: RolloutDbRow, by: string): Promise<Stored | null> {
    const size = r.batches_started === 0 ? r.canary : r.batch_size;
    const next = await tx
      .selectFrom('box_rollout_boxes')
      .select('box_id')
      .where('rollout_id', '=', r.id)
      .where('command_id', 'is', null)
      .orderBy('seq')
      .limit(size)
      .execute();
    if (next.length === 0) return null;
    // Every instance sweeps the running rollouts: the first to claim the batch sends it; another that read the same
    // rollout meanwhile finds it moved on and leaves it.
    if (!(await claimBatch(tx, r.id, r.batches_started, this.now()))) return null;
    const image = await tx
      .selectFrom('box_images')
      .select(['version', 'sha256', 'size'])
      .where('id', '=', r.image_id)
      .executeTakeFirstOrThrow();
    const stored = await this.commands.store(
      tx,
      by,
      next.map((b) => b.box_id),
      { cmd: 'firmware', args: { version: image.version, url: r.url, sha256: image.sha256, size: image.size } },
    );
    const batch = r.batches_started + 1;
    for (const c of stored.rows)
      await tx
        .updateTable('box_rollout_boxes')
        .set({ command_id: c.id, batch })
        .where('rollout_id', '=', r.id)
        .where('box_id', '=', c.box_id)
        .execute();
    await this.setState(tx, r.id, { batches_started: batch, last_batch_at: stored.at, updated_at: stored.at });
    return stored;
  }

  /**
   * Cancels the rollout's commands still waiting for an offline box. Stopped (`requeue`), their boxes wait for a batch
   * again, so a resume sends them; cancelled, they stay as they are.
   */
  private async cancelWaiting(tx: Transaction<Database>, id: number, requeue: boolean): Promise<Array<{ id: string; job: string }>> {
    const waiting = await tx
      .selectFrom('box_rollout_boxes as rb')
      .innerJoin('box_commands as c', 'c.id', 'rb.command_id')
      .select('c.id')
      .where('rb.rollout_id', '=', id)
      .where('c.state', '=', 'queued')
      .execute();
    const cancelled = await this.commands.cancelWaiting(
      tx,
      waiting.map((w) => w.id),
    );
    if (requeue)
      for (const some of chunks(cancelled.map((c) => c.id)))
        await tx
          .updateTable('box_rollout_boxes')
          .set({ command_id: null, batch: null })
          .where('rollout_id', '=', id)
          .where('command_id', 'in', some)
          .execute();
    return cancelled;
  }

  private async setState(tx: Transaction<Database>, id: number, set: Partial<Omit<BoxRolloutsTable, 'id'>>): Promise<void> {
    await tx.updateTable('box_rollouts').set(set).where('id', '=', id).execute();
  }

  private async row(db: Kysely<Database>, id: number): Promise<RolloutDbRow> {
    const r = await db.selectFrom('box_rollouts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!r) throw new AppError(Code.NOT_FOUND, 'error.firmware.rolloutNotFound');
    return r;
  }

  private async toRow(r: RolloutDbRow): Promise<RolloutRow> {
    const [row] = await rolloutRows(this.db, [r]);
    if (!row) throw new AppError(Code.NOT_FOUND, 'error.firmware.rolloutNotFound');
    return row;
  }

  /** The image, which must be a firmware image. */
  private async firmware(id: number) {
    const image = await this.images.facts(id);
    if (image.kind !== 'firmware') throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.notFirmware');
    return image;
  }

  private told(ids: readonly number[]): void {
    this.bus.publish('rolloutsChanged', { ids });
  }
}

/**
 * Claims a running rollout's batch after `started`: false when another instance claimed it first (on PostgreSQL the
 * second waits for the first's commit, then finds the row moved on).
 */
export async function claimBatch(tx: Transaction<Database>, id: number, started: number, now: number): Promise<boolean> {
  const claimed = await tx
    .updateTable('box_rollouts')
    .set({ batches_started: started + 1, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('batches_started', '=', started)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
