import { describe, expect, it } from 'vitest';
import { bodyOf, checkDraft, definitionOf, draftOf, newDraft, newState } from './draft';

describe('the chart form’s draft', () => {
  it('a new gauge says what is missing, at the paths the server names', () => {
    const d = { ...newDraft('gauge'), typeId: 1 };
    const checked = checkDraft(d);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((p) => [p.path, p.key])).toEqual(
      expect.arrayContaining([
        ['name', 'validation.chart.name'],
        ['definition.register', 'validation.chart.register'],
        ['definition.max', 'validation.field.number'],
      ]),
    );
    expect(definitionOf(d)).toBeNull();
  });

  it('a complete draft makes the body; a saved chart comes back as the same draft', () => {
    const d = {
      ...newDraft('gauge'),
      name: ' Pressure ',
      typeId: 3,
      gauge: {
        register: 40002,
        min: 0,
        max: 12,
        unit: '',
        bands: [
          { to: 8, level: 'normal' as const },
          { to: 12, level: 'fault' as const },
        ],
      },
    };
    const checked = checkDraft(d);
    expect(checked).toMatchObject({ ok: true, body: { name: 'Pressure', typeId: 3, definition: { kind: 'gauge', register: 40002 } } });
    if (!checked.ok) return;
    expect(bodyOf(draftOf({ ...checked.body, name: 'Pressure' }))).toEqual(bodyOf({ ...d, name: 'Pressure' }));
  });

  it('a stop-status state keeps every kind’s fields: changing its kind and back loses nothing', () => {
    const state = { ...newState('loaded'), register: 40001, value: 2, low: 3, high: 4, bit: 5 };
    const d = {
      ...newDraft('stop-status'),
      name: 'Runs',
      typeId: 1,
      stopStatus: { ...newDraft('stop-status').stopStatus, states: [state] },
    };
    expect(definitionOf(d)).toMatchObject({ states: [{ state: 'loaded', when: { kind: 'compare', register: 40001, op: '=', value: 2 } }] });
    const asBand = { ...d, stopStatus: { ...d.stopStatus, states: [{ ...state, kind: 'band' as const }] } };
    expect(definitionOf(asBand)).toMatchObject({ states: [{ when: { kind: 'band', low: 3, high: 4, inside: true } }] });
    const asBit = { ...d, stopStatus: { ...d.stopStatus, states: [{ ...state, kind: 'bit' as const }] } };
    expect(definitionOf(asBit)).toMatchObject({ states: [{ when: { kind: 'bit', bit: 5, set: true } }] });
    const bit = definitionOf(asBit);
    if (!bit) throw new Error('the bit test should be complete');
    const back = draftOf({ name: 'Runs', typeId: 1, definition: bit });
    expect(back.stopStatus.states[0]).toMatchObject({ kind: 'bit', register: 40001, bit: 5 });
  });

  it('a stacked chart needs two registers', () => {
    const d = { ...newDraft('stacked'), name: 'Flows', typeId: 1, stacked: { registers: [1], span: '6h' as const } };
    const checked = checkDraft(d);
    expect(checked.ok ? [] : checked.problems.map((p) => p.key)).toEqual(['validation.chart.stackedRegisters']);
  });
});
