import { liveBox } from '../../access/index.js';
import {
  Code,
  MAX_ROLLOUT_BOXES,
  type CommandState,
  type rolloutBody,
  type rolloutBoxQuery,
  type RolloutBoxRow,
  type RolloutBoxState,
  type RolloutFilter,
  type RolloutRow,
  type RolloutState,
} from '@dms/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { BoxRolloutsTable } from '../../db/schema/smartbox.js';
import { AppError } from '../../errors.js';

/*
 * A rollout's boxes (rollouts.ts): which boxes a filter takes, whether they are free, and how they stand.
 */

/** Ids per statement (SQLite takes at most 32,766 variables in one). */
const CHUNK = 5000;
/** The command states of a box still at work on its firmware (a batch has settled when none of its boxes is). */
const AT_WORK: readonly CommandState[] = ['sent', 'accepted', 'downloading', 'verifying', 'updating'];
/** Where a box has failed: counted against the rollout's failures allowed. */
const FAILED: readonly CommandState[] = ['failed', 'timeout', 'expired'];
/** States a rollout has not ended in: its boxes are taken. */
const NOT_ENDED: readonly RolloutState[] = ['running', 'paused', 'stopped'];

/** A rollout as stored. */
export type RolloutDbRow = Omit<BoxRolloutsTable, 'id'> & { id: number };

export type Filter = z.output<typeof rolloutBody>['filter'];
/** What of an image a filter needs: its box type and version. */
interface ImageKey {
  box_type: string;
  version: string;
}

export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** How many batches a rollout of `total` boxes has: the canary, then batches of `size`. */
export function batchCount(total: number, canary: number, size: number): number {
  return total <= canary ? 1 : 1 + Math.ceil((total - canary) / size);
}

/** A rollout's boxes by state, its failures, and how many are waiting for a batch, at work, or open at all. */
export async function rolloutCounts(db: Kysely<Database>, id: number) {
  return (await rolloutCountsOf(db, [id])).get(id) ?? countsOf({});
}

/** `rolloutCounts` of several rollouts, in one query. */
export async function rolloutCountsOf(db: Kysely<Database>, ids: readonly number[]) {
  const by = new Map<number, Partial<Record<RolloutBoxState, number>>>(ids.map((id) => [id, {}]));
  if (ids.length > 0)
    for (const r of await db
      .selectFrom('box_rollout_boxes as rb')
      .leftJoin('box_commands as c', 'c.id', 'rb.command_id')
      .select((eb) => ['rb.rollout_id', 'c.state', eb.fn.countAll<number | string>().as('n')])
      .where('rb.rollout_id', 'in', ids)
      .groupBy(['rb.rollout_id', 'c.state'])
      .execute()) {
      const counts = by.get(r.rollout_id);
      if (counts) counts[(r.state ?? 'waiting') as RolloutBoxState] = Number(r.n);
    }
  return new Map([...by].map(([id, counts]) => [id, countsOf(counts)]));
}

function countsOf(by: Partial<Record<RolloutBoxState, number>>) {
  const sum = (states: readonly CommandState[]) => states.reduce((n, s) => n + (by[s] ?? 0), 0);
  return {
    by,
    failures: sum(FAILED),
    waiting: by.waiting ?? 0,
    atWork: sum(AT_WORK),
    open: (by.queued ?? 0) + sum(AT_WORK),
  };
}

/** The boxes a filter takes, in box order: of the image's type, not on its version already. */
export function targetsOf(db: Kysely<Database>, image: ImageKey, filter: Filter) {
  return filtered(db, image.box_type, filter)
    .where((eb) => eb.or([eb('b.firmware', 'is', null), eb('b.firmware', '!=', image.version)]))
    .select(['b.box_id', 'b.firmware'])
    .orderBy('b.box_id')
    .limit(MAX_ROLLOUT_BOXES + 1)
    .execute();
}

