import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { localizedText } from '../controller-types/schemas.js';
import { bandLeaf, bitLeaf, compareLeaf } from '../events/schemas.js';
import { positiveId, trimmedText } from '../validation.js';

/*
 * Chart management (root: /chartsManage; issue 21; docs/charts.md): gauge, stacked and stop-status charts defined on
 * a controller type's registers. /device-type/chart chooses which of a type's charts its devices' pages show.
 */

export const CHART_DEFINITION_KINDS = ['gauge', 'stacked', 'stop-status'] as const;
export type ChartDefinitionKind = (typeof CHART_DEFINITION_KINDS)[number];

const register = z.number({ error: 'validation.chart.register' }).int('validation.chart.register').min(0).max(65_535);
const finite = z.number({ error: 'validation.field.number' }).refine(Number.isFinite, 'validation.field.number');

/** A gauge's band: up to `to` (from the previous band's end, or the gauge's min), in the colour of its level. */
export const GAUGE_LEVELS = ['normal', 'alert', 'fault'] as const;
export type GaugeLevel = (typeof GAUGE_LEVELS)[number];
export const MAX_GAUGE_BANDS = 6;
export const gaugeDefinition = z
  .object({
    kind: z.literal('gauge'),
    register,
    min: finite,
    max: finite,
    /** Shown after the value; empty: the register's own unit. */
    unit: trimmedText(16).default(''),
    bands: z
      .array(z.object({ to: finite, level: z.enum(GAUGE_LEVELS) }))
      .min(1, 'validation.chart.bands')
      .max(MAX_GAUGE_BANDS, 'validation.chart.bands'),
  })
  .superRefine((g, ctx) => {
    if (!(g.min < g.max)) ctx.addIssue({ code: 'custom', path: ['max'], message: 'validation.chart.range' });
    let from = g.min;
    g.bands.forEach((b, i) => {
      if (!(b.to > from) || b.to > g.max) ctx.addIssue({ code: 'custom', path: ['bands', i, 'to'], message: 'validation.chart.bandOrder' });
      from = b.to;
    });
    if (g.bands.at(-1)?.to !== g.max) ctx.addIssue({ code: 'custom', path: ['bands'], message: 'validation.chart.bandEnd' });
  });
export type GaugeDefinition = z.output<typeof gaugeDefinition>;

/** Window lengths of the history charts, and those a stacked chart opens on. */
export const CHART_SPANS = ['1h', '6h', '24h', '7d', '30d'] as const;
export type ChartSpan = (typeof CHART_SPANS)[number];
export const CHART_SPAN_MS: Record<ChartSpan, number> = {
  '1h': 3_600_000,
  '6h': 6 * 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};
export const MAX_STACKED_REGISTERS = 8;
export const stackedDefinition = z.object({
  kind: z.literal('stacked'),
  registers: z
    .array(register)
    .min(2, 'validation.chart.stackedRegisters')
    .max(MAX_STACKED_REGISTERS, 'validation.chart.stackedRegisters')
    .refine((r) => new Set(r).size === r.length, 'validation.chart.registerTwice'),
  span: z.enum(CHART_SPANS).default('24h'),
});
export type StackedDefinition = z.output<typeof stackedDefinition>;

/**
 * What a machine is doing. `offline` is not chosen: it is the time the device sent nothing (longer than the chart's
 * gap), counted as its own state.
 */
export const RUN_STATES = ['running', 'loaded', 'unloaded', 'stopped', 'faulted'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const STOP_STATES = [...RUN_STATES, 'offline'] as const;
export type StopState = (typeof STOP_STATES)[number];
/** A state's test: a register compared with a value, inside or outside a band, or a bit set or clear. */
export const stateCondition = z.discriminatedUnion('kind', [compareLeaf, bandLeaf, bitLeaf], { error: 'validation.chart.stateKind' });
export type StateCondition = z.output<typeof stateCondition>;
export const stopStatusDefinition = z
  .object({
    kind: z.literal('stop-status'),
    /** Tried in order: the first that holds names the state. */
    states: z
      .array(z.object({ state: z.enum(RUN_STATES), when: stateCondition }))
      .min(1, 'validation.chart.states')
      .max(8, 'validation.chart.states'),
    /** The state when none holds (or what they read is unknown). */
    otherwise: z.enum(RUN_STATES).default('stopped'),
    /** The states counted as utilisation. */
    working: z.array(z.enum(RUN_STATES)).min(1, 'validation.chart.working').default(['running', 'loaded']),
    /** A silence longer than this after a snapshot counts as offline (seconds). */
    gapS: z
      .number({ error: 'validation.field.positiveInteger' })
      .int('validation.field.positiveInteger')
      .min(10, 'validation.chart.gap')
      .max(86_400, 'validation.chart.gap')
      .default(300),
  })
  .refine((d) => new Set(d.working).size === d.working.length, { path: ['working'], message: 'validation.chart.working' });
export type StopStatusDefinition = z.output<typeof stopStatusDefinition>;

export const chartDefinition = z.discriminatedUnion('kind', [gaugeDefinition, stackedDefinition, stopStatusDefinition], {
  error: 'validation.chart.kind',
});
export type ChartDefinition = z.output<typeof chartDefinition>;

export const chartBody = z.object({
  name: trimmedText(64).pipe(z.string().min(1, 'validation.chart.name')),
  typeId: positiveId(),
  definition: chartDefinition,
});
export type ChartBody = z.input<typeof chartBody>;
export type ChartInput = z.output<typeof chartBody>;

export const chartParams = z.object({ id: z.coerce.number().int().positive() });

/** A type that shows a chart on its devices' pages. */
export const chartUse = z.object({ typeId: z.number().int(), typeName: localizedText });
export const chartDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CHART_DEFINITION_KINDS),
  typeId: z.number().int(),
  typeName: localizedText.nullable(),
  definition: chartDefinition,
  /** Where it is shown (/device-type/chart): while any, it cannot be deleted. */
  usedBy: z.array(chartUse),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type ChartDetail = z.infer<typeof chartDetail>;
