import type { RuleCombination, RuleCondition, RuleLeaf, RuleTiming } from './schemas.js';

/*
 * The rule engine's arithmetic (issue 21; docs/events.md), pure, so that ingest's live evaluation and "Test against
 * history" run the same code. A rule's condition is judged on one sample at a time (a device's latest values in
 * engineering units, its online state); a small state machine per rule and device turns those judgements into one
 * start and one end:
 *
 *   idle ──holds──▶ pending ──holds for `durationS`──▶ active ──clears for `debounceS`──▶ idle
 *                      └──stops holding──▶ idle            └── stops clearing ──▶ active (the clock starts again)
 *
 * "Clears" is the rule's clear condition when it has one, else its condition no longer holding with the hysteresis
 * (a threshold moved by `hysteresis` toward clearing). A sample that does not know a register (no value yet) neither
 * holds nor clears: nothing moves. Samples at or before the last one judged are ignored (late and repeated data).
 */

/** What a condition is judged on. */
export interface Sample {
  /** The sample's time (ms). */
  ts: number;
  /** A register's value in engineering units, or undefined when not known. */
  value(register: number): number | undefined;
  /** The register's raw integer (bits are read from it), or undefined. */
  raw(register: number): number | undefined;
  /** The lowest and highest value of a register within `windowMs` before `ts` (including `ts`), or undefined. */
  range(register: number, windowMs: number): { min: number; max: number } | undefined;
  /** How long the device has been offline at `ts` (ms), 0 when online, undefined when never seen. */
  offlineMs: number | undefined;
}

/** true, false, or undefined when the sample lacks what the condition reads. */
export type Verdict = boolean | undefined;

function compare(op: RuleLeaf & { kind: 'compare' }, value: number, threshold: number): boolean {
  switch (op.op) {
    case '>':
      return value > threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '<=':
      return value <= threshold;
    case '=':
      return value === threshold;
    case '!=':
      return value !== threshold;
  }
}

/**
 * Whether a single condition holds. `slack` loosens its threshold toward holding (the hysteresis while an event is
 * active, so that it keeps holding until the value is `slack` past the threshold on the clearing side).
 */
export function leafHolds(c: RuleLeaf, s: Sample, slack = 0): Verdict {
  switch (c.kind) {
    case 'compare': {
      const v = s.value(c.register);
      if (v === undefined) return undefined;
      const shift = c.op === '>' || c.op === '>=' ? -slack : c.op === '<' || c.op === '<=' ? slack : 0;
      return compare(c, v, c.value + shift);
    }
    case 'band': {
      const v = s.value(c.register);
      if (v === undefined) return undefined;
      return c.inside ? v >= c.low - slack && v <= c.high + slack : v < c.low + slack || v > c.high - slack;
    }
    case 'bit': {
      const raw = s.raw(c.register);
      if (raw === undefined) return undefined;
      // On the 32-bit two's complement word, so that a signed register's negative raw value reads its bits too.
      return ((((raw | 0) >>> c.bit) & 1) === 1) === c.set;
    }
    case 'rate': {
      const v = s.value(c.register);
      const r = s.range(c.register, c.windowS * 1000);
      if (v === undefined || r === undefined) return undefined;
      return c.direction === 'rise' ? v - r.min >= c.amount - slack : r.max - v >= c.amount - slack;
    }
    case 'offline': {
      if (s.offlineMs === undefined) return undefined;
      return s.offlineMs >= c.minutes * 60_000;
    }
  }
}

/** Whether a condition holds: a combination is all (AND) or any (OR) of its parts; an unknown part is unknown. */
export function conditionHolds(c: RuleCondition, s: Sample, slack = 0): Verdict {
  if (!isCombination(c)) return leafHolds(c, s, slack);
  let unknown = false;
  for (const part of c.conditions) {
    const v = leafHolds(part, s, slack);
    if (v === undefined) unknown = true;
    else if (c.kind === 'all' && !v) return false;
    else if (c.kind === 'any' && v) return true;
  }
  return unknown ? undefined : c.kind === 'all';
}

/** The leaves of a condition (itself, or a combination's parts). */
export function leaves(c: RuleCondition): RuleLeaf[] {
  return isCombination(c) ? c.conditions : [c];
}

/** Whether a condition is an AND / OR of parts. */
export function isCombination(c: RuleCondition): c is RuleCombination {
  return c.kind === 'all' || c.kind === 'any';
}

/** The registers a condition reads, distinct. */
export function conditionRegisters(c: RuleCondition): number[] {
  const out = new Set<number>();
  for (const l of leaves(c)) if (l.kind !== 'offline') out.add(l.register);
  return [...out];
}

/** Whether a condition reads the device's offline time: such rules are judged by the clock, not by samples. */
export function readsOffline(c: RuleCondition): boolean {
  return leaves(c).some((l) => l.kind === 'offline');
}

/** The longest rate window a condition reads (ms); 0 when none. */
export function rateWindowMs(c: RuleCondition): number {
  return Math.max(0, ...leaves(c).map((l) => (l.kind === 'rate' ? l.windowS * 1000 : 0)));
}

/** The register and threshold an event's value and text speak of: the first leaf that reads a register. */
export function primaryLeaf(c: RuleCondition): { register: number; threshold: number | null } | null {
  for (const l of leaves(c)) {
    if (l.kind === 'compare') return { register: l.register, threshold: l.value };
    if (l.kind === 'band') return { register: l.register, threshold: l.inside ? l.low : l.high };
    if (l.kind === 'rate') return { register: l.register, threshold: l.amount };
    if (l.kind === 'bit') return { register: l.register, threshold: null };
  }
  return null;
}

