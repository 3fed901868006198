import {
  Code,
  MAX_SCRIPT_ITEMS,
  PREVIEW_ROWS,
  PREVIEW_TTL_MS,
  QUEUE_TTL_MS,
  type ItemOutcome,
  type RunSecrets,
  type ScriptInputOf,
  type ScriptName,
  type ScriptPreview,
  type ScriptRun,
  type ScriptRunState,
} from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { formInputs, RunLog, type Outcome } from './log.js';
import type { ItemMessage, ItemResult, RunnableScript, ScriptContext } from './script.js';

/** Items read, tried and written back at a time. */
const BATCH = 200;

const messageJson = (m: ItemMessage | undefined) => (m ? JSON.stringify(m) : null);

/**
 * Runs the maintenance scripts (docs/scripts.md): a dry run kept as a `preview`, started by naming its count, tried item
 * by item in the background with its progress and per-item outcome stored as it goes, and undone item by item where
 * its script can. Runs and items live in the database, so the list and the log outlive the process; a run the server
 * stopped in the middle of is `failed` when it starts again. Generated passwords live only in memory, read once.
 */
export class ScriptRunner {
  private readonly scripts = new Map<ScriptName, RunnableScript>();
  /** Passwords a run generated, per run, until read (or the process ends), with who started it: only they read them. */
  private readonly secrets = new Map<number, { userId: number; list: RunSecrets }>();
  /** The runs going on in this process, so a test (or close) can wait for them. */
  private readonly active = new Map<number, Promise<void>>();
  /** Whose context a run's queued items are tried again with. */
  private readonly contexts = new Map<number, ScriptContext>();
  /** The runs and items as they are read. */
  readonly log: RunLog;

  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
    private readonly now: () => number,
    private readonly logger: Pick<FastifyBaseLogger, 'error'>,
    /** This instance, and the live ones (cluster/members.ts). */
    private readonly instances: { self: string; live: () => readonly string[] },
  ) {
    this.log = new RunLog(
      db,
      (script, id, input) => {
        const s = this.scripts.get(script as ScriptName);
        const noUndo = s?.noUndo(input) ?? null;
        return { undoes: Boolean(s?.undo) && noUndo === null, noUndo, secrets: this.secrets.has(id) };
      },
      now,
      (script, payload) => this.scripts.get(script as ScriptName)?.subject(payload) ?? null,
    );
  }

  register(script: RunnableScript): void {
    this.scripts.set(script.name, script);
  }

  private script(name: string): RunnableScript {
    const s = this.scripts.get(name as ScriptName);
    if (!s) throw notFound();
    return s;
  }

  /**
   * Runs whose instance stopped in the middle are failed, their untried items left as they were: at start, and
   * whenever an instance goes (several instances: those of instances still running are theirs to finish).
   */
  async recover(): Promise<void> {
    const live = this.instances.live();
    await this.db
      .updateTable('script_runs')
      .set({ state: 'failed', error: 'error.scripts.interrupted', finished_at: this.now() })
      .where('state', 'in', ['running', 'undoing'])
      .where((eb) => eb.or([eb('instance', 'is', null), eb('instance', 'not in', [...live])]))
      .execute();
  }

  async preview(ctx: ScriptContext, input: ScriptInputOf<ScriptName>): Promise<ScriptPreview> {
    await this.log.prune();
    const script = this.script(input.script);
    const planned = await script.plan(ctx, input);
    if (planned.length > MAX_SCRIPT_ITEMS)
      throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.tooMany', { count: planned.length, max: MAX_SCRIPT_ITEMS });
    const readOnly = script.apply === null;
    if (planned.length === 0 && !readOnly) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.nothing');
    const now = this.now();
    const shown = formInputs(input);
    const outcome: ItemOutcome = readOnly ? 'found' : 'planned';
    const id = await this.db.transaction().execute(async (trx) => {
      const run = await trx
        .insertInto('script_runs')
        .values({
          script: input.script,
          state: readOnly ? 'done' : 'preview',
          user_id: ctx.auth.user.id,
          input: JSON.stringify(shown),
          total: planned.length,
          done: readOnly ? planned.length : 0,
          counts: JSON.stringify(planned.length > 0 ? { [outcome]: planned.length } : {}),
          created_at: now,
          started_at: readOnly ? now : null,
          finished_at: readOnly ? now : null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < planned.length; i += BATCH)
        await trx
          .insertInto('script_items')
          .values(
            planned.slice(i, i + BATCH).map((p, j) => ({
              run_id: run.id,
              seq: i + j + 1,
              target: p.target.slice(0, 255),
              before: p.before,
              after: p.after,
              payload: JSON.stringify(p.payload ?? null),
              outcome,
              message: messageJson(p.message),
              undo: null,
              box_id: null,
            })),
          )
          .execute();
      return run.id;
    });
    if (readOnly)
      await this.audit.record({
        user: ctx.auth.user,
        action: 'script.start',
        target: `${input.script} #${id}`,
        newValue: JSON.stringify(shown),
        outcome: 'ok',
        ip: ctx.ip,
      });
    const run = await this.run(id);
    return { run, items: (await this.log.items(id, { page: 1, page_size: PREVIEW_ROWS }, ctx.lang)).items };
  }

  /** Starts a preview: `count` must be its total, or nothing happens. */
  async start(ctx: ScriptContext, id: number, count: number): Promise<ScriptRun> {
    const row = await this.db.selectFrom('script_runs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const fresh = this.now() - PREVIEW_TTL_MS;
    if (row.state !== 'preview' || row.created_at < fresh) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.notPreview');
    if (count !== row.total) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.countChanged', { count: row.total, given: count });
    // Started once: the state moves only from preview, so of two confirmations one starts it.
    const moved = await this.db
      .updateTable('script_runs')
      .set({ state: 'running', started_at: this.now(), instance: this.instances.self })
      .where('id', '=', id)
      .where('state', '=', 'preview')
      .where('created_at', '>=', fresh)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.notPreview');
    await this.audit.record({
      user: ctx.auth.user,
      action: 'script.start',
      target: `${row.script} #${id}`,
      newValue: `${row.total} item(s): ${row.input}`,
      outcome: 'ok',
      ip: ctx.ip,
    });
    const script = this.script(row.script);
    this.contexts.set(id, ctx);
    this.track(
      id,
      this.execute(ctx, id, script, 'planned', (c, item) =>
        script.apply ? script.apply(c, item.payload) : Promise.reject(new Error('read-only')),
      ),
    );
    return this.run(id);
  }

  /** Puts back the items a finished run changed; `count` must name them. */
  async undo(ctx: ScriptContext, id: number, count: number): Promise<ScriptRun> {
    const row = await this.db.selectFrom('script_runs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const undoable = this.script(row.script).undo !== null && (row.state === 'done' || row.state === 'waiting');
    const { n } = await this.db
      .selectFrom('script_items')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('run_id', '=', id)
      .where('outcome', '=', 'ok')
      .where('undo', 'is not', null)
      .executeTakeFirstOrThrow();
    if (!undoable || Number(n) === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.notUndoable');
    if (count !== Number(n)) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.countChanged', { count: Number(n), given: count });
    const moved = await this.db
      .updateTable('script_runs')
      .set({ state: 'undoing', error: null, instance: this.instances.self })
      .where('id', '=', id)
      .where('state', 'in', ['done', 'waiting'])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.notUndoable');
    this.contexts.delete(id);
    // What is still queued is not tried any more: it never changed.
    await this.db
      .updateTable('script_items')
      .set({ outcome: 'failed', box_id: null })
      .where('run_id', '=', id)
      .where('outcome', '=', 'queued')
      .execute();
    await this.audit.record({
      user: ctx.auth.user,
      action: 'script.undo',
      target: `${row.script} #${id}`,
      newValue: `${count} item(s)`,
      outcome: 'ok',
      ip: ctx.ip,
    });
    const script = this.script(row.script);
    this.track(
      id,
      this.execute(ctx, id, script, 'ok', (c, item) =>
        script.undo && item.undo !== null ? script.undo(c, item.undo) : Promise.resolve({ outcome: 'ok' as const }),
      ),
    );
    return this.run(id);
  }

  private track(id: number, work: Promise<void>): void {
    const done = work
      .catch(async (err: unknown) => {
        this.logger.error({ err, run: id }, 'a script run failed');
        await this.db
          .updateTable('script_runs')
          .set({ state: 'failed', error: 'error.internal', finished_at: this.now() })
          .where('id', '=', id)
          .execute();
      })
      .finally(() => this.active.delete(id));
    this.active.set(id, done);
  }

  /**
   * Tries every item of the run whose outcome is `from`, in order, `concurrency` at a time, writing each batch's
   * outcomes and the run's progress back before the next; then the run is done, waiting (items queued for offline
   * boxes), or undone.
   */
  private async execute(
    ctx: ScriptContext,
    id: number,
    script: RunnableScript,
    from: ItemOutcome,
    act: (ctx: ScriptContext, item: { payload: string; undo: string | null }) => Promise<ItemResult<unknown>>,
  ): Promise<void> {
    const undoing = from === 'ok';
    let after = 0;
    for (;;) {
      let q = this.db
        .selectFrom('script_items')
        .select(['seq', 'target', 'payload', 'undo'])
        .where('run_id', '=', id)
        .where('seq', '>', after)
        .where('outcome', '=', from);
      if (undoing) q = q.where('undo', 'is not', null);
      const batch = await q.orderBy('seq').limit(BATCH).execute();
      if (batch.length === 0) break;
      after = batch[batch.length - 1]?.seq ?? after;
      const outcomes: Outcome[] = [];
      let next = 0;
      const worker = async () => {
        while (next < batch.length) {
          const item = batch[next++];
          if (!item) break;
          outcomes.push(await this.tryItem(ctx, id, item, () => act(ctx, item), undoing));
        }
      };
      await Promise.all(Array.from({ length: Math.min(script.concurrency, batch.length) }, worker));
      await this.log.record(id, outcomes, undoing ? 0 : outcomes.length);
    }
    await this.settle(id, undoing);
  }

  private async tryItem(
    ctx: ScriptContext,
    id: number,
    { seq, target }: { seq: number; target: string },
    act: () => Promise<ItemResult<unknown>>,
    undoing: boolean,
  ): Promise<Outcome> {
    try {
      const r = await act();
      if (r.secret !== undefined) {
        const held = this.secrets.get(id) ?? { userId: ctx.auth.user.id, list: [] };
        held.list.push({ target, secret: r.secret });
        this.secrets.set(id, held);
      }
      const outcome: ItemOutcome = undoing && r.outcome === 'ok' ? 'undone' : r.outcome;
      return {
        seq,
        outcome,
        message: messageJson(r.message),
        ...(undoing ? {} : { undo: r.undo === undefined ? null : JSON.stringify(r.undo) }),
        boxId: r.boxId ?? null,
      };
    } catch (err) {
      if (err instanceof AppError)
        return {
          seq,
          outcome: undoing ? 'ok' : 'failed',
          message: messageJson({ key: err.key, ...(err.params ? { params: { ...err.params } } : {}) }),
        };
      this.logger.error({ err, run: id, seq, user: ctx.auth.user.id }, 'a script item failed');
      return { seq, outcome: undoing ? 'ok' : 'failed', message: messageJson({ key: 'error.internal' }) };
    }
  }

  private async settle(id: number, undoing: boolean): Promise<void> {
    const queued = await this.db
      .selectFrom('script_items')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('run_id', '=', id)
      .where('outcome', '=', 'queued')
      .executeTakeFirstOrThrow();
    const state: ScriptRunState = undoing ? 'undone' : Number(queued.n) > 0 ? 'waiting' : 'done';
    await this.db.updateTable('script_runs').set({ state, finished_at: this.now() }).where('id', '=', id).execute();
    if (state !== 'waiting') this.contexts.delete(id);
  }

  /**
   * A box came back: the items queued for it are tried again (a run waits until QUEUE_TTL_MS after it started; then
   * what is still queued fails).
   */
  async boxBack(boxId: number): Promise<void> {
    const rows = await this.db
      .selectFrom('script_items as i')
      .innerJoin('script_runs as r', 'r.id', 'i.run_id')
      .select(['i.run_id', 'i.seq', 'i.target', 'i.payload', 'r.script'])
      .where('i.outcome', '=', 'queued')
      .where('i.box_id', '=', boxId)
      .where('r.state', '=', 'waiting')
      .execute();
    for (const row of rows) {
      const ctx = this.contexts.get(row.run_id);
      const script = this.scripts.get(row.script as ScriptName);
      if (!ctx || !script?.apply) continue;
      const apply = script.apply;
      const outcome = await this.tryItem(ctx, row.run_id, row, () => apply(ctx, row.payload), false);
      await this.log.record(row.run_id, [outcome], 0);
      await this.settleWaiting(row.run_id);
    }
  }

  /** A waiting run with nothing queued is done; one past its queue's time fails what is still queued. */
  private async settleWaiting(id: number): Promise<void> {
    const run = await this.db.selectFrom('script_runs').select(['state', 'started_at']).where('id', '=', id).executeTakeFirst();
    if (run?.state !== 'waiting') return;
    if ((run.started_at ?? 0) + QUEUE_TTL_MS < this.now()) {
      const expired = await this.db
        .selectFrom('script_items')
        .select('seq')
        .where('run_id', '=', id)
        .where('outcome', '=', 'queued')
        .execute();
      await this.log.record(
        id,
        expired.map((e) => ({ seq: e.seq, outcome: 'failed' as const, message: messageJson({ key: 'error.scripts.queueExpired' }) })),
        0,
      );
    }
    await this.settle(id, false);
  }

  /** A run, with a waiting run settled first (its queue's time may be up). */
  async run(id: number): Promise<ScriptRun> {
    const waiting = await this.db.selectFrom('script_runs').select('state').where('id', '=', id).executeTakeFirst();
    if (waiting?.state === 'waiting') await this.settleWaiting(id);
    return this.log.run(id);
  }

  /** The passwords a run generated, once, to who started it. */
  takeSecrets(auth: AuthContext, id: number): RunSecrets {
    const held = this.secrets.get(id);
    if (!held) throw new AppError(Code.VALIDATION_FAILED, 'error.scripts.noSecrets');
    if (held.userId !== auth.user.id) throw new AppError(Code.FORBIDDEN, 'error.scripts.notYourSecrets');
    this.secrets.delete(id);
    return held.list;
  }

  /** Waits for the runs going on (tests; close). */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()]);
  }
}
