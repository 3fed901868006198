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
