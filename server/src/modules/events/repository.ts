import { localizedText, type LocalizedText } from '@dms/contract';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import { liveDevice } from '../../access/index.js';

/** The rules a list shows, with their type's name; filtered. */
export function rulesQuery(
  db: Db,
  f: { q?: string | undefined; typeId?: number | undefined; severity?: string | undefined; enabled?: boolean | undefined },
) {
  let q = db.selectFrom('event_rules as r').leftJoin('controller_types as t', 't.id', 'r.type_id');
  if (f.q) q = q.where(contains('r.name', f.q));
  if (f.typeId !== undefined) q = q.where('r.type_id', '=', f.typeId);
  if (f.severity !== undefined) q = q.where('r.severity', '=', f.severity);
  if (f.enabled !== undefined) q = q.where('r.enabled', '=', f.enabled ? 1 : 0);
  return q;
}

export function findRule(db: Db, id: number) {
  return db.selectFrom('event_rules').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ruleNamed(db: Db, name: string) {
  return db.selectFrom('event_rules').select('id').where('name', '=', name).executeTakeFirst();
}

/** Devices each rule holds in event now (its stored engine states). */
export async function activeCounts(db: Db, ruleIds: readonly number[]): Promise<Map<number, number>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('event_rule_state')
    .select(['rule_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('rule_id', 'in', ruleIds)
    .where('phase', '=', 'active')
    .groupBy('rule_id')
    .execute();
  return new Map(rows.map((r) => [r.rule_id, Number(r.n)]));
}

/** Ends a rule's events in progress now and forgets its engine states (a new version, turned off, deleted). */
export async function endRuleEvents(db: Db, ruleId: number, at: number): Promise<void> {
  await db.updateTable('events').set({ ended_at: at }).where('rule_id', '=', ruleId).where('ended_at', 'is', null).execute();
  await db.deleteFrom('event_rule_state').where('rule_id', '=', ruleId).execute();
}

export function typeName(json: string | null): LocalizedText | null {
  if (json === null) return null;
  const parsed = localizedText.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** The events log's rows: the event, its rule's version (name, definition), its device. */
export function eventsQuery(db: Db) {
  return (
    db
      .selectFrom('events as e')
      .innerJoin('devices as d', 'd.id', 'e.device_id')
      // A deleted box's events are nobody's (/smartbox/box-delete).
      .where(liveDevice)
      .leftJoin('event_rule_versions as v', (j) => j.onRef('v.rule_id', '=', 'e.rule_id').onRef('v.version', '=', 'e.rule_version'))
  );
}

export const EVENT_COLUMNS = [
  'e.id',
  'e.rule_id',
  'e.rule_version',
  'e.device_id',
  'e.severity',
  'e.started_at',
  'e.ended_at',
  'e.start_value',
  'e.peak',
  'e.ack_by',
  'e.ack_at',
  'e.assignee',
  'd.box_id',
  'd.controller',
  'd.company',
  'd.type_id',
  'v.name as rule_name',
  'v.definition',
] as const;

export async function commentsOf(db: Db, eventIds: readonly number[]) {
  const out = new Map<number, Array<{ at: number; by: string; text: string }>>();
  if (eventIds.length === 0) return out;
  const rows = await db
    .selectFrom('event_comments')
    .select(['event_id', 'at', 'by', 'text'])
    .where('event_id', 'in', eventIds)
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.event_id, [...(out.get(r.event_id) ?? []), { at: r.at, by: r.by, text: r.text }]);
  return out;
}
