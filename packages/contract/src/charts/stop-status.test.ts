import { describe, expect, it } from 'vitest';
import type { Sample } from '../events/engine.js';
import { chartBody, STOP_STATES, stopStatusDefinition, type RunState, type StopSegment, type StopTotals } from '../charts/schemas.js';
import { runStateOf, Segmenter, thinSegments, totalsPerDay, utilisationOf, zeroTotals, type StateAt } from '../charts/stop-status.js';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const DAY = 24 * H;

const sum = (t: StopTotals) => STOP_STATES.reduce((n, s) => n + t[s], 0);
const totals = (part: Partial<StopTotals>): StopTotals => ({ ...zeroTotals(), ...part });
/** The segments as [state, from, to] triples, easier to read in a table. */
const triples = (segments: readonly StopSegment[]) => segments.map((s) => [s.state, s.from, s.to]);

function segment(from: number, to: number, gapMs: number, states: Array<[number, RunState]>, before: StateAt | null = null) {
  const seg = new Segmenter(from, to, gapMs, before);
  for (const [ts, state] of states) seg.push({ ts, state });
  return seg.finish();
}

describe('stop-status segmentation: the segments partition the window, offline is its own state', () => {
  const cases: Array<{
    name: string;
    from: number;
    to: number;
    gap: number;
    states: Array<[number, RunState]>;
    before?: StateAt;
    segments: Array<[string, number, number]>;
  }> = [
    { name: 'no snapshot at all: offline throughout', from: 0, to: H, gap: 5 * MIN, states: [], segments: [['offline', 0, H]] },
    {
      name: 'steady reports: one state, its time to the end',
      from: 0,
      to: 10 * MIN,
      gap: 5 * MIN,
      states: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((m): [number, RunState] => [m * MIN, 'running']),
      segments: [['running', 0, 10 * MIN]],
    },
    {
      name: 'a first report after the start: offline before it',
      from: 0,
      to: 10 * MIN,
      gap: 5 * MIN,
      states: [
        [2 * MIN, 'loaded'],
        [6 * MIN, 'loaded'],
      ],
      segments: [
        ['offline', 0, 2 * MIN],
        ['loaded', 2 * MIN, 10 * MIN],
      ],
    },
    {
      name: 'a silence longer than the gap: offline from the gap’s end to the next report',
      from: 0,
      to: H,
      gap: 5 * MIN,
      states: [
        [0, 'running'],
        [20 * MIN, 'stopped'],
      ],
      segments: [
        ['running', 0, 5 * MIN],
        ['offline', 5 * MIN, 20 * MIN],
        ['stopped', 20 * MIN, 25 * MIN],
        ['offline', 25 * MIN, H],
      ],
    },
    {
      name: 'the state before the window holds into it for what is left of the gap',
      from: 10 * MIN,
      to: 20 * MIN,
      gap: 5 * MIN,
      states: [[16 * MIN, 'unloaded']],
      before: { ts: 8 * MIN, state: 'faulted' },
      segments: [
        ['faulted', 10 * MIN, 13 * MIN],
        ['offline', 13 * MIN, 16 * MIN],
        ['unloaded', 16 * MIN, 20 * MIN],
      ],
    },
    {
      name: 'late, repeated and out-of-window states are ignored',
      from: 0,
      to: 10 * MIN,
      gap: 5 * MIN,
      states: [
        [0, 'loaded'],
        [4 * MIN, 'unloaded'],
        [3 * MIN, 'faulted'],
        [4 * MIN, 'unloaded'],
        [10 * MIN, 'faulted'],
      ],
      segments: [
        ['loaded', 0, 4 * MIN],
        ['unloaded', 4 * MIN, 9 * MIN],
        ['offline', 9 * MIN, 10 * MIN],
      ],
    },
  ];
  for (const c of cases)
    it(c.name, () => {
      const out = segment(c.from, c.to, c.gap, c.states, c.before ?? null);
      expect(triples(out.segments)).toEqual(c.segments);
      expect(sum(out.totals)).toBe(c.to - c.from);
    });

  it('random histories with gaps and offline: segments are contiguous, and they and the totals sum to the window', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      const from = Math.floor(rand() * DAY);
      const to = from + 1 + Math.floor(rand() * 3 * DAY);
      const gap = (10 + Math.floor(rand() * 600)) * S;
      const states: Array<[number, RunState]> = [];
      let ts = from - Math.floor(rand() * H);
      while (ts < to + H) {
        states.push([ts, STOP_STATES.slice(0, 5)[Math.floor(rand() * 5)] as RunState]);
        ts += Math.floor(rand() * (rand() < 0.1 ? 4 * H : 2 * gap));
      }
      const before = states.filter(([t]) => t < from).at(-1);
      const out = segment(
        from,
        to,
        gap,
        states.filter(([t]) => t >= from),
        before ? { ts: before[0], state: before[1] } : null,
      );
      expect(sum(out.totals)).toBe(to - from);
      expect(out.segments[0]?.from).toBe(from);
      expect(out.segments.at(-1)?.to).toBe(to);
      for (let i = 1; i < out.segments.length; i++) {
        expect(out.segments[i]?.from).toBe(out.segments[i - 1]?.to);
        expect(out.segments[i]?.state).not.toBe(out.segments[i - 1]?.state);
      }
      const days = Math.ceil((to - from) / DAY);
      const perDay = totalsPerDay(out.segments, from, days);
      expect(perDay.reduce((n, t) => n + sum(t), 0)).toBe(to - from);
      const thin = thinSegments(out.segments, 20);
      expect(thin.segments.length).toBeLessThanOrEqual(20);
      expect(thin.segments[0]?.from).toBe(from);
      expect(thin.segments.at(-1)?.to).toBe(to);
      expect(thin.segments.reduce((n, s) => n + s.to - s.from, 0)).toBe(to - from);
    }
  });
});

