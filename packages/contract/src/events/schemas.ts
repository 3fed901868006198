import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { localizedText } from '../controller-types/schemas.js';
import { SEVERITIES } from '../controller-types/schemas.js';
import { CK_CODE, positiveId, trimmedText } from '../validation.js';

/*
 * Events (root: /events/events-list, events-add, events-log; issue 21; docs/events.md): rules an engineer writes on a
 * controller type's registers, the events they start and end per device, and the log people acknowledge and comment.
 */

export const COMPARE_OPS = ['>', '>=', '<', '<=', '=', '!='] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
/** How a comparison is written for people (the rules' and the charts' words and selects). */
export const COMPARE_OP_SIGNS: Record<CompareOp, string> = { '>': '>', '>=': '≥', '<': '<', '<=': '≤', '=': '=', '!=': '≠' };
export const LEAF_KINDS = ['compare', 'band', 'bit', 'rate', 'offline'] as const;
export type LeafKind = (typeof LEAF_KINDS)[number];

const register = z.number({ error: 'validation.event.register' }).int('validation.event.register').min(0).max(65_535);
const finite = z.number({ error: 'validation.field.number' }).refine(Number.isFinite, 'validation.field.number');
/** Seconds: 0 to a day. */
const seconds = (max: number) =>
  z
    .number({ error: 'validation.field.nonNegativeInteger' })
    .int('validation.field.nonNegativeInteger')
    .min(0, 'validation.field.nonNegativeInteger')
    .max(max, 'validation.event.tooLong');

export const compareLeaf = z.object({ kind: z.literal('compare'), register, op: z.enum(COMPARE_OPS), value: finite });
export const bandLeaf = z
  .object({ kind: z.literal('band'), register, inside: z.boolean(), low: finite, high: finite })
  .refine((c) => c.low < c.high, { path: ['high'], message: 'validation.event.band' });
export const bitLeaf = z.object({ kind: z.literal('bit'), register, bit: z.number().int().min(0).max(31), set: z.boolean() });
export const leafCondition = z.discriminatedUnion(
  'kind',
  [
    compareLeaf,
    bandLeaf,
    bitLeaf,
    z.object({
      kind: z.literal('rate'),
      register,
      direction: z.enum(['rise', 'fall']),
      amount: finite.refine((n) => n > 0, 'validation.event.amount'),
      windowS: seconds(86_400).refine((n) => n >= 10, 'validation.event.window'),
    }),
    z.object({
      kind: z.literal('offline'),
      minutes: z
        .number({ error: 'validation.field.positiveInteger' })
        .int('validation.field.positiveInteger')
        .min(1, 'validation.field.positiveInteger')
        .max(10_080, 'validation.event.tooLong'),
    }),
  ],
  { error: 'validation.event.kind' },
);
export type RuleLeaf = z.infer<typeof leafCondition>;

/** Most parts of one AND / OR combination. */
export const MAX_CONDITION_PARTS = 8;
export const combination = z.object({
  kind: z.enum(['all', 'any']),
  conditions: z.array(leafCondition).min(2, 'validation.event.parts').max(MAX_CONDITION_PARTS, 'validation.event.parts'),
});
export const condition = z.union([leafCondition, combination], { error: 'validation.event.kind' });
export type RuleCombination = z.infer<typeof combination>;
export type RuleCondition = RuleLeaf | RuleCombination;

/** When a rule's event starts and ends (engine.ts). */
export const ruleTiming = z.object({
  /** How long the condition must hold before the event starts. */
  durationS: seconds(86_400),
  /** How far past its threshold the value must go back before the event can end (compare, band, rate). */
  hysteresis: z.number().min(0, 'validation.event.hysteresis').refine(Number.isFinite, 'validation.field.number'),
  /** How long the clearing must last before the event ends. */
  debounceS: seconds(86_400),
});
export type RuleTiming = z.infer<typeof ruleTiming>;

export { SEVERITIES as EVENT_SEVERITIES };
/** A rule's text: four languages, with {device}, {value}, {threshold} and {rule} put in. */
export const EVENT_TEXT_PLACEHOLDERS = ['device', 'value', 'threshold', 'rule'] as const;
const eventText = z.object({
  en: trimmedText(500).pipe(z.string().min(1, 'validation.event.text')),
  zh: trimmedText(500).pipe(z.string().min(1, 'validation.event.text')),
  es: trimmedText(500).pipe(z.string().min(1, 'validation.event.text')),
  ja: trimmedText(500).pipe(z.string().min(1, 'validation.event.text')),
});

/** Most devices and CK groups one rule names. */
export const MAX_RULE_TARGETS = 500;
export const ruleBody = ruleTiming.extend({
  name: trimmedText(64).pipe(z.string().min(1, 'validation.event.name')),
  typeId: positiveId(),
  /** Only these devices (ids) of the type; empty: every device of the type (or of the CK groups). */
  deviceIds: z.array(positiveId()).max(MAX_RULE_TARGETS, 'validation.event.targets').default([]),
  /** Only devices of boxes carrying these CK codes; empty: any. */
  cks: z.array(z.string().regex(CK_CODE, 'validation.ck.format')).max(MAX_RULE_TARGETS, 'validation.event.targets').default([]),
  condition,
  /** Ends the event when it holds (for `debounceS`), instead of the condition stopping with its hysteresis. */
  clear: condition.optional(),
  severity: z.enum(SEVERITIES),
  text: eventText,
  enabled: z.boolean().default(false),
});
export type RuleBody = z.input<typeof ruleBody>;
export type RuleInput = z.output<typeof ruleBody>;

