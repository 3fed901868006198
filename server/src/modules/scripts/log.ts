import {
  message,
  PREVIEW_TTL_MS,
  type ItemOutcome,
  type ItemQuery,
  type ItemSubject,
  type Language,
  type RunQuery,
  type ScriptInputOf,
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

/** The form as the run shows it: each input by name, a group's (batch-modify-box's fields) by their own names. */
export function formInputs(input: ScriptInputOf<ScriptName>): ScriptRun['input'] {
  const out: ScriptRun['input'] = {};
  const put = (key: string, v: unknown) => {
    if (v === undefined) return;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) for (const [k, inner] of Object.entries(v)) put(k, inner);
    else out[key] = Array.isArray(v) ? v.map(String) : typeof v === 'number' || typeof v === 'string' || v === null ? v : JSON.stringify(v);
  };
  // A file's bytes (load's `content`) are not kept: its name is.
  for (const [k, v] of Object.entries(input)) if (k !== 'script' && k !== 'content') put(k, v);
  return out;
}

/** An item's columns as the log reads them. */
const ITEM_COLUMNS = ['seq', 'target', 'before', 'after', 'outcome', 'message', 'payload'] as const;
interface ItemRow {
  seq: number;
  target: string;
  before: string | null;
  after: string | null;
  outcome: string;
  message: string | null;
  payload: string;
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
    private readonly subjectOf: (script: string, payload: string) => ItemSubject | null,
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
    const run = await this.db.selectFrom('script_runs').select('script').where('id', '=', id).executeTakeFirst();
    if (!run) throw notFound();
    let base = this.db.selectFrom('script_items').where('run_id', '=', id);
    if (q.outcome) base = base.where('outcome', '=', q.outcome);
    const { n } = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select(ITEM_COLUMNS)
      .orderBy('seq')
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute();
    return { total: Number(n), items: rows.map((r) => this.toItem(run.script, r, lang)) };
  }

  private toItem(script: string, { payload, ...r }: ItemRow, lang: Language): ScriptItem {
    return { ...r, outcome: r.outcome as ItemOutcome, message: translate(lang, r.message), subject: this.subjectOf(script, payload) };
  }

  /** Every item, in order, `after` the last seq read (the export's cursor). */
  async itemsAfter(id: number, after: number, limit: number, lang: Language): Promise<ScriptItem[]> {
    const run = await this.db.selectFrom('script_runs').select('script').where('id', '=', id).executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('script_items')
      .select(ITEM_COLUMNS)
      .where('run_id', '=', id)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => this.toItem(run.script, r, lang));
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
