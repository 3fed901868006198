import {
  message,
  PREVIEW_TTL_MS,
  type ItemOutcome,
  type ItemQuery,
  type Language,
  type RunQuery,
  type ScriptItem,
  type ScriptName,
  type ScriptRun,
  type ScriptRunState,
} from '@dms/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ScriptRunsTable } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import type { ItemMessage } from './script.js';

/** A run's row with the username of who ran it. */
type RunRow = Selectable<ScriptRunsTable> & { username: string };

/** An item's new outcome, as a batch writes it back. */
export interface Outcome {
  seq: number;
  outcome: ItemOutcome;
  message: string | null;
  undo?: string | null;
  boxId?: number | null;
}

/** What the runner knows of a run beyond its row: whether its script undoes, why not, and its unread secrets. */
export interface RunFacts {
  undoes: boolean;
  noUndo: string | null;
  secrets: boolean;
}

function translate(lang: Language, stored: string | null): string | null {
  if (stored === null) return null;
  try {
    const m = JSON.parse(stored) as ItemMessage;
    return message(lang, m.key, m.params);
  } catch {
    return null;
  }
}

/** The scripts' runs and items as the list, a run's page and the export read them (docs/scripts.md). */
export class RunLog {
  constructor(
    private readonly db: Db,
    private readonly facts: (script: string, id: number, input: ScriptRun['input']) => RunFacts,
    private readonly now: () => number,
  ) {}

  /** Previews not started within the hour are dropped with their items. */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('script_runs')
      .where('state', '=', 'preview')
      .where('created_at', '<', this.now() - PREVIEW_TTL_MS)
      .execute();
  }

  async runs(q: RunQuery & { page: number; page_size: number }): Promise<{ total: number; items: ScriptRun[] }> {
    await this.prune();
    let base = this.db.selectFrom('script_runs as r').where('r.state', '!=', 'preview');
    if (q.script) base = base.where('r.script', '=', q.script);
    if (q.state) base = base.where('r.state', '=', q.state);
    const { n } = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select('u.username')
      .orderBy('r.id', 'desc')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute();
    return { total: Number(n), items: rows.map((r) => this.toRun(r)) };
  }

  async run(id: number): Promise<ScriptRun> {
    const row = await this.db
      .selectFrom('script_runs as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .selectAll('r')
      .select('u.username')
      .where('r.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return this.toRun(row);
  }

  private toRun(r: RunRow): ScriptRun {
    const input = JSON.parse(r.input) as ScriptRun['input'];
    const facts = this.facts(r.script, r.id, input);
    const counts = JSON.parse(r.counts) as ScriptRun['counts'];
    const state = r.state as ScriptRunState;
    return {
      id: r.id,
      script: r.script as ScriptName,
      state,
      userId: r.user_id,
      username: r.username,
      input,
      total: r.total,
      done: r.done,
      counts,
      undoable: facts.undoes && (state === 'done' || state === 'waiting') && (counts.ok ?? 0) > 0,
      noUndo: facts.noUndo,
      secrets: facts.secrets,
      createdAt: r.created_at,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      error: r.error,
    };
  }

  async items(
    id: number,
    q: ItemQuery & { page: number; page_size: number },
    lang: Language,
  ): Promise<{ total: number; items: ScriptItem[] }> {
    const exists = await this.db.selectFrom('script_runs').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound();
    let base = this.db.selectFrom('script_items').where('run_id', '=', id);
    if (q.outcome) base = base.where('outcome', '=', q.outcome);
    const { n } = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(['seq', 'target', 'before', 'after', 'outcome', 'message'])
      .orderBy('seq')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute();
    return { total: Number(n), items: rows.map((r) => ({ ...r, outcome: r.outcome as ItemOutcome, message: translate(lang, r.message) })) };
  }

  /** Every item, in order, `after` the last seq read (the export's cursor). */
  async itemsAfter(id: number, after: number, limit: number, lang: Language): Promise<ScriptItem[]> {
    const rows = await this.db
      .selectFrom('script_items')
      .select(['seq', 'target', 'before', 'after', 'outcome', 'message'])
      .where('run_id', '=', id)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, outcome: r.outcome as ItemOutcome, message: translate(lang, r.message) }));
  }

  /** An item's target (what a secret is shown against). */
  async target(id: number, seq: number): Promise<string> {
    const row = await this.db
      .selectFrom('script_items')
      .select('target')
      .where('run_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row?.target ?? String(seq);
  }

  /** Writes a batch's outcomes, and the run's progress and counts. */
  async record(id: number, outcomes: readonly Outcome[], tried: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const o of outcomes)
        await trx
          .updateTable('script_items')
          .set({
            outcome: o.outcome,
            message: o.message,
            ...(o.undo !== undefined ? { undo: o.undo } : {}),
            box_id: o.outcome === 'queued' ? (o.boxId ?? null) : null,
          })
          .where('run_id', '=', id)
          .where('seq', '=', o.seq)
          .execute();
      const counts = await trx
        .selectFrom('script_items')
        .select(['outcome', (eb) => eb.fn.countAll<string | number>().as('n')])
        .where('run_id', '=', id)
        .groupBy('outcome')
        .execute();
      await trx
        .updateTable('script_runs')
        .set((eb) => ({
          done: eb('done', '+', tried),
          counts: JSON.stringify(Object.fromEntries(counts.map((c) => [c.outcome, Number(c.n)]))),
        }))
        .where('id', '=', id)
        .execute();
    });
  }
}