export const ruleParams = z.object({ id: z.coerce.number().int().positive() });

export const ruleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  typeName: localizedText.nullable(),
  severity: z.enum(SEVERITIES),
  enabled: z.boolean(),
  version: z.number().int(),
  condition,
  /** Devices that are in this rule's event now. */
  active: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type RuleRow = z.infer<typeof ruleRow>;
export const ruleDetail = ruleRow.extend({
  deviceIds: z.array(z.number().int()),
  cks: z.array(z.string()),
  clear: condition.optional(),
  durationS: z.number().int(),
  hysteresis: z.number(),
  debounceS: z.number().int(),
  text: localizedText,
});
export type RuleDetail = z.infer<typeof ruleDetail>;

export const ruleListQuery = pageQuery.extend({
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
  typeId: z.coerce.number().int().positive().optional(),
  severity: z.enum(SEVERITIES).optional(),
  enabled: z.enum(['true', 'false']).optional(),
});
export type RuleListQuery = Partial<z.output<typeof ruleListQuery>>;
export const rulePage = pageOf(ruleRow);
export type RulePage = z.infer<typeof rulePage>;
export const ruleEnableBody = z.object({ enabled: z.boolean() });

/** Test against history: the rule as built (saved or not) over one device's stored history. */
export const MAX_REPLAY_MS = 31 * 24 * 3_600_000;
export const replayBody = z
  .object({
    rule: ruleBody,
    deviceId: positiveId(),
    from: z.number().int().min(0),
    to: z.number().int().min(0),
  })
  .superRefine((v, ctx) => {
    if (v.to <= v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range.order' });
    else if (v.to - v.from > MAX_REPLAY_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.event.replayRange' });
  });
export type ReplayBody = z.input<typeof replayBody>;
export const replayResult = z.object({
  /** Snapshots read, and whether the window held more than one replay reads (the rest was not read). */
  samples: z.number().int(),
  truncated: z.boolean(),
  events: z.array(
    z.object({
      startedAt: z.number().int(),
      endedAt: z.number().int().nullable(),
      startValue: z.number().nullable(),
      peak: z.number().nullable(),
    }),
  ),
  /** The primary register's values, at most 2000 points, for the chart. */
  series: z.array(z.tuple([z.number().int(), z.number()])),
});
export type ReplayResult = z.infer<typeof replayResult>;

/** Devices a rule may name: those of a type, searched by box number. */
export const ruleDevicesQuery = z.object({ typeId: z.coerce.number().int().positive(), q: z.string().trim().max(32).optional() });
export const ruleDevice = z.object({ id: z.number().int(), boxId: z.number().int(), controller: z.number().int(), company: z.string() });
export type RuleDevice = z.infer<typeof ruleDevice>;

// ---- The log ----

export const EVENT_STATES = ['active', 'ended'] as const;
export const eventComment = z.object({ at: z.number().int(), by: z.string(), text: z.string() });
export type EventComment = z.infer<typeof eventComment>;
export const eventRow = z.object({
  id: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  ruleVersion: z.number().int(),
  deviceId: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  company: z.string(),
  severity: z.enum(SEVERITIES),
  /** The rule's text with its placeholders put in, in the request's language; null when the values are hidden. */
  text: z.string().nullable(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  /** Null when the viewer may not read the register (template, or a sub-manager hid the data). */
  startValue: z.number().nullable(),
  peak: z.number().nullable(),
  unit: z.string(),
  withheld: z.boolean(),
  ackBy: z.string().nullable(),
  ackAt: z.number().int().nullable(),
  assignee: z.string().nullable(),
  comments: z.array(eventComment),
});
export type EventRow = z.infer<typeof eventRow>;
const time = z.coerce.number({ error: 'validation.field.number' }).int('validation.field.number').min(0, 'validation.field.number');
const eventFields = z.object({
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
  ruleId: z.coerce.number().int().positive().optional(),
  severity: z.enum(SEVERITIES).optional(),
  state: z.enum(EVENT_STATES).optional(),
  acked: z.enum(['true', 'false']).optional(),
  from: time.optional(),
  to: time.optional(),
});
export const eventListQuery = pageQuery.extend(eventFields.shape);
export type EventListQuery = Partial<z.output<typeof eventListQuery>>;
/** The same without paging (the events export). */
export const eventsFilter = eventFields;
export const eventPage = pageOf(eventRow);
export type EventPage = z.infer<typeof eventPage>;
export const eventParams = z.object({ id: z.coerce.number().int().positive() });
const commentText = trimmedText(500).pipe(z.string().min(1, 'validation.event.comment'));
export const eventAckBody = z.object({ comment: trimmedText(500).optional() });
export const eventCommentBody = z.object({ text: commentText });
export const eventAssignBody = z.object({ username: trimmedText(20).pipe(z.string().min(1, 'validation.event.assignee')).nullable() });
export const deviceEventsQuery = pageQuery.extend({ state: z.enum(EVENT_STATES).optional() });