export const RULE_PHASES = ['idle', 'pending', 'active'] as const;
export type RulePhase = (typeof RULE_PHASES)[number];

/** Where one rule stands for one device: what the server persists, so a restart picks it up where it was. */
export interface RuleState {
  phase: RulePhase;
  /** pending: since when the condition holds; active: when the event started. */
  since: number;
  /** active: since when it clears (the debounce runs), or null. */
  clearSince: number | null;
  /** The last sample judged (ms); older or equal samples are ignored. */
  lastTs: number;
  /** active: the value at start and the peak (the value furthest on the condition's side), or null. */
  startValue: number | null;
  peak: number | null;
}

export const IDLE: RuleState = {
  phase: 'idle',
  since: 0,
  clearSince: null,
  lastTs: Number.NEGATIVE_INFINITY,
  startValue: null,
  peak: null,
};

/** What a step did: nothing, a state change worth persisting, or an event's start or end. */
export type StepOutcome = 'none' | 'moved' | 'started' | 'ended';

export interface RuleDefinition extends RuleTiming {
  condition: RuleCondition;
  clear?: RuleCondition | undefined;
}

/**
 * Whether `b` is further than `a` on the side the condition fires, by its primary part (the register an event records):
 * lower for < ≤ and a falling rate; further from the band's middle outside it, nearer inside it; else higher.
 */
function furtherThan(c: RuleCondition, a: number, b: number): boolean {
  const l = leaves(c).find((x) => x.kind !== 'offline');
  if (l?.kind === 'band') {
    const mid = (l.low + l.high) / 2;
    return l.inside ? Math.abs(b - mid) < Math.abs(a - mid) : Math.abs(b - mid) > Math.abs(a - mid);
  }
  const lower = (l?.kind === 'compare' && (l.op === '<' || l.op === '<=')) || (l?.kind === 'rate' && l.direction === 'fall');
  return lower ? b < a : b > a;
}

/**
 * One step of the machine: the rule judged on a sample. Answers the new state (the same object when nothing moved)
 * and what happened. `valueOf` is the value an event records (its primary register's), when there is one.
 */
export function step(rule: RuleDefinition, state: RuleState, s: Sample): { state: RuleState; outcome: StepOutcome } {
  if (s.ts <= state.lastTs) return { state, outcome: 'none' };
  const primary = primaryLeaf(rule.condition);
  const value = primary ? (s.value(primary.register) ?? null) : null;
  if (state.phase !== 'active') {
    const holds = conditionHolds(rule.condition, s);
    if (holds === undefined) return { state: { ...state, lastTs: s.ts }, outcome: 'none' };
    if (!holds) {
      return state.phase === 'idle'
        ? { state: { ...state, lastTs: s.ts }, outcome: 'none' }
        : { state: { ...IDLE, lastTs: s.ts }, outcome: 'moved' };
    }
    const since = state.phase === 'pending' ? state.since : s.ts;
    if (s.ts - since >= rule.durationS * 1000) {
      return {
        state: { phase: 'active', since: s.ts, clearSince: null, lastTs: s.ts, startValue: value, peak: value },
        outcome: 'started',
      };
    }
    if (state.phase === 'pending') return { state: { ...state, lastTs: s.ts }, outcome: 'none' };
    return { state: { ...IDLE, phase: 'pending', since, lastTs: s.ts }, outcome: 'moved' };
  }
  const peak = value === null ? state.peak : state.peak === null || furtherThan(rule.condition, state.peak, value) ? value : state.peak;
  const clears = rule.clear ? conditionHolds(rule.clear, s) : negate(conditionHolds(rule.condition, s, rule.hysteresis));
  if (clears === undefined) return { state: { ...state, lastTs: s.ts, peak }, outcome: 'none' };
  if (!clears) {
    const moved = state.clearSince !== null;
    return { state: { ...state, clearSince: null, lastTs: s.ts, peak }, outcome: moved ? 'moved' : 'none' };
  }
  const clearSince = state.clearSince ?? s.ts;
  if (s.ts - clearSince >= rule.debounceS * 1000) return { state: { ...IDLE, lastTs: s.ts }, outcome: 'ended' };
  return { state: { ...state, clearSince, lastTs: s.ts, peak }, outcome: state.clearSince === null ? 'moved' : 'none' };
}

function negate(v: Verdict): Verdict {
  return v === undefined ? undefined : !v;
}

/** One event a replay found: when it started and ended (null: still active at the end), and its values. */
export interface ReplayedEvent {
  startedAt: number;
  endedAt: number | null;
  startValue: number | null;
  peak: number | null;
}

/** A replay in progress: push samples in time order; `events` holds what they started and ended so far. */
export function replayer(rule: RuleDefinition): { events: ReplayedEvent[]; push(s: Sample): void } {
  const events: ReplayedEvent[] = [];
  let state = IDLE;
  let open: ReplayedEvent | null = null;
  return {
    events,
    push(s) {
      const r = step(rule, state, s);
      state = r.state;
      if (r.outcome === 'started') {
        open = { startedAt: s.ts, endedAt: null, startValue: state.startValue, peak: state.peak };
        events.push(open);
      } else if (open) {
        if (r.outcome === 'ended') {
          open.endedAt = s.ts;
          open = null;
        } else open.peak = state.peak;
      }
    },
  };
}

/** Runs a rule over samples in time order (Test against history): the events it would have started and ended. */
export function replay(rule: RuleDefinition, samples: Iterable<Sample>): ReplayedEvent[] {
  const r = replayer(rule);
  for (const s of samples) r.push(s);
  return r.events;
}
