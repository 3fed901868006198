import {
  isCombination,
  leafCondition,
  leaves,
  ruleBody,
  type CompareOp,
  type Language,
  type LeafKind,
  type RuleCondition,
  type RuleDetail,
  type RuleInput,
  type RuleLeaf,
  type Severity,
} from '@dms/contract';
import type { Problem } from '@/components/forms/issues';

/**
 * The rule form's state: the rule as it is being written, with every field of every kind of condition kept, so that
 * changing a condition's kind, or turning a combination back into one condition, loses nothing typed. `toBody` makes
 * the body the contract checks (`ruleBody`); the problems are those of that same schema, each at the path the server
 * would name (`condition.conditions.1.value`), so the server's refusals and the console's own land on the same field.
 */

/** One condition, or all (AND) or any (OR) of 2 to 8. */
export type Join = 'one' | 'all' | 'any';

/** One condition as it is edited: every kind's fields; a number not typed yet is null. */
export interface LeafDraft {
  kind: LeafKind;
  register: number | null;
  op: CompareOp;
  value: number | null;
  inside: boolean;
  low: number | null;
  high: number | null;
  bit: number | null;
  set: boolean;
  direction: 'rise' | 'fall';
  amount: number | null;
  windowS: number | null;
  minutes: number | null;
}

export interface ConditionDraft {
  join: Join;
  /** One part when `join` is 'one' (the others are kept, unused, for a switch back). */
  parts: LeafDraft[];
}

export interface RuleDraft {
  name: string;
  typeId: number | null;
  deviceIds: number[];
  cks: string[];
  condition: ConditionDraft;
  /** Whether the event ends on a condition of its own (`clear`), not on its condition stopping with the hysteresis. */
  clearOn: boolean;
  clear: ConditionDraft;
  hysteresis: number | null;
  durationS: number | null;
  debounceS: number | null;
  severity: Severity;
  text: Record<Language, string>;
  enabled: boolean;
}

export function blankLeaf(): LeafDraft {
  return {
    kind: 'compare',
    register: null,
    op: '>',
    value: null,
    inside: false,
    low: null,
    high: null,
    bit: 0,
    set: true,
    direction: 'rise',
    amount: null,
    windowS: 60,
    minutes: 10,
  };
}

export function blankCondition(): ConditionDraft {
  return { join: 'one', parts: [blankLeaf()] };
}

/** A new rule: off, a fault, holding at once and ending at once. */
export function newDraft(): RuleDraft {
  return {
    name: '',
    typeId: null,
    deviceIds: [],
    cks: [],
    condition: blankCondition(),
    clearOn: false,
    clear: blankCondition(),
    hysteresis: 0,
    durationS: 0,
    debounceS: 0,
    severity: 'fault',
    text: { en: '', zh: '', es: '', ja: '' },
    enabled: false,
  };
}

function leafDraftOf(leaf: RuleLeaf): LeafDraft {
  return { ...blankLeaf(), ...leaf };
}

export function conditionDraftOf(condition: RuleCondition): ConditionDraft {
  if (!isCombination(condition)) return { join: 'one', parts: [leafDraftOf(condition)] };
  return { join: condition.kind, parts: leaves(condition).map(leafDraftOf) };
}

/** A saved rule in the form (its latest version). */
export function draftOf(rule: RuleDetail): RuleDraft {
  return {
    name: rule.name,
    typeId: rule.typeId,
    deviceIds: rule.deviceIds,
    cks: rule.cks,
    condition: conditionDraftOf(rule.condition),
    clearOn: rule.clear !== undefined,
    clear: rule.clear ? conditionDraftOf(rule.clear) : blankCondition(),
    hysteresis: rule.hysteresis,
    durationS: rule.durationS,
    debounceS: rule.debounceS,
    severity: rule.severity,
    text: { ...rule.text },
    enabled: rule.enabled,
  };
}

/** The parts a condition uses: the first alone, or all of them for a combination. */
export function usedParts(condition: ConditionDraft): LeafDraft[] {
  return condition.join === 'one' ? condition.parts.slice(0, 1) : condition.parts;
}

/** A number as sent: one not typed yet is left out, so that the schema names the field. */
const num = (n: number | null) => (n === null ? undefined : n);

