import { describe, expect, it } from 'vitest';
import type { RegisterDef } from '@dms/contract';
import en from '@/locales/en';
import { translator } from '@/i18n/translate';
import { chartWords } from './words';

const registers = [
  { number: 40001, key: 'run_state', name: { en: 'Run state', zh: '运行状态', es: 'Estado', ja: '運転状態' }, unit: '' },
  { number: 40002, key: 'pressure', name: { en: 'Pressure', zh: '压力', es: 'Presión', ja: '圧力' }, unit: 'bar' },
] as unknown as RegisterDef[];

describe('a chart in words', () => {
  const t = translator(en, 'en');
  const ctx = { t, lang: 'en' as const, registers };
  it('says a gauge’s register, range, unit and bands', () => {
    expect(
      chartWords(
        {
          kind: 'gauge',
          register: 40002,
          min: 0,
          max: 12,
          unit: '',
          bands: [
            { to: 8, level: 'normal' },
            { to: 12, level: 'fault' },
          ],
        },
        ctx,
      ),
    ).toBe('Pressure: 0 to 12 bar, 2 bands');
  });
  it('says a stacked chart’s registers and window, and a stop-status chart’s states in order', () => {
    expect(chartWords({ kind: 'stacked', registers: [40001, 40002, 7], span: '7d' }, ctx)).toBe('Run state + Pressure + #7, over 7 days');
    expect(
      chartWords(
        {
          kind: 'stop-status',
          states: [
            { state: 'loaded', when: { kind: 'compare', register: 40001, op: '=', value: 2 } },
            { state: 'faulted', when: { kind: 'bit', register: 40002, bit: 3, set: true } },
          ],
          otherwise: 'stopped',
          working: ['loaded'],
          gapS: 300,
        },
        ctx,
      ),
    ).toBe('Loaded when Run state = 2; Faulted when Pressure bit 3 set; otherwise Stopped');
  });
});