/** How many boxes the filter takes that run the image's version already. */
export async function onVersion(db: Kysely<Database>, image: ImageKey, filter: Filter): Promise<number> {
  const r = await filtered(db, image.box_type, filter)
    .where('b.firmware', '=', image.version)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function filtered(db: Kysely<Database>, boxType: string, filter: Filter) {
  let q = db.selectFrom('boxes as b').where('b.box_type', '=', boxType).where(liveBox);
  if (filter.versions && filter.versions.length > 0) {
    const named = filter.versions.filter((v) => v !== '');
    const never = filter.versions.includes('');
    q = q.where((eb) =>
      eb.or([...(named.length > 0 ? [eb('b.firmware', 'in', named)] : []), ...(never ? [eb('b.firmware', 'is', null)] : [])]),
    );
  }
  if (filter.ck) q = q.where('b.ck', '=', filter.ck);
  const region = filter.region;
  if (region)
    q = q.where((eb) =>
      eb.exists(eb.selectFrom('devices as d').select('d.id').whereRef('d.box_id', '=', 'b.box_id').where('d.province', '=', region)),
    );
  if (filter.boxIds) q = q.where('b.box_id', 'in', filter.boxIds);
  return q;
}

/** Refuses boxes in a rollout that has not ended, naming the first ten. */
export async function requireFree(tx: Kysely<Database>, boxIds: readonly number[]): Promise<void> {
  const busy: number[] = [];
  for (const some of chunks(boxIds))
    for (const r of await tx
      .selectFrom('box_rollout_boxes as rb')
      .innerJoin('box_rollouts as r', 'r.id', 'rb.rollout_id')
      .select('rb.box_id')
      .where('r.state', 'in', NOT_ENDED)
      .where('rb.box_id', 'in', some)
      .orderBy('rb.box_id')
      .limit(11)
      .execute())
      busy.push(r.box_id);
  if (busy.length === 0) return;
  const shown = busy.slice(0, 10).join(', ') + (busy.length > 10 ? ', …' : '');
  throw new AppError(Code.BOXES_IN_ROLLOUT, 'error.firmware.boxesBusy', { boxes: shown });
}

/** A rollout's boxes in their order, with each one's batch and state (`waiting` for its batch, else its command's). */
export async function rolloutBoxesPage(
  db: Kysely<Database>,
  online: (boxId: number) => boolean,
  id: number,
  query: z.output<typeof rolloutBoxQuery>,
): Promise<{ total: number; items: RolloutBoxRow[] }> {
  let q = db
    .selectFrom('box_rollout_boxes as rb')
    .innerJoin('boxes as b', 'b.box_id', 'rb.box_id')
    .leftJoin('box_commands as c', 'c.id', 'rb.command_id')
    .where('rb.rollout_id', '=', id);
  if (query.state === 'waiting') q = q.where('rb.command_id', 'is', null);
  else if (query.state) q = q.where('c.state', '=', query.state);
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['rb.box_id', 'rb.batch', 'c.state', 'c.reason', 'c.detail', 'c.updated_at', 'b.firmware'])
    .orderBy('rb.seq')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    total: Number(total.n),
    items: rows.map((r) => ({
      boxId: r.box_id,
      batch: r.batch ?? 0,
      state: (r.state ?? 'waiting') as RolloutBoxState,
      reason: r.reason,
      detail: r.detail,
      version: r.firmware,
      online: online(r.box_id),
      updatedAt: r.updated_at,
    })),
  };
}

/** Rollouts as shown: with their image's version and box type, and their boxes counted by state (two queries in all). */
export async function rolloutRows(db: Kysely<Database>, rows: readonly RolloutDbRow[]): Promise<RolloutRow[]> {
  if (rows.length === 0) return [];
  const images = new Map(
    (
      await db
        .selectFrom('box_images')
        .select(['id', 'version', 'box_type'])
        .where('id', 'in', [...new Set(rows.map((r) => r.image_id))])
        .execute()
    ).map((i) => [i.id, i]),
  );
  const counts = await rolloutCountsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const image = images.get(r.image_id);
    const c = counts.get(r.id);
    return {
      id: r.id,
      imageId: r.image_id,
      version: image?.version ?? '',
      boxType: image?.box_type ?? '',
      filter: JSON.parse(r.filter) as RolloutFilter,
      canary: r.canary,
      batchSize: r.batch_size,
      paceSeconds: r.pace_s,
      maxFailures: r.max_failures,
      state: r.state as RolloutState,
      stopReason: r.stop_reason === 'threshold' ? 'threshold' : null,
      total: r.total,
      batchesStarted: r.batches_started,
      batches: batchCount(r.total, r.canary, r.batch_size),
      counts: c?.by ?? {},
      failures: Math.max(0, (c?.failures ?? 0) - r.failure_base),
      createdBy: r.created_by,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      finishedAt: r.finished_at,
    };
  });
}