export const chartListQuery = pageQuery.extend({
  kind: z.enum(CHART_DEFINITION_KINDS, { error: 'validation.chart.kind' }).optional(),
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
  typeId: z.coerce.number().int().positive().optional(),
});
export type ChartListQuery = Partial<z.output<typeof chartListQuery>>;
export const chartPage = pageOf(chartDetail);
export type ChartPage = z.infer<typeof chartPage>;

/** The charts a device's page shows, as the viewer may read them: a chart reading a register they may not is withheld. */
export const deviceChart = chartDetail.pick({ id: true, name: true, kind: true, definition: true }).extend({
  /** Why the viewer sees no values: a register their template does not read, or data hidden from them. */
  withheld: z.enum(['template', 'hidden']).nullable(),
});
export type DeviceChart = z.infer<typeof deviceChart>;

// ---- Stop-status over a window, and utilisation per day ----

const time = z.coerce.number({ error: 'validation.field.number' }).int('validation.field.number').min(0, 'validation.field.number');
/** Longest window one stop-status timeline covers. */
export const MAX_STOP_WINDOW_MS = 31 * 86_400_000;
export const stopStatusQuery = z
  .object({ from: time, to: time })
  .refine((q) => q.to > q.from, { path: ['to'], message: 'validation.range.order' })
  .refine((q) => q.to - q.from <= MAX_STOP_WINDOW_MS, { path: ['to'], message: 'validation.chart.window' });
export const chartDeviceParams = z.object({
  id: z.coerce.number().int().positive(),
  boxId: z.coerce.number().int().positive(),
  controller: z.coerce.number().int().min(1).max(32),
});
export const stopSegment = z.object({ state: z.enum(STOP_STATES), from: z.number().int(), to: z.number().int() });
export type StopSegment = z.infer<typeof stopSegment>;
export const stopTotals = z.record(z.enum(STOP_STATES), z.number().int());
export type StopTotals = Record<StopState, number>;
/** Most segments one answer lists (the totals always count them all). */
export const MAX_STOP_SEGMENTS = 5000;
export const stopStatusResult = z.object({
  from: z.number().int(),
  to: z.number().int(),
  segments: z.array(stopSegment),
  /** More segments than MAX_STOP_SEGMENTS: the shortest were merged into their neighbours for drawing. */
  merged: z.boolean(),
  totals: stopTotals,
  /** Share of the window in the chart's working states, 0–1. */
  utilisation: z.number(),
});
export type StopStatusResult = z.infer<typeof stopStatusResult>;

export const UTILISATION_DAYS = [7, 31] as const;
export const utilisationQuery = z.object({
  /** The first day's start (the console's local midnight). */
  from: time,
  days: z.coerce.number().int().min(1, 'validation.chart.days').max(31, 'validation.chart.days').default(7),
});
export const utilisationDay = z.object({ from: z.number().int(), totals: stopTotals, utilisation: z.number() });
export type UtilisationDay = z.infer<typeof utilisationDay>;
export const utilisationResult = z.object({ days: z.array(utilisationDay) });
export type UtilisationResult = z.infer<typeof utilisationResult>;
/** What the utilisation export reads (exports/schemas.ts). */
export const utilisationFilter = utilisationQuery.extend({
  chartId: z.number().int().positive(),
  boxId: z.number().int().positive(),
  controller: z.number().int().min(1).max(32),
});

// ---- The fleet's running and stopped time (the large screen) ----

/** Most devices one fleet answer segments (the most recently seen); the rest are counted in `left`. */
export const MAX_FLEET_STOP_DEVICES = 200;
export const fleetStopQuery = z.object({ from: time });
export const fleetStopDevice = z.object({
  boxId: z.number().int(),
  controller: z.number().int(),
  company: z.string(),
  utilisation: z.number(),
});
export const fleetStopStatus = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /** Devices counted: those the viewer reads whose type shows a stop-status chart they may read. */
  devices: z.number().int(),
  /** Such devices beyond MAX_FLEET_STOP_DEVICES, not counted. */
  left: z.number().int(),
  /** Time per state summed over the devices (each by its type's first stop-status chart). */
  totals: stopTotals,
  /** Share of that time in each device's working states. */
  utilisation: z.number(),
  /** The devices by utilisation, highest first (at most 10). */
  top: z.array(fleetStopDevice),
});
export type FleetStopStatus = z.infer<typeof fleetStopStatus>;
