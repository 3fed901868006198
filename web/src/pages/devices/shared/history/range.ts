/** Time-range presets of the history pages; `custom` keeps what the user picked. */
export const RANGE_PRESETS = ['1h', '24h', '7d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_MS: Record<Exclude<RangePreset, 'custom'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

export interface TimeRange {
  preset: RangePreset;
  from: number;
  to: number;
}

/** A window with the preset it came from (`custom` for fixed bounds). */
export interface ChosenWindow<P extends string> {
  preset: P | 'custom';
  from: number;
  to: number;
}

/** The range a preset means now (`to` rounded up to the next second so a fresh snapshot is inside it). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now = Date.now()): TimeRange {
  const to = Math.ceil(now / 1000) * 1000 + 1000;
  return { preset, from: to - PRESET_MS[preset], to };
}

/** The preset whose span equals `to - from`, else custom. */
export function rangeOf(from: number, to: number): TimeRange {
  const span = to - from;
  const preset = (Object.keys(PRESET_MS) as Array<keyof typeof PRESET_MS>).find((p) => PRESET_MS[p] === span);
  return { preset: preset ?? 'custom', from, to };
}

/**
 * What the user chose for a page's window: a preset by its name (the last hour, day, week…: it means up to now, at
 * any time), or fixed bounds. Kept in the URL (`?range=1h`, or `?from=&to=` in epoch milliseconds).
 */
export type WindowChoice<P extends string> = { preset: P } | { preset: 'custom'; from: number; to: number };

/** How far a preset's window moves at a time: a sixtieth of it (a minute for an hour, 24 minutes for a day). */
export function followStep(spanMs: number): number {
  return Math.max(1000, Math.round(spanMs / 60));
}

/**
 * The window of the last `spanMs` up to `now`: it ends at the next step after `now` (so `now`, and the readings
 * that come until then, are inside it) and moves on a step at a time as the clock goes on.
 */
export function followingWindow(spanMs: number, now: number): { from: number; to: number } {
  const step = followStep(spanMs);
  const to = (Math.floor(now / step) + 1) * step;
  return { from: to - spanMs, to };
}

/** The window a choice means at `now` (a preset's follows the clock; fixed bounds stay). */
export function windowAt<P extends string>(choice: WindowChoice<P>, spans: Readonly<Record<P, number>>, now: number): ChosenWindow<P> {
  if ('from' in choice) return { preset: 'custom', from: choice.from, to: choice.to };
  return { preset: choice.preset, ...followingWindow(spans[choice.preset], now) };
}

/** A time in the URL: epoch milliseconds in plain digits (no sign, no leading zero), up to a day from now. */
function readTime(text: string | null, now: number): number | null {
  if (text === null || !/^(0|[1-9]\d{0,15})$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n <= now + 86_400_000 ? n : null;
}

/**
 * The window the URL's query asks for: `range` (one of `spans`' names), or `from` and `to` (from < to, at most
 * `maxMs` apart, and as `accept` says); anything else — missing, unknown, malformed, reversed, too long — is
 * `fallback`.
 */
export function readWindow<P extends string>(
  params: URLSearchParams,
  spans: Readonly<Record<P, number>>,
  fallback: WindowChoice<P>,
  maxMs: number,
  now: number,
  accept: (from: number, to: number) => boolean = () => true,
): WindowChoice<P> {
  const range = params.get('range');
  if (range !== null) {
    const preset = (Object.keys(spans) as P[]).find((p) => p === range);
    return preset === undefined ? fallback : { preset };
  }
  const from = readTime(params.get('from'), now);
  const to = readTime(params.get('to'), now);
  if (from === null || to === null || to <= from || to - from > maxMs || !accept(from, to)) return fallback;
  return { preset: 'custom', from, to };
}

/** The query parameters of a choice (null removes a parameter): `range` for a preset, `from` and `to` for bounds. */
export function windowParams<P extends string>(choice: WindowChoice<P>): Record<'range' | 'from' | 'to', string | null> {
  if ('from' in choice) return { range: null, from: String(choice.from), to: String(choice.to) };
  return { range: choice.preset, from: null, to: null };
}
