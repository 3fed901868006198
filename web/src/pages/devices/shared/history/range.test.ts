import { describe, expect, it } from 'vitest';
import { CHART_SPAN_MS } from '../charts/spans';
import { followingWindow, followStep, PRESET_MS, readWindow, windowAt, windowParams, type WindowChoice } from './range';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 23, 12, 0, 30);
type Preset = keyof typeof PRESET_MS;
const FALLBACK: WindowChoice<Preset> = { preset: '24h' };
const read = (query: string, now = T0) => readWindow(new URLSearchParams(query), PRESET_MS, FALLBACK, 366 * DAY, now);

describe('a preset window follows the clock', () => {
  it('"1 hour" chosen a day later is the hour up to that moment, not the old start', () => {
    const first = windowAt({ preset: '1h' }, PRESET_MS, T0);
    const now = T0 + DAY;
    const later = windowAt({ preset: '1h' }, PRESET_MS, now);
    expect(later.preset).toBe('1h');
    expect(later.to - later.from).toBe(HOUR);
    // It holds now, ends at most a step (a minute) after it, and so starts within a minute of now - 1 h.
    expect(later.to).toBeGreaterThan(now);
    expect(later.to - now).toBeLessThanOrEqual(60_000);
    expect(later.from).toBeGreaterThan(now - HOUR);
    expect(later.from).toBeLessThanOrEqual(now - HOUR + 60_000);
    expect(later.from).toBe(first.from + DAY);
  });

  it('moves a step (a sixtieth of its span) at a time, and holds the present all along', () => {
    expect(followStep(HOUR)).toBe(60_000);
    expect(followStep(DAY)).toBe(24 * 60_000);
    for (const span of [HOUR, DAY, 7 * DAY, ...Object.values(CHART_SPAN_MS)]) {
      for (const now of [T0, T0 + 1, T0 + 59_999, T0 + 12_345_678]) {
        const w = followingWindow(span, now);
        expect(w.to - w.from).toBe(span);
        expect(now).toBeGreaterThanOrEqual(w.from);
        expect(now).toBeLessThan(w.to);
        expect(w.to - now).toBeLessThanOrEqual(followStep(span));
      }
    }
    const a = followingWindow(HOUR, T0);
    expect(followingWindow(HOUR, a.to - 1)).toEqual(a);
    expect(followingWindow(HOUR, a.to).from).toBe(a.from + 60_000);
  });

  it('keeps fixed bounds as they are', () => {
    expect(windowAt<Preset>({ preset: 'custom', from: 1000, to: 5000 }, PRESET_MS, T0 + DAY)).toEqual({
      preset: 'custom',
      from: 1000,
      to: 5000,
    });
  });
});

describe('the window in the URL', () => {
  it('reads a preset by its name, or fixed bounds, and writes them back', () => {
    expect(read('range=1h')).toEqual({ preset: '1h' });
    expect(read('range=7d&from=1&to=2')).toEqual({ preset: '7d' });
    expect(read(`from=${T0 - HOUR}&to=${T0}`)).toEqual({ preset: 'custom', from: T0 - HOUR, to: T0 });
    expect(windowParams({ preset: '1h' })).toEqual({ range: '1h', from: null, to: null });
    expect(windowParams({ preset: 'custom', from: 5, to: 9 })).toEqual({ range: null, from: '5', to: '9' });
    for (const choice of [{ preset: '7d' }, { preset: 'custom', from: T0 - DAY, to: T0 }] as const) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(windowParams(choice))) if (v !== null) params.set(k, v);
      expect(readWindow(params, PRESET_MS, FALLBACK, 366 * DAY, T0)).toEqual(choice);
    }
  });

  it('falls back to the default for anything bad', () => {
    for (const query of [
      '',
      'range=2h',
      'range=',
      'range=custom',
      'range=__proto__',
      'from=1000',
      'to=1000',
      'from=abc&to=1000',
      'from=-5&to=1000',
      'from=01&to=1000',
      'from=1.5&to=1000',
      'from=2000&to=1000',
      'from=1000&to=1000',
      `from=0&to=${367 * DAY}`,
      `from=${T0}&to=${T0 + 2 * DAY}`,
      'from=1e3&to=2e3',
      'from=99999999999999999&to=999999999999999999',
    ]) {
      expect(read(query), query).toEqual(FALLBACK);
    }
  });

  it('takes only the lengths a page accepts', () => {
    const accept = (from: number, to: number) => to - from === HOUR;
    const params = (q: string) => new URLSearchParams(q);
    expect(readWindow(params(`from=0&to=${HOUR}`), PRESET_MS, FALLBACK, DAY, T0, accept)).toEqual({ preset: 'custom', from: 0, to: HOUR });
    expect(readWindow(params(`from=0&to=${2 * HOUR}`), PRESET_MS, FALLBACK, DAY, T0, accept)).toEqual(FALLBACK);
  });
});
