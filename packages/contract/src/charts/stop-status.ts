import { leafHolds, type Sample } from '../events/engine.js';
import {
  MAX_STOP_SEGMENTS,
  STOP_STATES,
  type RunState,
  type StopSegment,
  type StopState,
  type StopStatusDefinition,
  type StopTotals,
} from './schemas.js';

/*
 * Stop-status segmentation (docs/charts.md), pure: the same on the server (the timeline and utilisation) and in tests.
 * A snapshot's state holds from its time until the next snapshot, or for the chart's gap at most; time with no
 * snapshot within the gap before it is offline, a state of its own. The segments partition the window exactly: their
 * lengths, and the totals, always sum to it.
 */

/** The state a snapshot says: the first of the chart's states whose test holds, else its `otherwise`. */
export function runStateOf(def: Pick<StopStatusDefinition, 'states' | 'otherwise'>, sample: Sample): RunState {
  for (const { state, when } of def.states) if (leafHolds(when, sample) === true) return state;
  return def.otherwise;
}

export function zeroTotals(): StopTotals {
  return Object.fromEntries(STOP_STATES.map((s) => [s, 0])) as StopTotals;
}

export interface StateAt {
  ts: number;
  state: RunState;
}

/**
 * Cuts [from, to) into segments from states in time order. `before` is the last state known before `from` (it holds
 * into the window for the gap at most). States before the window's start, at or past its end, or earlier than one
 * already pushed are ignored.
 */
export class Segmenter {
  readonly segments: StopSegment[] = [];
  readonly totals = zeroTotals();
  private cursor: number;
  private last: StateAt | null;

  constructor(
    readonly from: number,
    readonly to: number,
    private readonly gapMs: number,
    before: StateAt | null = null,
  ) {
    this.cursor = from;
    this.last = before && before.ts < from ? before : null;
  }

  push(at: StateAt): void {
    if (at.ts < this.cursor || at.ts >= this.to) return;
    this.fill(at.ts);
    this.last = at;
  }

  /** Fills the rest of the window; the segments and totals are then final. */
  finish(): { segments: StopSegment[]; totals: StopTotals } {
    this.fill(this.to);
    return { segments: this.segments, totals: this.totals };
  }

  /** Covers [cursor, until) with the last state while it is fresh, then offline. */
  private fill(until: number): void {
    if (until <= this.cursor) return;
    const fresh = this.last ? this.last.ts + this.gapMs : -Infinity;
    if (this.last && fresh > this.cursor) this.add(this.last.state, this.cursor, Math.min(until, fresh));
    if (fresh < until) this.add('offline', Math.max(this.cursor, fresh), until);
    this.cursor = until;
  }

  private add(state: StopState, from: number, to: number): void {
    if (to <= from) return;
    this.totals[state] += to - from;
    const prev = this.segments.at(-1);
    if (prev && prev.state === state && prev.to === from) prev.to = to;
    else this.segments.push({ state, from, to });
  }
}

/** Share of `totals`' time in the working states (0 when the totals hold no time). */
export function utilisationOf(totals: StopTotals, working: readonly RunState[]): number {
  let all = 0;
  let busy = 0;
  for (const s of STOP_STATES) all += totals[s];
  for (const s of working) busy += totals[s];
  return all > 0 ? busy / all : 0;
}

/**
 * The totals per day of segments that cover [from, from + days × dayMs): each day gets the part of each segment in it.
 * Days at or past `until` (the present) hold what was covered of them.
 */
export function totalsPerDay(segments: readonly StopSegment[], from: number, days: number, dayMs = 86_400_000): StopTotals[] {
  const out = Array.from({ length: days }, zeroTotals);
  for (const seg of segments) {
    let start = Math.max(seg.from, from);
    while (start < seg.to) {
      const day = Math.floor((start - from) / dayMs);
      if (day < 0 || day >= days) break;
      const dayEnd = from + (day + 1) * dayMs;
      const end = Math.min(seg.to, dayEnd);
      const totals = out[day];
      if (totals) totals[seg.state] += end - start;
      start = end;
    }
  }
  return out;
}

/**
 * At most `max` segments for drawing: the shortest join the segment before them (or after, for the first) until few
 * enough are left. The window they cover is unchanged; only the totals, counted before, are exact.
 */
export function thinSegments(segments: readonly StopSegment[], max = MAX_STOP_SEGMENTS): { segments: StopSegment[]; merged: boolean } {
  if (segments.length <= max) return { segments: [...segments], merged: false };
  const first = segments[0];
  const last = segments.at(-1);
  const span = first && last ? last.to - first.from : 0;
  let shortest = span / max / 4;
  let out = segments.map((s) => ({ ...s }));
  while (out.length > max) {
    const next: StopSegment[] = [];
    for (const seg of out) {
      const prev = next.at(-1);
      if (prev && (seg.to - seg.from < shortest || prev.state === seg.state)) prev.to = seg.to;
      else next.push({ ...seg });
    }
    out = next;
    shortest *= 2;
  }
  return { segments: out, merged: true };
}
