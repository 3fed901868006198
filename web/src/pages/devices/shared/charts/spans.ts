/** Window lengths of the history charts. */
export const CHART_SPANS = ['1h', '6h', '24h', '7d', '30d'] as const;
export type ChartSpan = (typeof CHART_SPANS)[number];
export const CHART_SPAN_MS: Record<ChartSpan, number> = {
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
export const DEFAULT_SPAN: ChartSpan = '24h';

export function parseSpan(text: string | null): ChartSpan {
  return CHART_SPANS.find((s) => s === text) ?? DEFAULT_SPAN;
}

/** The span `to - from` is, if it is one of CHART_SPANS. */
export function spanOf(from: number, to: number): ChartSpan | null {
  return CHART_SPANS.find((s) => CHART_SPAN_MS[s] === to - from) ?? null;
}