/** A condition's fields as the body sends them: its kind's, nothing else. */
function leafBody(d: LeafDraft): Record<string, unknown> {
  switch (d.kind) {
    case 'compare':
      return { kind: d.kind, register: num(d.register), op: d.op, value: num(d.value) };
    case 'band':
      return { kind: d.kind, register: num(d.register), inside: d.inside, low: num(d.low), high: num(d.high) };
    case 'bit':
      return { kind: d.kind, register: num(d.register), bit: num(d.bit), set: d.set };
    case 'rate':
      return { kind: d.kind, register: num(d.register), direction: d.direction, amount: num(d.amount), windowS: num(d.windowS) };
    case 'offline':
      return { kind: d.kind, minutes: num(d.minutes) };
  }
}

function conditionBody(d: ConditionDraft): Record<string, unknown> {
  const parts = usedParts(d).map(leafBody);
  return d.join === 'one' ? (parts[0] ?? {}) : { kind: d.join, conditions: parts };
}

/** The draft as the contract's body before it is checked (what `ruleBody` parses). */
export function bodyOf(d: RuleDraft): Record<string, unknown> {
  return {
    name: d.name,
    typeId: num(d.typeId),
    deviceIds: d.deviceIds,
    cks: d.cks,
    condition: conditionBody(d.condition),
    ...(d.clearOn ? { clear: conditionBody(d.clear) } : {}),
    // With a clear condition the hysteresis is not used: what was typed is kept as it is.
    hysteresis: d.clearOn ? (d.hysteresis ?? 0) : num(d.hysteresis),
    durationS: num(d.durationS),
    debounceS: num(d.debounceS),
    severity: d.severity,
    text: d.text,
    enabled: d.enabled,
  };
}

/**
 * A condition for the words shown while it is built: a number not typed yet is NaN, a register not chosen -1 (the
 * words read "…" for them).
 */
export function previewCondition(d: ConditionDraft): RuleCondition {
  const leaf = (p: LeafDraft): RuleLeaf => {
    const n = (v: number | null) => v ?? Number.NaN;
    const register = p.register ?? -1;
    switch (p.kind) {
      case 'compare':
        return { kind: 'compare', register, op: p.op, value: n(p.value) };
      case 'band':
        return { kind: 'band', register, inside: p.inside, low: n(p.low), high: n(p.high) };
      case 'bit':
        return { kind: 'bit', register, bit: n(p.bit), set: p.set };
      case 'rate':
        return { kind: 'rate', register, direction: p.direction, amount: n(p.amount), windowS: n(p.windowS) };
      case 'offline':
        return { kind: 'offline', minutes: n(p.minutes) };
    }
  };
  const parts = usedParts(d).map(leaf);
  if (d.join === 'one' || parts.length === 0) return parts[0] ?? leaf(blankLeaf());
  return { kind: d.join, conditions: parts };
}

/** One problem: where (the body's path, dotted) and the message key with its field. */
/**
 * The problems of one condition where the schema's union says only "the condition" (a part that matches no kind):
 * each part checked alone, at its own path.
 */
function partProblems(prefix: string, d: ConditionDraft): Problem[] {
  return usedParts(d).flatMap((part, i) => {
    const parsed = leafCondition.safeParse(leafBody(part));
    if (parsed.success) return [];
    const at = d.join === 'one' ? prefix : `${prefix}.conditions.${i}`;
    return parsed.error.issues.map((issue) => ({ path: [at, ...issue.path.map(String)].join('.'), key: issue.message }));
  });
}

/** The draft checked with the contract's schema: the body to send, or the problems at their paths. */
export function checkDraft(d: RuleDraft): { ok: true; body: RuleInput } | { ok: false; problems: Problem[] } {
  const parsed = ruleBody.safeParse(bodyOf(d));
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems = parsed.error.issues.flatMap((issue): Problem[] => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'invalid_union' && (path === 'condition' || path === 'clear')) {
      const parts = partProblems(path, path === 'condition' ? d.condition : d.clear);
      if (parts.length > 0) return parts;
    }
    return [{ path, key: issue.message }];
  });
  return { ok: false, problems };
}
