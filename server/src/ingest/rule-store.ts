import { ruleBody, type RuleInput, type RuleState } from '@dms/contract';
import type { Db } from '../db/database.js';

/** An enabled rule as ingest judges it: its definition parsed from the stored JSON. */
export interface StoredRule {
  id: number;
  version: number;
  typeId: number;
  definition: RuleInput;
}

/** A rule's stored definition, parsed; null when it no longer parses (a rule the engine then skips). */
export function parseDefinition(json: string): RuleInput | null {
  try {
    const parsed = ruleBody.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function enabledRules(db: Db): Promise<StoredRule[]> {
  const rows = await db.selectFrom('event_rules').select(['id', 'version', 'type_id', 'definition']).where('enabled', '=', 1).execute();
  const out: StoredRule[] = [];
  for (const r of rows) {
    const definition = parseDefinition(r.definition);
    if (definition) out.push({ id: r.id, version: r.version, typeId: r.type_id, definition });
  }
  return out;
}

/** A persisted engine state with the rule version it belongs to and its open event. */
export interface PersistedState extends RuleState {
  ruleId: number;
  deviceId: number;
  version: number;
  eventId: number | null;
}

/** Every stored state, or those of some devices. */
export async function allStates(db: Db, devices?: readonly number[]): Promise<PersistedState[]> {
  let q = db.selectFrom('event_rule_state').selectAll();
  if (devices) q = q.where('device_id', 'in', devices);
  const rows = await q.execute();
  return rows.map((r) => ({
    ruleId: r.rule_id,
    deviceId: r.device_id,
    version: r.version,
    phase: r.phase === 'active' ? 'active' : 'pending',
    since: r.since,
    clearSince: r.clear_since,
    lastTs: r.last_ts,
    startValue: r.start_value,
    peak: r.peak,
    eventId: r.event_id,
  }));
}

function stateRow(s: PersistedState) {
  return {
    rule_id: s.ruleId,
    device_id: s.deviceId,
    version: s.version,
    phase: s.phase,
    since: s.since,
    clear_since: s.clearSince,
    last_ts: s.lastTs,
    start_value: s.startValue,
    peak: s.peak,
    event_id: s.eventId,
  };
}

/** Stores a state (pending, or active with its event); idle deletes it. */
export async function saveState(db: Db, s: PersistedState): Promise<void> {
  if (s.phase === 'idle') {
    await db.deleteFrom('event_rule_state').where('rule_id', '=', s.ruleId).where('device_id', '=', s.deviceId).execute();
    return;
  }
  const row = stateRow(s);
  await db
    .insertInto('event_rule_state')
    .values(row)
    .onConflict((oc) => oc.columns(['rule_id', 'device_id']).doUpdateSet(row))
    .execute();
}

/** An event starts: its row and the active state in one transaction, so a restart finds both or neither. Answers its id. */
export async function startEvent(db: Db, s: PersistedState, severity: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('events')
      .values({
        rule_id: s.ruleId,
        rule_version: s.version,
        device_id: s.deviceId,
        severity,
        started_at: s.since,
        start_value: s.startValue,
        peak: s.peak,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveState(trx, { ...s, eventId: id });
    return id;
  });
}

/** An event ends (once: an ended event keeps its end), with its peak; its state goes, in one transaction. */
export async function endEvent(
  db: Db,
  ruleId: number,
  deviceId: number,
  eventId: number,
  endedAt: number,
  peak: number | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('events').set({ ended_at: endedAt, peak }).where('id', '=', eventId).where('ended_at', 'is', null).execute();
    await trx.deleteFrom('event_rule_state').where('rule_id', '=', ruleId).where('device_id', '=', deviceId).execute();
  });
}

/** A new peak of an event in progress, on the event and its state. */
export async function savePeak(db: Db, ruleId: number, deviceId: number, eventId: number, peak: number): Promise<void> {
  await db.updateTable('events').set({ peak }).where('id', '=', eventId).where('ended_at', 'is', null).execute();
  await db.updateTable('event_rule_state').set({ peak }).where('rule_id', '=', ruleId).where('device_id', '=', deviceId).execute();
}

/** Ends an event left open by a rule that changed (idempotent: one already ended keeps its end). */
export async function closeEvent(db: Db, eventId: number, endedAt: number, peak: number | null): Promise<void> {
  await db.updateTable('events').set({ ended_at: endedAt, peak }).where('id', '=', eventId).where('ended_at', 'is', null).execute();
}

/** Deletes states of rules no longer enabled at their version. */
export async function dropStates(db: Db, keys: ReadonlyArray<{ ruleId: number; deviceId: number }>): Promise<void> {
  for (const k of keys)
    await db.deleteFrom('event_rule_state').where('rule_id', '=', k.ruleId).where('device_id', '=', k.deviceId).execute();
}
