import type { Generated, Selectable } from 'kysely';

/** An event rule as it is now (migration 0018, /events): its definition is JSON of the contract's rule body. */
export interface EventRulesTable {
  id: Generated<number>;
  name: string;
  type_id: number;
  severity: string;
  enabled: number;
  version: number;
  definition: string;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
}

/** Every saved version of a rule (the events name the one that started them). */
export interface EventRuleVersionsTable {
  rule_id: number;
  version: number;
  name: string;
  definition: string;
  created_at: number;
  created_by: string | null;
}

/** Where a rule stands for a device (engine.ts `RuleState`); idle is no row. */
export interface EventRuleStateTable {
  rule_id: number;
  device_id: number;
  version: number;
  phase: string;
  since: number;
  clear_since: number | null;
  last_ts: number;
  start_value: number | null;
  peak: number | null;
  event_id: number | null;
}

/** An event a rule started on a device: open while `ended_at` is null. */
export interface EventsTable {
  id: Generated<number>;
  rule_id: number;
  rule_version: number;
  device_id: number;
  severity: string;
  started_at: number;
  ended_at: number | null;
  start_value: number | null;
  peak: number | null;
  ack_by: string | null;
  ack_at: number | null;
  assignee: string | null;
}

export interface EventCommentsTable {
  id: Generated<number>;
  event_id: number;
  at: number;
  by: string;
  text: string;
}

export type EventRuleRow = Selectable<EventRulesTable>;
export type EventRuleStateRow = Selectable<EventRuleStateTable>;
export type StoredEventRow = Selectable<EventsTable>;

export interface EventTables {
  event_rules: EventRulesTable;
  event_rule_versions: EventRuleVersionsTable;
  event_rule_state: EventRuleStateTable;
  events: EventsTable;
  event_comments: EventCommentsTable;
}
