import { type CSSProperties, useEffect, useRef } from 'react';
import { init, type EChartsCoreOption, type EChartsType, type SetOptionOpts, use as registerParts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useReducedMotion } from '../layout/useReducedMotion';
import { useLatest } from '../lib/useLatest';

// echarts' `use` is no React hook: it is renamed so the hooks rules do not take it for one.
registerParts([CanvasRenderer]);

/**
 * Registers echarts charts and components (re-exported so a page module can write
 * `registerECharts([LineChart, GridComponent, ...])` at its top level). Only what is registered is bundled, and only
 * in the lazily loaded page chunks that import this component, so echarts stays out of the first bundle.
 */
export const registerECharts = registerParts;

/** A handler of an echarts event (`datazoom`, `click`, ...); the payload's shape depends on the event. */
export type EChartHandler = (params: unknown, chart: EChartsType) => void;

export interface EChartProps {
  /** The echarts option; a new object re-applies it (merged unless `notMerge`). */
  option: EChartsCoreOption;
  /** Height of the chart; the width follows the container. Default 320 px. */
  height?: number | string;
  /** Event handlers by echarts event name. The latest handlers are always called (no re-binding needed). */
  onEvents?: Readonly<Record<string, EChartHandler>>;
  /** Replace the previous option instead of merging into it. */
  notMerge?: boolean;
  /** Component types whose items are replaced rather than merged (e.g. `['series']`). */
  replaceMerge?: SetOptionOpts['replaceMerge'];
  /** Shows echarts' loading mask. */
  loading?: boolean;
  /** Called with the instance after it is created, and with null when it is disposed. */
  onChart?: (chart: EChartsType | null) => void;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  'aria-label'?: string;
}

/**
 * The option with every tooltip kept inside its chart (`confine`) unless it says otherwise: a tooltip near a narrow
 * chart's edge would otherwise run past the screen's, and a phone's page would scroll sideways.
 */
export function confined(option: EChartsCoreOption): EChartsCoreOption {
  const tip = option.tooltip;
  if (tip === undefined || tip === null || typeof tip !== 'object') return option;
  const keep = (t: object) => ('confine' in t ? t : { ...t, confine: true });
  return { ...option, tooltip: Array.isArray(tip) ? tip.map((t: object) => keep(t)) : keep(tip) };
}

/**
 * The option animated unless the user asked their system for less motion (`reduced`): then it is drawn at once.
 * An option that says whether it animates is left as it is.
 */
export function withMotion(option: EChartsCoreOption, reduced: boolean): EChartsCoreOption {
  return 'animation' in option ? option : { ...option, animation: !reduced };
}

/** What the chart's DOM node carries for tests and tools: the echarts instance (`node.echart.getOption()`). */
export interface EChartElement extends HTMLDivElement {
  echart?: EChartsType;
}

/**
 * One echarts instance in a div: created on mount, resized when its container changes size, disposed on unmount.
 * The instance is also put on the DOM node as `echart` so end-to-end tests can read the option that is drawn.
 */
export function EChart({
  option,
  height = 320,
  onEvents,
  notMerge,
  replaceMerge,
  loading,
  onChart,
  className,
  style,
  'data-testid': testId,
  'aria-label': ariaLabel,
}: EChartProps) {
  const ref = useRef<EChartElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const handlersRef = useLatest(onEvents);
  const onChartRef = useLatest(onChart);
  const bound = useRef(new Set<string>());
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = init(el, undefined, { renderer: 'canvas' });
    // The onChart of the moment hears of the instance: now, and when it is disposed.
    const tell = (instance: EChartsType | null) => {
      onChartRef.current?.(instance);
    };
    chartRef.current = chart;
    el.echart = chart;
    tell(chart);
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!chart.isDisposed()) chart.resize();
      });
    });
    observer.observe(el);
    const names = bound.current;
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      names.clear();
      tell(null);
      delete el.echart;
      chartRef.current = null;
      chart.dispose();
    };
  }, [onChartRef]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.setOption(withMotion(confined(option), reducedMotion), { notMerge: notMerge ?? false, replaceMerge, lazyUpdate: false });
  }, [option, notMerge, replaceMerge, reducedMotion]);

  // Bind each event name once; the call goes to whatever handler is current.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !onEvents) return;
    for (const name of Object.keys(onEvents)) {
      if (bound.current.has(name)) continue;
      bound.current.add(name);
      chart.on(name, (params: unknown) => {
        handlersRef.current?.[name]?.(params, chart);
      });
    }
  }, [onEvents, handlersRef]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    if (loading) chart.showLoading();
    else chart.hideLoading();
  }, [loading]);

  return (
    <div
      ref={ref}
      className={className}
      style={{ width: '100%', height, minWidth: 0, ...style }}
      data-testid={testId}
      role="img"
      aria-label={ariaLabel}
    />
  );
}

export default EChart;
