import type { ItemOutcome, ItemSubject, Language, MessageKey, ScriptInputOf, ScriptName, ScriptRun } from '@dms/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../types.js';

/** Who runs a script, from where, in which language (the run keeps the starter's). */
export interface ScriptContext {
  auth: AuthContext;
  ip: string;
  lang: Language;
  /** The host name the console reached the server by: where a box registered by a script is told its broker is. */
  host: string;
}

/** A message key and its parameters, translated when the item is read. */
export interface ItemMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** One item a dry run found: what it names, the value before and after, and what the run will do. */
export interface Planned<P> {
  target: string;
  before: string | null;
  after: string | null;
  payload: P;
  message?: ItemMessage;
}

/** How one item went. `undo` is what puts it back; `secret` is shown once (a generated password); `boxId`: queued for it. */
export interface ItemResult<U> {
  outcome: ItemOutcome;
  message?: ItemMessage;
  undo?: U;
  secret?: string;
  boxId?: number;
}

/**
 * One script: its dry run (`plan`, which reads and never writes), and what it does to each item (`apply`) through the
 * services the screens use, so the same rules, reach refreshes and operation log hold. A script without `apply` only
 * reports (its run is done at once); one without `undo` says why (`noUndo`).
 */
export interface ScriptDef<S extends ScriptName, P, U> {
  name: S;
  plan: (ctx: ScriptContext, input: ScriptInputOf<S>) => Promise<Array<Planned<P>>>;
  /** The payload and undo as stored (JSON), parsed strictly when read back. */
  payload: z.ZodType<P>;
  apply?: (ctx: ScriptContext, payload: P) => Promise<ItemResult<U>>;
  undoData?: z.ZodType<U>;
  undo?: (ctx: ScriptContext, undo: U) => Promise<ItemResult<never>>;
  /** Why its runs cannot be undone; a function when it depends on the run's form (load: boxes, not devices). */
  noUndo?: MessageKey | ((input: ScriptRun['input']) => MessageKey | null);
  /** Items tried at once (a register write waits for its box's answer). Default 1. */
  concurrency?: number;
  /** What an item is about, for the console's hand-offs (check-inactive: the box and its owner). */
  subject?: (payload: P) => ItemSubject;
}

/** A script with its types closed over: what the runner holds. */
export interface RunnableScript {
  name: ScriptName;
  plan: (ctx: ScriptContext, input: ScriptInputOf<ScriptName>) => Promise<Array<Planned<unknown>>>;
  apply: ((ctx: ScriptContext, payload: string) => Promise<ItemResult<unknown>>) | null;
  undo: ((ctx: ScriptContext, undo: string) => Promise<ItemResult<never>>) | null;
  /** Why a run of this form cannot be undone, or null. */
  noUndo: (input: ScriptRun['input']) => MessageKey | null;
  concurrency: number;
  /** What an item (its payload as stored) is about, or null. */
  subject: (payload: string) => ItemSubject | null;
}

export function defineScript<S extends ScriptName, P, U = never>(def: ScriptDef<S, P, U>): RunnableScript {
  const { apply, undo, undoData, noUndo } = def;
  return {
    name: def.name,
    plan: (ctx, input) => def.plan(ctx, input as ScriptInputOf<S>),
    apply: apply ? (ctx, payload) => apply(ctx, def.payload.parse(JSON.parse(payload))) : null,
    undo: undo && undoData ? (ctx, data) => undo(ctx, undoData.parse(JSON.parse(data))) : null,
    noUndo: typeof noUndo === 'function' ? noUndo : () => noUndo ?? null,
    concurrency: def.concurrency ?? 1,
    subject: (payload) => {
      if (!def.subject) return null;
      const parsed = def.payload.safeParse(JSON.parse(payload));
      return parsed.success ? def.subject(parsed.data) : null;
    },
  };
}

/**
 * An item's before or after as the preview shows it: each field by its name (in the preview's language) and value, an
 * empty one as a dash: "Contact: Ann; CK code: –".
 */
export function fieldsText(fields: ReadonlyArray<readonly [name: string, value: string | number | null | undefined]>): string {
  return fields.map(([name, v]) => `${name}: ${v === null || v === undefined || v === '' ? '–' : String(v)}`).join('; ');
}
