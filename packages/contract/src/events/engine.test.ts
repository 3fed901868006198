import { describe, expect, it } from 'vitest';
import {
  IDLE,
  conditionHolds,
  conditionRegisters,
  leafHolds,
  primaryLeaf,
  rateWindowMs,
  readsOffline,
  replay,
  replayer,
  step,
  type ReplayedEvent,
  type RuleDefinition,
  type RuleState,
  type Sample,
  type StepOutcome,
  type Verdict,
} from '../events/engine.js';
import type { CompareOp, RuleCondition, RuleLeaf, RuleTiming } from '../events/schemas.js';

// ---- Samples ----

/** Values (or raw words) by register number. */
type Values = Readonly<Record<number, number>>;

/** One point of a device's history: its time, its values, raw words when they differ from the values, offline time. */
interface Point {
  ts: number;
  v?: Values;
  raw?: Values;
  /** Omitted: online (0); present and undefined: never seen. */
  offlineMs?: number | undefined;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Samples from points in time order. `raw` defaults to the value; `range` is computed from the points given so far
 * whose time is within the window before the sample's (inclusive on both ends); `offlineMs` defaults to 0 (online).
 */
function samples(points: readonly Point[]): Sample[] {
  return points.map((p, i) => {
    const sofar = points.slice(0, i + 1);
    return {
      ts: p.ts,
      value: (r) => p.v?.[r],
      raw: (r) => p.raw?.[r] ?? p.v?.[r],
      range(r, windowMs) {
        const within = sofar.filter((q) => q.ts >= p.ts - windowMs && q.ts <= p.ts).map((q) => q.v?.[r]);
        const known = within.filter((x): x is number => x !== undefined);
        return known.length === 0 ? undefined : { min: Math.min(...known), max: Math.max(...known) };
      },
      offlineMs: 'offlineMs' in p ? p.offlineMs : 0,
    };
  });
}

/** One sample at time 0. */
function one(v: Values, more: Omit<Point, 'ts' | 'v'> = {}): Sample {
  const [s] = samples([{ ts: 0, v, ...more }]);
  if (!s) throw new Error('no sample');
  return s;
}

/** The last of several samples (for conditions that read a window). */
function last(points: readonly Point[]): Sample {
  const s = samples(points).at(-1);
  if (!s) throw new Error('no sample');
  return s;
}

/** Register 1's values, one sample every `every` ms from `start`; null: the register is not known in that sample. */
function wave(values: readonly (number | null)[], every = SECOND, start = 0): Sample[] {
  return samples(values.map((x, i): Point => ({ ts: start + i * every, v: x === null ? {} : { 1: x } })));
}

/** Register 1's values at the given times (seconds); null: not known. */
function at(points: readonly (readonly [number, number | null])[]): Sample[] {
  return samples(points.map(([s, x]): Point => ({ ts: s * SECOND, v: x === null ? {} : { 1: x } })));
}

// ---- Rules and runs ----

const gt = (value: number, register = 1): RuleLeaf => ({ kind: 'compare', register, op: '>', value });
const lt = (value: number, register = 1): RuleLeaf => ({ kind: 'compare', register, op: '<', value });

function rule(condition: RuleCondition, timing: Partial<RuleTiming> = {}, clear?: RuleCondition): RuleDefinition {
  return { condition, durationS: 0, hysteresis: 0, debounceS: 0, ...timing, ...(clear ? { clear } : {}) };
}

interface Mark {
  ts: number;
  outcome: StepOutcome;
}

/** Steps a rule over samples from a state: the final state, every outcome, and the starts and ends. */
function drive(r: RuleDefinition, from: RuleState, ss: readonly Sample[]): { state: RuleState; outcomes: StepOutcome[]; marks: Mark[] } {
  let state = from;
  const outcomes: StepOutcome[] = [];
  const marks: Mark[] = [];
  for (const s of ss) {
    const out = step(r, state, s);
    state = out.state;
    outcomes.push(out.outcome);
    if (out.outcome === 'started' || out.outcome === 'ended') marks.push({ ts: s.ts, outcome: out.outcome });
  }
  return { state, outcomes, marks };
}

/** The events of a replay as [startedAt, endedAt]. */
const spans = (r: RuleDefinition, ss: Iterable<Sample>): [number, number | null][] => replay(r, ss).map((e) => [e.startedAt, e.endedAt]);

/** A state as the server persists and reads it back. */
const throughJson = (s: RuleState): RuleState => JSON.parse(JSON.stringify(s)) as RuleState;

// ---- Single conditions ----

describe('comparison', () => {
  const CASES: [CompareOp, number, boolean][] = [
    ['>', 9.9, false],
    ['>', 10, false],
    ['>', 10.1, true],
    ['>=', 9.9, false],
    ['>=', 10, true],
    ['>=', 10.1, true],
    ['<', 9.9, true],
    ['<', 10, false],
    ['<', 10.1, false],
    ['<=', 9.9, true],
    ['<=', 10, true],
    ['<=', 10.1, false],
    ['=', 9.9, false],
    ['=', 10, true],
    ['=', 10.1, false],
    ['!=', 9.9, true],
    ['!=', 10, false],
    ['!=', 10.1, true],
  ];
  it.each(CASES)('value %s 10 on %d: %s', (op, value, want) => {
    const c: RuleLeaf = { kind: 'compare', register: 1, op, value: 10 };
    expect(leafHolds(c, one({ 1: value }))).toBe(want);
    expect(conditionHolds(c, one({ 1: value }))).toBe(want);
  });

  // The slack (hysteresis while active) moves the threshold toward holding; = and ≠ have no side to move toward.
  const SLACK: [CompareOp, number, boolean][] = [
    ['>', 9.01, true],
    ['>', 9, false],
    ['>=', 9, true],
    ['>=', 8.99, false],
    ['<', 10.99, true],
    ['<', 11, false],
    ['<=', 11, true],
    ['<=', 11.01, false],
    ['=', 10, true],
    ['=', 10.5, false],
    ['!=', 10, false],
    ['!=', 10.5, true],
  ];
  it.each(SLACK)('value %s 10 with a slack of 1 on %d: %s', (op, value, want) => {
    expect(leafHolds({ kind: 'compare', register: 1, op, value: 10 }, one({ 1: value }), 1)).toBe(want);
  });
});

describe('band', () => {
  const CASES: [boolean, number, number, boolean][] = [
    // inside, slack, value, holds
    [true, 0, 9.99, false],
    [true, 0, 10, true],
    [true, 0, 15, true],
    [true, 0, 20, true],
    [true, 0, 20.01, false],
    [false, 0, 9.99, true],
    [false, 0, 10, false],
    [false, 0, 15, false],
    [false, 0, 20, false],
    [false, 0, 20.01, true],
    [true, 1, 9, true],
    [true, 1, 8.99, false],
    [true, 1, 21, true],
    [true, 1, 21.01, false],
    [false, 1, 10.99, true],
    [false, 1, 11, false],
    [false, 1, 19, false],
    [false, 1, 19.01, true],
  ];
  it.each(CASES)('inside=%s [10, 20], slack %d, on %d: %s', (inside, slack, value, want) => {
    expect(leafHolds({ kind: 'band', register: 1, inside, low: 10, high: 20 }, one({ 1: value }), slack)).toBe(want);
  });
});

describe('bit', () => {
  const WORD = 0b1010_0101; // 165: bits 0, 2, 5 and 7 set
  const CASES: [number, boolean, boolean][] = [
    [0, true, true],
    [1, true, false],
    [2, true, true],
    [3, true, false],
    [5, true, true],
    [6, true, false],
    [7, true, true],
    [8, true, false],
    [15, true, false],
    [0, false, false],
    [1, false, true],
    [6, false, true],
    [7, false, false],
  ];
  it.each(CASES)('bit %d set=%s of 0b10100101: %s', (bit, set, want) => {
    // The value (scaled) differs from the raw word: the bit is read from the raw word.
    expect(leafHolds({ kind: 'bit', register: 1, bit, set }, one({ 1: 16.5 }, { raw: { 1: WORD } }))).toBe(want);
  });

  it.each([
    [0xffff, 15, true],
    [0xffff, 16, false],
    [0x8000_0000, 31, true],
    [0x8000_0000, 30, false],
    [0x7fff_ffff, 31, false],
    [0x7fff_ffff, 30, true],
  ])('word %d: bit %d set → %s', (word, bit, want) => {
    expect(leafHolds({ kind: 'bit', register: 1, bit, set: true }, one({ 1: word }))).toBe(want);
  });

  it('reads the value when there is no separate raw word', () => {
    expect(leafHolds({ kind: 'bit', register: 1, bit: 2, set: true }, one({ 1: 4 }))).toBe(true);
    expect(leafHolds({ kind: 'bit', register: 1, bit: 1, set: true }, one({ 1: 4 }))).toBe(false);
  });

  // A signed register's raw integer is negative (registerRaw gives -1 for the word 0xFFFF, -32768 for 0x8000): its bits
  // are read on the two's complement word (0xFFFF has all 16 bits set, 0x8000 has bit 15 set).
  it.each([
    [-1, 0],
    [-1, 15],
    [-32_768, 15],
    [-125, 0], // 0xFF83
    [-125, 7],
  ])('reads bits of a negative (signed) raw %d as two’s complement: bit %d set', (raw, bit) => {
    expect(leafHolds({ kind: 'bit', register: 1, bit, set: true }, one({ 1: raw }))).toBe(true);
  });
});

describe('rate of change (one sample, its window)', () => {
  const rise = (amount: number, windowS = 60): RuleLeaf => ({ kind: 'rate', register: 1, direction: 'rise', amount, windowS });
  const fall = (amount: number, windowS = 60): RuleLeaf => ({ kind: 'rate', register: 1, direction: 'fall', amount, windowS });
  const pts = (xs: readonly (readonly [number, number])[]): Point[] => xs.map(([s, x]) => ({ ts: s * SECOND, v: { 1: x } }));

  const CASES: { name: string; c: RuleLeaf; points: Point[]; want: Verdict }[] = [
    {
      name: 'a rise of exactly the amount within the window',
      c: rise(10),
      points: pts([
        [0, 50],
        [20, 55],
        [40, 60],
      ]),
      want: true,
    },
    {
      name: 'a rise just short of the amount',
      c: rise(10),
      points: pts([
        [0, 50],
        [40, 59.9],
      ]),
      want: false,
    },
    {
      name: 'a rise measured against the lowest value, not the first',
      c: rise(10),
      points: pts([
        [0, 50],
        [10, 45],
        [20, 55],
      ]),
      want: true,
    },
    {
      name: 'a rise whose low left the window',
      c: rise(10),
      points: pts([
        [0, 40],
        [70, 45],
        [80, 49],
      ]),
      want: false,
    },
    {
      name: 'a fall from the highest value in the window',
      c: fall(10),
      points: pts([
        [0, 80],
        [20, 75],
        [30, 70],
      ]),
      want: true,
    },
    {
      name: 'a fall just short of the amount',
      c: fall(10),
      points: pts([
        [0, 80],
        [30, 70.1],
      ]),
      want: false,
    },
    {
      name: 'a fall whose high left the window',
      c: fall(10),
      points: pts([
        [0, 80],
        [61, 75],
        [70, 71],
      ]),
      want: false,
    },
    {
      name: 'a fall does not fire on a rise',
      c: fall(10),
      points: pts([
        [0, 50],
        [30, 70],
      ]),
      want: false,
    },
    {
      name: 'a rise does not fire on a fall',
      c: rise(10),
      points: pts([
        [0, 70],
        [30, 50],
      ]),
      want: false,
    },
  ];
  it.each(CASES)('$name: $want', ({ c, points, want }) => {
    expect(leafHolds(c, last(points))).toBe(want);
  });

  it('loosens the amount by the slack', () => {
    const s = last(
      pts([
        [0, 50],
        [30, 58],
      ]),
    );
    expect(leafHolds(rise(10), s, 2)).toBe(true);
    expect(leafHolds(rise(10), s, 1.9)).toBe(false);
  });
});

describe('offline', () => {
  const c: RuleLeaf = { kind: 'offline', minutes: 15 };
  it.each([
    [0, false],
    [14 * MINUTE, false],
    [15 * MINUTE - 1, false],
    [15 * MINUTE, true],
    [15 * MINUTE + 1, true],
    [3 * 60 * MINUTE, true],
  ])('offline for %d ms: %s', (offlineMs, want) => {
    expect(conditionHolds(c, one({}, { offlineMs }))).toBe(want);
  });

  it('is unknown for a device never seen', () => {
    expect(conditionHolds(c, one({}, { offlineMs: undefined }))).toBeUndefined();
  });

  const READS: [string, RuleCondition, boolean][] = [
    ['offline alone', c, true],
    ['a comparison', gt(10), false],
    ['AND containing offline', { kind: 'all', conditions: [gt(10), c] }, true],
    ['OR containing offline', { kind: 'any', conditions: [c, lt(3, 2)] }, true],
    ['OR without offline', { kind: 'any', conditions: [gt(10), { kind: 'bit', register: 2, bit: 0, set: true }] }, false],
  ];
  it.each(READS)('readsOffline: %s → %s', (_name, cond, want) => {
    expect(readsOffline(cond)).toBe(want);
  });

  it('starts after 15 minutes offline and ends when the device is back', () => {
    // A clock tick every minute: online until minute 3, offline from then, back at minute 25.
    const points: Point[] = [];
    for (let m = 0; m <= 30; m++) points.push({ ts: m * MINUTE, offlineMs: m < 3 || m >= 25 ? 0 : (m - 3) * MINUTE });
    expect(spans(rule(c), samples(points))).toEqual([[18 * MINUTE, 25 * MINUTE]]);
  });
});

describe('unknown registers', () => {
  const CASES: [string, RuleLeaf][] = [
    ['compare', gt(10, 2)],
    ['band', { kind: 'band', register: 2, inside: true, low: 0, high: 10 }],
    ['bit', { kind: 'bit', register: 2, bit: 0, set: false }],
    ['rate', { kind: 'rate', register: 2, direction: 'rise', amount: 1, windowS: 60 }],
  ];
  it.each(CASES)('%s on a register the sample does not know: undefined', (_name, c) => {
    expect(leafHolds(c, one({ 1: 5 }))).toBeUndefined();
    expect(conditionHolds(c, one({ 1: 5 }))).toBeUndefined();
  });
});

describe('AND / OR', () => {
  // Register 1 is 5; register 9 is not known.
  const T = gt(0);
  const F = gt(100);
  const U = gt(0, 9);
  const CASES: [string, RuleCondition, Verdict][] = [
    ['all [T, T]', { kind: 'all', conditions: [T, T] }, true],
    ['all [T, F]', { kind: 'all', conditions: [T, F] }, false],
    ['all [T, U]', { kind: 'all', conditions: [T, U] }, undefined],
    ['all [U, T]', { kind: 'all', conditions: [U, T] }, undefined],
    ['all [F, U]', { kind: 'all', conditions: [F, U] }, false],
    ['all [U, F]', { kind: 'all', conditions: [U, F] }, false],
    ['all [U, U]', { kind: 'all', conditions: [U, U] }, undefined],
    ['all [T, U, F]', { kind: 'all', conditions: [T, U, F] }, false],
    ['any [F, F]', { kind: 'any', conditions: [F, F] }, false],
    ['any [F, T]', { kind: 'any', conditions: [F, T] }, true],
    ['any [T, U]', { kind: 'any', conditions: [T, U] }, true],
    ['any [U, T]', { kind: 'any', conditions: [U, T] }, true],
    ['any [F, U]', { kind: 'any', conditions: [F, U] }, undefined],
    ['any [U, F]', { kind: 'any', conditions: [U, F] }, undefined],
    ['any [U, U]', { kind: 'any', conditions: [U, U] }, undefined],
    ['any [F, U, T]', { kind: 'any', conditions: [F, U, T] }, true],
  ];
  it.each(CASES)('%s → %s', (_name, c, want) => {
    expect(conditionHolds(c, one({ 1: 5 }))).toBe(want);
  });

  it('passes the slack to every part', () => {
    const c: RuleCondition = { kind: 'all', conditions: [gt(10), lt(0, 2)] };
    const s = one({ 1: 9.5, 2: 0.5 });
    expect(conditionHolds(c, s)).toBe(false);
    expect(conditionHolds(c, s, 1)).toBe(true);
  });
});

// ---- The state machine ----

describe('duration', () => {
  const CASES: { name: string; durationS: number; points: [number, number | null][]; starts: number[] }[] = [
    {
      name: 'starts at the first sample 10 s after the condition began holding',
      durationS: 10,
      points: [
        [0, 101],
        [2, 101],
        [4, 101],
        [6, 101],
        [8, 101],
        [10, 101],
        [12, 101],
      ],
      starts: [10_000],
    },
    {
      name: 'with samples every 3 s, starts at the first one past 10 s',
      durationS: 10,
      points: [
        [0, 101],
        [3, 101],
        [6, 101],
        [9, 101],
        [12, 101],
        [15, 101],
      ],
      starts: [12_000],
    },
    {
      name: 'a dip before the duration resets the wait',
      durationS: 10,
      points: [
        [0, 101],
        [2, 101],
        [4, 101],
        [6, 99],
        [8, 101],
        [10, 101],
        [12, 101],
        [16, 101],
        [18, 101],
        [20, 101],
      ],
      starts: [18_000],
    },
    {
      name: 'a dip just before the duration resets the wait',
      durationS: 10,
      points: [
        [0, 101],
        [8, 101],
        [9, 100],
        [10, 101],
        [19, 101],
        [20, 101],
      ],
      starts: [20_000],
    },
    {
      name: 'never long enough: no event',
      durationS: 10,
      points: [
        [0, 101],
        [4, 101],
        [8, 99],
        [10, 101],
        [14, 101],
        [18, 99],
        [30, 99],
      ],
      starts: [],
    },
    {
      name: 'a sample without the register neither holds nor resets the wait',
      durationS: 10,
      points: [
        [0, 101],
        [4, null],
        [10, 101],
      ],
      starts: [10_000],
    },
    {
      name: 'durationS 0 starts at once',
      durationS: 0,
      points: [
        [0, 99],
        [2, 101],
        [4, 101],
      ],
      starts: [2000],
    },
    { name: 'durationS 0 starts on the very first sample', durationS: 0, points: [[5, 101]], starts: [5000] },
  ];
  it.each(CASES)('$name', ({ durationS, points, starts }) => {
    const r = rule(gt(100), { durationS });
    const { marks } = drive(r, IDLE, at(points));
    expect(marks.filter((m) => m.outcome === 'started').map((m) => m.ts)).toEqual(starts);
    expect(replay(r, at(points)).map((e) => e.startedAt)).toEqual(starts);
  });

  it('goes idle → pending → active, recording since when', () => {
    const r = rule(gt(100), { durationS: 10 });
    const ss = at([
      [0, 99],
      [2, 101],
      [6, 101],
      [7, 99],
      [8, 101],
      [18, 101],
    ]);
    const { outcomes } = drive(r, IDLE, ss);
    expect(outcomes).toEqual(['none', 'moved', 'none', 'moved', 'moved', 'started']);
    const states: RuleState[] = [];
    let state = IDLE;
    for (const s of ss) states.push((state = step(r, state, s).state));
    expect(states.map((s) => [s.phase, s.since, s.lastTs])).toEqual([
      ['idle', 0, 0],
      ['pending', 2000, 2000],
      ['pending', 2000, 6000],
      ['idle', 0, 7000],
      ['pending', 8000, 8000],
      ['active', 18_000, 18_000],
    ]);
    expect(state).toMatchObject({ clearSince: null, startValue: 101, peak: 101 });
  });
});

describe('hysteresis', () => {
  const NOISY = [100, 104.8, 105.2, 104.9, 105.3, 104.5, 105.1, 104.2, 104.6, 104.1, 104.05, 103.9, 104.5, 104.9, 103];
  const CASES: { name: string; r: RuleDefinition; values: number[]; events: [number, number | null][] }[] = [
    {
      name: '> 105 with hysteresis 1: one start, one end once below 104',
      r: rule(gt(105), { hysteresis: 1 }),
      values: NOISY,
      events: [[2000, 11_000]],
    },
    {
      name: 'the same signal without hysteresis chatters',
      r: rule(gt(105)),
      values: NOISY,
      events: [
        [2000, 3000],
        [4000, 5000],
        [6000, 7000],
      ],
    },
    {
      name: '> 105 with hysteresis 1 ends at exactly 104 (no longer > 104)',
      r: rule(gt(105), { hysteresis: 1 }),
      values: [106, 104.5, 104],
      events: [[0, 2000]],
    },
    {
      name: '< 10 with hysteresis 2: ends only above 12',
      r: rule(lt(10), { hysteresis: 2 }),
      values: [12, 9.9, 10.1, 9.8, 11.5, 11.9, 10.4, 12.1, 11, 13],
      events: [[1000, 7000]],
    },
    {
      name: 'outside [10, 20] with hysteresis 1: ends only once inside [11, 19]',
      r: rule({ kind: 'band', register: 1, inside: false, low: 10, high: 20 }, { hysteresis: 1 }),
      values: [15, 20.5, 19.5, 20.2, 19.01, 18.99, 21],
      events: [
        [1000, 5000],
        [6000, null],
      ],
    },
    {
      name: 'inside [10, 20] with hysteresis 1: ends only once outside [9, 21]',
      r: rule({ kind: 'band', register: 1, inside: true, low: 10, high: 20 }, { hysteresis: 1 }),
      values: [5, 10, 9.5, 9.2, 20.9, 21.1, 20.5, 25],
      events: [[1000, 5000]],
    },
  ];
  it.each(CASES)('$name', ({ r, values, events }) => {
    expect(spans(r, wave(values))).toEqual(events);
  });

  it('keeps the noisy signal at exactly one start and one end, step by step', () => {
    const { marks } = drive(rule(gt(105), { hysteresis: 1 }), IDLE, wave(NOISY));
    expect(marks).toEqual([
      { ts: 2000, outcome: 'started' },
      { ts: 11_000, outcome: 'ended' },
    ]);
  });
});

describe('debounce', () => {
  const CASES: { name: string; timing: Partial<RuleTiming>; points: [number, number | null][]; outcomes: StepOutcome[] }[] = [
    {
      name: 'ends once the clear has held for debounceS',
      timing: { debounceS: 10 },
      points: [
        [0, 101],
        [2, 99],
        [6, 99],
        [11, 99],
        [12, 99],
      ],
      outcomes: ['started', 'moved', 'none', 'none', 'ended'],
    },
    {
      name: 'a clear interrupted by the condition coming back starts the clock again',
      timing: { debounceS: 10 },
      points: [
        [0, 101],
        [2, 99],
        [6, 101],
        [8, 99],
        [14, 99],
        [17, 99],
        [18, 99],
      ],
      outcomes: ['started', 'moved', 'moved', 'moved', 'none', 'none', 'ended'],
    },
    {
      name: 'a sample without the register neither ends nor restarts the clock',
      timing: { debounceS: 10 },
      points: [
        [0, 101],
        [2, 99],
        [6, null],
        [12, 99],
      ],
      outcomes: ['started', 'moved', 'none', 'ended'],
    },
    {
      name: 'values within the hysteresis do not clear',
      timing: { debounceS: 10, hysteresis: 1 },
      points: [
        [0, 101],
        [2, 99.5],
        [4, 98],
        [10, 98],
        [14, 98],
      ],
      outcomes: ['started', 'none', 'moved', 'none', 'ended'],
    },
    {
      name: 'debounceS 0 ends at the first clearing sample',
      timing: { debounceS: 0 },
      points: [
        [0, 101],
        [2, 101],
        [3, 99],
      ],
      outcomes: ['started', 'none', 'ended'],
    },
  ];
  it.each(CASES)('$name', ({ timing, points, outcomes }) => {
    expect(drive(rule(gt(100), timing), IDLE, at(points)).outcomes).toEqual(outcomes);
  });

  it('records since when it clears, and forgets it when the condition comes back', () => {
    const r = rule(gt(100), { debounceS: 10 });
    const [a, b, c] = at([
      [0, 101],
      [2, 99],
      [6, 101],
    ]);
    if (!a || !b || !c) throw new Error('samples');
    const s1 = step(r, IDLE, a).state;
    const s2 = step(r, s1, b).state;
    expect(s2).toMatchObject({ phase: 'active', since: 0, clearSince: 2000 });
    expect(step(r, s2, c).state).toMatchObject({ phase: 'active', since: 0, clearSince: null });
  });
});

describe('explicit clear condition', () => {
  const CASES: { name: string; r: RuleDefinition; points: Point[]; events: [number, number | null][] }[] = [
    {
      name: 'ends when the clear holds, not when the condition stops with its hysteresis',
      r: rule(gt(100), { hysteresis: 5 }, lt(50)),
      points: [101, 90, 60, 51, 49, 101].map((x, i) => ({ ts: i * SECOND, v: { 1: x } })),
      events: [
        [0, 4000],
        [5000, null],
      ],
    },
    {
      name: 'ends on the clear even while the condition still holds (then starts again)',
      r: rule(gt(100), {}, { kind: 'bit', register: 2, bit: 0, set: true }),
      points: [
        { ts: 0, v: { 1: 101, 2: 0 } },
        { ts: 1000, v: { 1: 102, 2: 0 } },
        { ts: 2000, v: { 1: 103, 2: 1 } },
        { ts: 3000, v: { 1: 103, 2: 1 } },
      ],
      events: [
        [0, 2000],
        [3000, null],
      ],
    },
    {
      name: 'the clear obeys the debounce',
      r: rule(gt(100), { debounceS: 5 }, lt(50)),
      points: [
        { ts: 0, v: { 1: 101 } },
        { ts: 1000, v: { 1: 40 } },
        { ts: 3000, v: { 1: 60 } },
        { ts: 4000, v: { 1: 40 } },
        { ts: 8000, v: { 1: 40 } },
        { ts: 9000, v: { 1: 40 } },
      ],
      events: [[0, 9000]],
    },
    {
      name: 'a clear on a register never known never ends it',
      r: rule(gt(100), {}, lt(50, 2)),
      points: [101, 40, 10, 99].map((x, i) => ({ ts: i * SECOND, v: { 1: x } })),
      events: [[0, null]],
    },
  ];
  it.each(CASES)('$name', ({ r, points, events }) => {
    expect(spans(r, samples(points))).toEqual(events);
  });
});

describe('rate of change (replay)', () => {
  const rise: RuleLeaf = { kind: 'rate', register: 1, direction: 'rise', amount: 10, windowS: 60 };
  const fall: RuleLeaf = { kind: 'rate', register: 1, direction: 'fall', amount: 10, windowS: 60 };
  /** Values every 10 s. */
  const every10 = (values: number[]) => wave(values, 10 * SECOND);
  const ramp = (from: number, by: number, n: number) => Array.from({ length: n }, (_, i) => from + by * i);

  const CASES: { name: string; c: RuleLeaf; ss: Sample[]; events: [number, number | null][] }[] = [
    {
      name: 'a rise of 12 within the window starts; ends when the low leaves the window',
      c: rise,
      ss: every10([50, 50, 50, 50, 50, 50, 50, 55, 62, 62, 62, 62, 62, 62, 62]),
      events: [[80_000, 130_000]],
    },
    { name: 'a slow rise (3 every 20 s, 9 per window) never starts', c: rise, ss: wave(ramp(50, 3, 40), 20 * SECOND), events: [] },
    { name: 'a steady rise of 1.5 every 10 s (9 per window) never starts', c: rise, ss: every10(ramp(0, 1.5, 60)), events: [] },
    {
      name: 'a rise measured from a dip in the window starts',
      c: rise,
      ss: every10([50, 45, 55, 55]),
      events: [[20_000, null]],
    },
    {
      name: 'a fall of 10 within the window starts',
      c: fall,
      ss: every10([80, 80, 75, 70, 70, 70, 70, 70, 70, 70, 70]),
      events: [[30_000, 80_000]],
    },
    { name: 'a slow fall never starts', c: fall, ss: wave(ramp(100, -3, 40), 20 * SECOND), events: [] },
    { name: 'a rise does not start a fall rule', c: fall, ss: every10([50, 60, 70, 80]), events: [] },
  ];
  it.each(CASES)('$name', ({ c, ss, events }) => {
    expect(spans(rule(c), ss)).toEqual(events);
  });
});

// ---- Restarts, late data, peaks ----

describe('restart from a persisted state', () => {
  const R = rule(gt(100), { durationS: 4, hysteresis: 2, debounceS: 4 });
  // prettier-ignore
  const VALUES = [
    95, 99, 101, 102, 103, 99, // pending at 2 s, reset at 5 s
    101, 104, 106, 105, 107, // pending at 6 s, starts at 10 s
    103, 99, 97, 101, // holds with the hysteresis at 12 s; clears at 13 s; back at 14 s
    96, 95, 97, 98, 94, // clears from 15 s, ends at 19 s
    92, 101, 108, 109, 110, 111, // pending at 21 s, starts at 25 s
    96, 95, 94, 93, 90, 90, // clears from 26 s, ends at 30 s
  ];
  const SS = wave(VALUES);
  const WHOLE = drive(R, IDLE, SS);

  it('the uninterrupted run', () => {
    expect(WHOLE.marks).toEqual([
      { ts: 10_000, outcome: 'started' },
      { ts: 19_000, outcome: 'ended' },
      { ts: 25_000, outcome: 'started' },
      { ts: 30_000, outcome: 'ended' },
    ]);
  });

  /** The states after each sample. */
  const AFTER: RuleState[] = [];
  {
    let state = IDLE;
    for (const s of SS) AFTER.push((state = step(R, state, s).state));
  }
  const KINDS: [string, (s: RuleState) => boolean][] = [
    ['idle', (s) => s.phase === 'idle'],
    ['pending', (s) => s.phase === 'pending'],
    ['active', (s) => s.phase === 'active' && s.clearSince === null],
    ['active, clearing', (s) => s.phase === 'active' && s.clearSince !== null],
  ];
  it.each(KINDS)('restarting at every %s state gives the same starts and ends', (_kind, is) => {
    const cuts = AFTER.flatMap((s, i) => (is(s) ? [i + 1] : []));
    expect(cuts.length).toBeGreaterThan(1);
    for (const cut of cuts) {
      const before = drive(R, IDLE, SS.slice(0, cut));
      const restored = throughJson(before.state);
      expect(restored).toEqual(before.state);
      const after = drive(R, restored, SS.slice(cut));
      expect([...before.marks, ...after.marks]).toEqual(WHOLE.marks);
      expect(after.state).toEqual(WHOLE.state);
    }
  });

  it('re-delivering samples already judged after a restart repeats nothing', () => {
    for (let cut = 1; cut < SS.length; cut++) {
      const before = drive(R, IDLE, SS.slice(0, cut));
      const from = Math.max(0, cut - 5);
      const after = drive(R, throughJson(before.state), SS.slice(from));
      expect(after.outcomes.slice(0, cut - from).every((o) => o === 'none')).toBe(true);
      expect([...before.marks, ...after.marks]).toEqual(WHOLE.marks);
    }
  });

  it('keeps startValue and peak across a restart while active', () => {
    const cut = AFTER.findIndex((s) => s.phase === 'active') + 3;
    const before = drive(R, IDLE, SS.slice(0, cut));
    expect(before.state).toMatchObject({ phase: 'active', startValue: 107, peak: 107 });
    expect(throughJson(before.state)).toMatchObject({ startValue: 107, peak: 107 });
  });

  it('the untouched IDLE through JSON (lastTs -Infinity → null) still judges samples at positive times', () => {
    const restored = throughJson(IDLE);
    expect(restored.lastTs).toBeNull();
    expect(drive(R, restored, SS.slice(1)).marks).toEqual(WHOLE.marks);
  });
});

describe('late and out-of-order data', () => {
  const R = rule(gt(100), { durationS: 4, debounceS: 4 });
  const states: [string, RuleState][] = [
    ['idle', { ...IDLE, lastTs: 10_000 }],
    ['pending', { ...IDLE, phase: 'pending', since: 8000, lastTs: 10_000 }],
    ['active', { phase: 'active', since: 5000, clearSince: null, lastTs: 10_000, startValue: 101, peak: 103 }],
    ['active, clearing', { phase: 'active', since: 5000, clearSince: 9000, lastTs: 10_000, startValue: 101, peak: 103 }],
  ];
  const CASES = states.flatMap(([name, state]) => [10_000, 9999, 0].flatMap((ts) => [200, 0].map((value) => ({ name, state, ts, value }))));
  it.each(CASES)('$name: a sample at $ts (last judged 10000) of $value is ignored', ({ state, ts, value }) => {
    const [s] = samples([{ ts, v: { 1: value } }]);
    if (!s) throw new Error('sample');
    const out = step(R, state, s);
    expect(out.outcome).toBe('none');
    expect(out.state).toBe(state);
  });

  const SERIES = at([
    [0, 99],
    [2, 101],
    [4, 101],
    [6, 101],
    [8, 99],
    [10, 99],
    [12, 99],
    [14, 101],
  ]);
  const ONCE = drive(R, IDLE, SERIES);

  it.each([2, 3])('every sample delivered %d times gives the same outcome as once', (times) => {
    const repeated = SERIES.flatMap((s) => Array.from({ length: times }, () => s));
    const run = drive(R, IDLE, repeated);
    expect(run.marks).toEqual(ONCE.marks);
    expect(run.state).toEqual(ONCE.state);
    expect(replay(R, repeated)).toEqual(replay(R, SERIES));
  });

  it('a late sample that would start an event is ignored', () => {
    const late = samples([{ ts: 1000, v: { 1: 500 } }]);
    const run = drive(rule(gt(100)), IDLE, [
      ...at([
        [0, 99],
        [2, 99],
      ]),
      ...late,
      ...at([[3, 99]]),
    ]);
    expect(run.marks).toEqual([]);
    expect(run.outcomes).toEqual(['none', 'none', 'none', 'none']);
  });

  it('a late sample that would end an event is ignored', () => {
    const late = samples([{ ts: 1000, v: { 1: 0 } }]);
    expect(
      spans(rule(gt(100)), [
        ...at([
          [0, 101],
          [2, 101],
        ]),
        ...late,
        ...at([[3, 101]]),
      ]),
    ).toEqual([[0, null]]);
  });

  it('duplicates during the wait do not shorten the duration', () => {
    const dup = at([
      [0, 101],
      [0, 101],
      [5, 101],
      [5, 101],
      [5, 101],
      [9, 101],
      [10, 101],
    ]);
    expect(spans(rule(gt(100), { durationS: 10 }), dup)).toEqual([[10_000, null]]);
  });
});

describe('peak and start value', () => {
  const ev = (startedAt: number, endedAt: number | null, startValue: number | null, peak: number | null): ReplayedEvent => ({
    startedAt,
    endedAt,
    startValue,
    peak,
  });
  const CASES: { name: string; r: RuleDefinition; ss: Sample[]; events: ReplayedEvent[] }[] = [
    {
      name: '> : the highest value while active',
      r: rule(gt(100)),
      ss: wave([99, 101, 105, 103, 108, 102, 99]),
      events: [ev(1000, 6000, 101, 108)],
    },
    { name: '< : the lowest value while active', r: rule(lt(10)), ss: wave([11, 9, 7, 8, 5, 6, 11]), events: [ev(1000, 6000, 9, 5)] },
    {
      name: '>= with hysteresis: values within the hysteresis do not lower the peak',
      r: rule({ kind: 'compare', register: 1, op: '>=', value: 100 }, { hysteresis: 5 }),
      ss: wave([100, 104, 97, 96, 94]),
      events: [ev(0, 4000, 100, 104)],
    },
    {
      name: '<= : the lowest value, two events',
      r: rule({ kind: 'compare', register: 1, op: '<=', value: 10 }),
      ss: wave([10, 3, 12, 9, 8, 7]),
      events: [ev(0, 2000, 10, 3), ev(3000, null, 9, 7)],
    },
    { name: 'still active at the end of the replay', r: rule(gt(100)), ss: wave([101, 110, 104]), events: [ev(0, null, 101, 110)] },
    {
      name: 'rate rise: the highest value',
      r: rule({ kind: 'rate', register: 1, direction: 'rise', amount: 10, windowS: 60 }),
      ss: wave([50, 50, 60, 65, 63], 10 * SECOND),
      events: [ev(20_000, null, 60, 65)],
    },
    {
      name: 'rate fall: the lowest value',
      r: rule({ kind: 'rate', register: 1, direction: 'fall', amount: 10, windowS: 60 }),
      ss: wave([80, 80, 70, 65, 60, 62], 10 * SECOND),
      events: [ev(20_000, null, 70, 60)],
    },
    {
      name: 'band outside, above the band: the highest value',
      r: rule({ kind: 'band', register: 1, inside: false, low: 10, high: 20 }),
      ss: wave([15, 21, 25, 22, 15]),
      events: [ev(1000, 4000, 21, 25)],
    },
    {
      name: 'AND: the primary (first) register’s values',
      r: rule({ kind: 'all', conditions: [gt(100), lt(5, 2)] }),
      ss: samples([101, 120, 110, 130].map((x, i) => ({ ts: i * SECOND, v: { 1: x, 2: x === 130 ? 9 : 0 } }))),
      events: [ev(0, 3000, 101, 120)],
    },
    {
      name: 'a bit rule records the register’s value',
      r: rule({ kind: 'bit', register: 1, bit: 0, set: true }),
      ss: wave([2, 3, 7, 5, 4]),
      events: [ev(1000, 4000, 3, 7)],
    },
    {
      name: 'an offline rule has no value',
      r: rule({ kind: 'offline', minutes: 1 }),
      ss: samples([{ ts: 0, offlineMs: MINUTE }]),
      events: [ev(0, null, null, null)],
    },
  ];
  it.each(CASES)('$name', ({ r, ss, events }) => {
    expect(replay(r, ss)).toEqual(events);
  });

  it('a replayer reports as it goes, the open event’s peak kept current', () => {
    const p = replayer(rule(gt(100)));
    const ss = wave([99, 101, 104, 99]);
    const seen: ReplayedEvent[][] = [];
    for (const s of ss) {
      p.push(s);
      seen.push(p.events.map((e) => ({ ...e })));
    }
    expect(seen).toEqual([[], [ev(1000, null, 101, 101)], [ev(1000, null, 101, 104)], [ev(1000, 3000, 101, 104)]]);
  });

  // The peak's direction follows the primary leaf (the register whose value the event records): outside a band, the
  // value furthest from it; an offline part first does not decide it.
  it('band outside, below the band: the lowest value', () => {
    const r = rule({ kind: 'band', register: 1, inside: false, low: 10, high: 20 });
    expect(replay(r, wave([15, 9, 5, 8, 12]))).toEqual([ev(1000, 4000, 9, 5)]);
  });
  it('OR [offline, < 10]: the primary leaf is < 10, so the lowest value', () => {
    const r = rule({ kind: 'any', conditions: [{ kind: 'offline', minutes: 15 }, lt(10)] });
    expect(primaryLeaf(r.condition)).toEqual({ register: 1, threshold: 10 });
    expect(replay(r, wave([11, 9, 5, 8, 12]))).toEqual([ev(1000, 4000, 9, 5)]);
  });
});

// ---- Helpers on conditions ----

describe('primaryLeaf, rateWindowMs, conditionRegisters', () => {
  const offline: RuleLeaf = { kind: 'offline', minutes: 15 };
  const rate = (register: number, windowS: number): RuleLeaf => ({ kind: 'rate', register, direction: 'rise', amount: 7, windowS });
  const bit: RuleLeaf = { kind: 'bit', register: 4, bit: 3, set: true };
  const inside: RuleLeaf = { kind: 'band', register: 5, inside: true, low: 10, high: 20 };
  const outside: RuleLeaf = { kind: 'band', register: 6, inside: false, low: 10, high: 20 };

  const PRIMARY: [string, RuleCondition, ReturnType<typeof primaryLeaf>][] = [
    ['compare', gt(100, 3), { register: 3, threshold: 100 }],
    ['band inside: its low', inside, { register: 5, threshold: 10 }],
    ['band outside: its high', outside, { register: 6, threshold: 20 }],
    ['rate: its amount', rate(2, 60), { register: 2, threshold: 7 }],
    ['bit: no threshold', bit, { register: 4, threshold: null }],
    ['offline: none', offline, null],
    ['AND [offline, compare]: the compare', { kind: 'all', conditions: [offline, lt(5, 8)] }, { register: 8, threshold: 5 }],
    ['OR [bit, compare]: the bit', { kind: 'any', conditions: [bit, gt(1, 9)] }, { register: 4, threshold: null }],
    ['OR [rate, band]: the rate', { kind: 'any', conditions: [rate(2, 30), inside] }, { register: 2, threshold: 7 }],
  ];
  it.each(PRIMARY)('primaryLeaf: %s', (_name, c, want) => {
    expect(primaryLeaf(c)).toEqual(want);
  });

  const WINDOW: [string, RuleCondition, number][] = [
    ['no rate', gt(1), 0],
    ['a rate', rate(1, 60), 60_000],
    ['AND of rates and a compare: the longest', { kind: 'all', conditions: [rate(1, 30), gt(5), rate(2, 120)] }, 120_000],
    ['OR without a rate', { kind: 'any', conditions: [offline, bit] }, 0],
  ];
  it.each(WINDOW)('rateWindowMs: %s', (_name, c, want) => {
    expect(rateWindowMs(c)).toBe(want);
  });

  it('conditionRegisters: distinct, without offline', () => {
    expect(conditionRegisters({ kind: 'all', conditions: [gt(1, 3), offline, lt(9, 3), bit, rate(2, 10)] })).toEqual([3, 4, 2]);
    expect(conditionRegisters(offline)).toEqual([]);
  });
});