describe('utilisation per day', () => {
  it('splits segments at day boundaries; utilisation is the working share of each day', () => {
    const out = segment(0, 2 * DAY, 7 * H, [
      [0, 'loaded'],
      [6 * H, 'unloaded'],
      [12 * H, 'stopped'],
      [18 * H, 'loaded'],
      ...Array.from({ length: 36 }, (_, i): [number, RunState] => [18 * H + (i + 1) * 5 * MIN, 'loaded']),
    ]);
    const [first, second] = totalsPerDay(out.segments, 0, 2);
    // The last report is at 21:00 (18:00 + 36 × 5 min): loaded until the 7-hour gap ends at 04:00 the next day, then offline.
    expect(first).toEqual(totals({ loaded: 12 * H, unloaded: 6 * H, stopped: 6 * H }));
    expect(second).toEqual(totals({ loaded: 4 * H, offline: 20 * H }));
    expect(utilisationOf(first ?? zeroTotals(), ['running', 'loaded'])).toBe(0.5);
    expect(utilisationOf(second ?? zeroTotals(), ['running', 'loaded'])).toBeCloseTo(4 / 24, 10);
    expect(utilisationOf(second ?? zeroTotals(), ['unloaded'])).toBe(0);
    expect(utilisationOf(zeroTotals(), ['loaded'])).toBe(0);
  });
});

describe('a snapshot’s state: the first test that holds, else `otherwise`', () => {
  const def = stopStatusDefinition.parse({
    kind: 'stop-status',
    states: [
      { state: 'faulted', when: { kind: 'bit', register: 10, bit: 3, set: true } },
      { state: 'loaded', when: { kind: 'compare', register: 20, op: '=', value: 2 } },
      { state: 'unloaded', when: { kind: 'band', register: 20, inside: true, low: 0.5, high: 1.5 } },
    ],
  });
  const sample = (v: Record<number, number>): Sample => ({
    ts: 0,
    value: (r) => v[r],
    raw: (r) => v[r],
    range: () => undefined,
    offlineMs: 0,
  });
  const cases: Array<[Record<number, number>, RunState]> = [
    [{ 10: 8, 20: 2 }, 'faulted'],
    [{ 10: 0, 20: 2 }, 'loaded'],
    [{ 10: 0, 20: 1 }, 'unloaded'],
    [{ 10: 0, 20: 0 }, 'stopped'],
    // Unknown values hold nothing: the fallback.
    [{}, 'stopped'],
  ];
  for (const [values, state] of cases)
    it(`${JSON.stringify(values)} → ${state}`, () => {
      expect(runStateOf(def, sample(values))).toBe(state);
    });
  it('defaults: otherwise stopped, working running and loaded, a 5-minute gap', () => {
    expect(def.otherwise).toBe('stopped');
    expect(def.working).toEqual(['running', 'loaded']);
    expect(def.gapS).toBe(300);
  });
});

describe('chart definitions: exact messages of bad input', () => {
  const base = { name: 'Pressure', typeId: 1 };
  const issue = (definition: unknown) => {
    const r = chartBody.safeParse({ ...base, definition });
    return r.success ? null : (r.error.issues[0]?.message ?? null);
  };
  it('refuses bad gauges, stacked and stop-status charts with their reasons', () => {
    const gauge = { kind: 'gauge', register: 1, min: 0, max: 10, bands: [{ to: 10, level: 'normal' }] };
    expect(issue(gauge)).toBeNull();
    expect(issue({ ...gauge, max: 0 })).toBe('validation.chart.range');
    expect(issue({ ...gauge, bands: [] })).toBe('validation.chart.bands');
    expect(
      issue({
        ...gauge,
        bands: [
          { to: 6, level: 'normal' },
          { to: 5, level: 'alert' },
          { to: 10, level: 'fault' },
        ],
      }),
    ).toBe('validation.chart.bandOrder');
    expect(issue({ ...gauge, bands: [{ to: 8, level: 'normal' }] })).toBe('validation.chart.bandEnd');
    expect(issue({ kind: 'stacked', registers: [1] })).toBe('validation.chart.stackedRegisters');
    expect(issue({ kind: 'stacked', registers: [1, 1] })).toBe('validation.chart.registerTwice');
    expect(issue({ kind: 'stop-status', states: [] })).toBe('validation.chart.states');
    expect(issue({ kind: 'stop-status', states: [{ state: 'running', when: { kind: 'offline', minutes: 5 } }] })).toBe(
      'validation.chart.stateKind',
    );
    expect(
      issue({ kind: 'stop-status', states: [{ state: 'running', when: { kind: 'bit', register: 1, bit: 0, set: true } }], gapS: 5 }),
    ).toBe('validation.chart.gap');
    expect(issue({ kind: 'pie' })).toBe('validation.chart.kind');
  });
});
