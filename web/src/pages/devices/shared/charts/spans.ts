import { CHART_SPANS, CHART_SPAN_MS, type ChartSpan } from '@dms/contract';

export { CHART_SPANS, CHART_SPAN_MS, type ChartSpan } from '@dms/contract';
export const DEFAULT_SPAN: ChartSpan = '24h';

export function parseSpan(text: string | null): ChartSpan {
  return CHART_SPANS.find((s) => s === text) ?? DEFAULT_SPAN;
}

/** The span `to - from` is, if it is one of CHART_SPANS. */
export function spanOf(from: number, to: number): ChartSpan | null {
  return CHART_SPANS.find((s) => CHART_SPAN_MS[s] === to - from) ?? null;
}
