import { round } from './measure.js';

/** The soak bench's samples (one every `--every` seconds) and the statistics its summary reads from them. */

export interface Sample {
  t: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  loopP50Ms: number;
  loopP99Ms: number;
  loopMaxMs: number;
  canaryP99Ms: number;
  canaryMaxMs: number;
  handles: number;
  resources: number;
  wsClients: number;
  values: number;
  valuesPerS: number;
  snapshotsPerS: number;
  drops: number;
  framesPerS: number;
  cpuPercent: number;
  load1: number;
}

export const COLUMNS: Array<keyof Sample> = [
  't',
  'rssMb',
  'heapUsedMb',
  'heapTotalMb',
  'externalMb',
  'loopP50Ms',
  'loopP99Ms',
  'loopMaxMs',
  'canaryP99Ms',
  'canaryMaxMs',
  'handles',
  'resources',
  'wsClients',
  'values',
  'valuesPerS',
  'snapshotsPerS',
  'drops',
  'framesPerS',
  'cpuPercent',
  'load1',
];

/** Least-squares slope of y over t (seconds), per hour. */
export function slopePerHour(points: Array<{ t: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.t - mt) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 3600;
}

export const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);

/**
 * One memory series after the warm-up: the min and max of the samples; the min and max of its window means (a heap
 * sampled every 10 s swings with each GC, so flatness is judged on means over windows of `windowS`, a twelfth of the
 * time after the warm-up and at least a minute: a leak moves them, a GC does not); the last window against the
 * first; and the least-squares trend.
 */
export function spread(samples: Sample[], pick: (s: Sample) => number, windowS: number) {
  const ys = samples.map(pick);
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const start = samples[0]?.t ?? 0;
  const windows = new Map<number, number[]>();
  for (const s of samples) {
    const k = Math.floor((s.t - start) / windowS);
    windows.set(k, [...(windows.get(k) ?? []), pick(s)]);
  }
  const means = [...windows.values()].map(mean);
  const first = means[0] ?? NaN;
  const last = means[means.length - 1] ?? NaN;
  return {
    minMb: round(min),
    maxMb: round(max),
    rangePct: round(((max - min) / min) * 100),
    windowMeansMb: means.map((m) => round(m)),
    windowMeansRangePct: round(((Math.max(...means) - Math.min(...means)) / Math.min(...means)) * 100),
    lastWindowVsFirstPct: round(((last - first) / first) * 100),
    trendMbPerHour: round(slopePerHour(samples.map((s) => ({ t: s.t, y: pick(s) })))),
  };
}

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
