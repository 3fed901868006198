import { z } from 'zod';
import { pageOf } from '../envelope.js';
import { CONTROLLER_KINDS, localizedText, type ControllerKind } from './schemas.js';

/*
 * /device-type/chart (root; issue 20): which charts each type's devices show. A type lists the chart kinds its devices'
 * pages link to; the gauge, stacked and stop-status charts of chart management (issue 21) have their places reserved.
 */

/** The charts there are: history curves, the k-line, and the maglev blower's charts and operating region. */
export const CHART_KINDS = ['history-curves', 'kline', 'maglev-charts', 'maglev-region'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
/** The charts chart management brings (issue 21): shown, not yet chosen. */
export const RESERVED_CHART_KINDS = ['gauge', 'stacked', 'stop-status'] as const;
export type ReservedChartKind = (typeof RESERVED_CHART_KINDS)[number];
/** The charts that read a maglev blower's registers: for maglev types only. */
export const MAGLEV_CHART_KINDS: readonly ChartKind[] = ['maglev-charts', 'maglev-region'];

/** What a type's devices show until root chooses: every chart its kind can draw. */
export function defaultCharts(kind: ControllerKind | null): ChartKind[] {
  return CHART_KINDS.filter((c) => kind === 'maglev' || !MAGLEV_CHART_KINDS.includes(c));
}

/**
 * A type's charts as a stored column holds them (JSON, null: the defaults of its kind), in CHART_KINDS' order; the
 * maglev charts only while the type is a maglev blower (its kind may have changed since), unreadable JSON the defaults.
 */
export function chartsOf(stored: string | null, kind: ControllerKind | null): ChartKind[] {
  if (stored === null) return defaultCharts(kind);
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return defaultCharts(kind);
  }
  const parsed = z.array(z.enum(CHART_KINDS)).safeParse(value);
  if (!parsed.success) return defaultCharts(kind);
  return CHART_KINDS.filter((c) => parsed.data.includes(c) && (kind === 'maglev' || !MAGLEV_CHART_KINDS.includes(c)));
}

export const typeChartsRow = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CONTROLLER_KINDS),
  name: localizedText,
  charts: z.array(z.enum(CHART_KINDS)),
  /** The charts of chart management its devices' pages show, in order. */
  definitions: z.array(z.object({ id: z.number().int(), kind: z.enum(RESERVED_CHART_KINDS), name: z.string() })),
  /** Devices of the type. */
  devices: z.number().int(),
});
export type TypeChartsRow = z.infer<typeof typeChartsRow>;
export const typeChartsPage = pageOf(typeChartsRow);
export type TypeChartsPage = z.infer<typeof typeChartsPage>;

/** Most charts of chart management one type shows. */
export const MAX_TYPE_DEFINITIONS = 12;
export const typeChartsBody = z.object({
  charts: z.array(z.enum(CHART_KINDS, { error: 'validation.typeCharts.kind' })).max(CHART_KINDS.length * 2),
  /** The type's charts of chart management to show, in order; left out: unchanged. */
  definitions: z
    .array(z.number().int().positive())
    .max(MAX_TYPE_DEFINITIONS, 'validation.typeCharts.definitions')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.typeCharts.definitions')
    .optional(),
});
export type TypeChartsBody = z.input<typeof typeChartsBody>;
export const typeChartsSaved = z.object({ charts: z.array(z.enum(CHART_KINDS)), definitions: z.array(z.number().int()) });
