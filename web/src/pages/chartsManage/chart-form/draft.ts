import {
  chartBody,
  type ChartDefinition,
  type ChartDefinitionKind,
  type ChartDetail,
  type ChartInput,
  type ChartSpan,
  type CompareOp,
  type GaugeLevel,
  type RunState,
  type StateCondition,
} from '@dms/contract';
import { problemsOf, type Problem } from '@/components/forms/issues';

/*
 * The chart form's state: the chart as it is being made, numbers left empty kept as null (the contract's schema says
 * what is missing, at the path the server would name: `definition.bands.1.to`), every field of every kind of state
 * test kept, so that changing a test's kind loses nothing typed.
 */

export interface BandDraft {
  to: number | null;
  level: GaugeLevel;
}
export interface StateDraft {
  state: RunState;
  kind: StateCondition['kind'];
  register: number | null;
  op: CompareOp;
  value: number | null;
  inside: boolean;
  low: number | null;
  high: number | null;
  bit: number | null;
  set: boolean;
}
export interface ChartDraft {
  kind: ChartDefinitionKind;
  name: string;
  typeId: number | null;
  gauge: { register: number | null; min: number | null; max: number | null; unit: string; bands: BandDraft[] };
  stacked: { registers: number[]; span: ChartSpan };
  stopStatus: { states: StateDraft[]; otherwise: RunState; working: RunState[]; gapS: number | null };
}

export const newState = (state: RunState = 'running'): StateDraft => ({
  state,
  kind: 'compare',
  register: null,
  op: '=',
  value: null,
  inside: true,
  low: null,
  high: null,
  bit: null,
  set: true,
});

export function newDraft(kind: ChartDefinitionKind): ChartDraft {
  return {
    kind,
    name: '',
    typeId: null,
    gauge: {
      register: null,
      min: 0,
      max: null,
      unit: '',
      bands: [
        { to: null, level: 'normal' },
        { to: null, level: 'alert' },
        { to: null, level: 'fault' },
      ],
    },
    stacked: { registers: [], span: '24h' },
    stopStatus: { states: [newState('running')], otherwise: 'stopped', working: ['running', 'loaded'], gapS: 300 },
  };
}

/** A saved chart as the form's state. */
export function draftOf(chart: Pick<ChartDetail, 'name' | 'typeId' | 'definition'>): ChartDraft {
  const d = newDraft(chart.definition.kind);
  const def = chart.definition;
  const base = { ...d, name: chart.name, typeId: chart.typeId };
  switch (def.kind) {
    case 'gauge':
      return {
        ...base,
        gauge: { register: def.register, min: def.min, max: def.max, unit: def.unit, bands: def.bands.map((b) => ({ ...b })) },
      };
    case 'stacked':
      return { ...base, stacked: { registers: [...def.registers], span: def.span } };
    case 'stop-status':
      return {
        ...base,
        stopStatus: {
          states: def.states.map(({ state, when }) => ({ ...newState(state), ...when })),
          otherwise: def.otherwise,
          working: [...def.working],
          gapS: def.gapS,
        },
      };
  }
}

/** null as "not given", for the schema to say what is missing. */
const given = (n: number | null) => n ?? undefined;

function stateTest(s: StateDraft): Partial<StateCondition> {
  switch (s.kind) {
    case 'compare':
      return { kind: 'compare', register: given(s.register), op: s.op, value: given(s.value) };
    case 'band':
      return {
        kind: 'band',
        register: given(s.register),
        inside: s.inside,
        low: given(s.low),
        high: given(s.high),
      };
    case 'bit':
      return { kind: 'bit', register: given(s.register), bit: given(s.bit), set: s.set };
  }
}

/** The body the draft makes, as the contract reads it (unchecked). */
export function bodyOf(d: ChartDraft): unknown {
  const definition =
    d.kind === 'gauge'
      ? {
          kind: 'gauge',
          register: given(d.gauge.register),
          min: given(d.gauge.min),
          max: given(d.gauge.max),
          unit: d.gauge.unit,
          bands: d.gauge.bands.map((b) => ({ to: given(b.to), level: b.level })),
        }
      : d.kind === 'stacked'
        ? { kind: 'stacked', registers: d.stacked.registers, span: d.stacked.span }
        : {
            kind: 'stop-status',
            states: d.stopStatus.states.map((s) => ({ state: s.state, when: stateTest(s) })),
            otherwise: d.stopStatus.otherwise,
            working: d.stopStatus.working,
            gapS: given(d.stopStatus.gapS),
          };
  return { name: d.name, typeId: given(d.typeId), definition };
}

/** The draft checked with the contract's schema: the body to send, or the problems at their paths. */
export function checkDraft(d: ChartDraft): { ok: true; body: ChartInput } | { ok: false; problems: Problem[] } {
  const parsed = chartBody.safeParse(bodyOf(d));
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, problems: problemsOf(parsed.error) };
}

/** The chart the draft draws, when it is complete (the preview), else null. */
export function definitionOf(d: ChartDraft): ChartDefinition | null {
  const parsed = chartBody.shape.definition.safeParse((bodyOf(d) as { definition: unknown }).definition);
  return parsed.success ? parsed.data : null;
}
