import type { Language, RuleCondition } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en';
import es from '@/locales/es';
import ja from '@/locales/ja';
import zh from '@/locales/zh';
import { translator } from '@/i18n/translate';
import type { Translations } from '@/i18n/types';
import { clearWords, conditionWords, durationWords, leafWords, ruleWords, type WordsContext, type WordsRegister } from './words';

const REGISTERS: WordsRegister[] = [
  {
    number: 30,
    name: { en: 'Discharge temperature', zh: '排气温度', es: 'Temperatura de descarga', ja: '吐出温度' },
    unit: '°C',
  },
  { number: 31, name: { en: 'Discharge pressure', zh: '排气压力', es: 'Presión de descarga', ja: '吐出圧力' }, unit: 'bar' },
  {
    number: 40,
    name: { en: 'Fault bits', zh: '故障位', es: 'Bits de fallo', ja: '故障ビット' },
    unit: '',
    bits: [
      {
        bit: 0,
        severity: 'fault',
        name: { en: 'Main motor overload', zh: '主电机过载', es: 'Sobrecarga del motor', ja: '主モーター過負荷' },
      },
    ],
  },
];

const CATALOGUES: Record<Language, Translations> = { en, zh, es, ja };
const ctx = (lang: Language): WordsContext => ({ t: translator(CATALOGUES[lang], lang), lang, registers: REGISTERS });

const hot: RuleCondition = { kind: 'compare', register: 30, op: '>', value: 105 };

describe('a rule in words', () => {
  it('reads a comparison held for a while, in all four languages', () => {
    const rule = { condition: hot, durationS: 120 };
    expect(ruleWords(rule, ctx('en'))).toBe('Discharge temperature > 105 °C for 2 min');
    expect(ruleWords(rule, ctx('zh'))).toBe('排气温度 > 105 °C 持续 2分钟');
    expect(ruleWords(rule, ctx('es'))).toBe('Temperatura de descarga > 105 °C durante 2 min');
    expect(ruleWords(rule, ctx('ja'))).toBe('吐出温度 > 105 °C が 2 分続く');
  });

  it('leaves the time out when the condition starts the event at once, and writes the signs people write', () => {
    expect(ruleWords({ condition: { ...hot, op: '>=' }, durationS: 0 }, ctx('en'))).toBe('Discharge temperature ≥ 105 °C');
    expect(conditionWords({ ...hot, op: '!=', value: 0 }, ctx('en'))).toBe('Discharge temperature ≠ 0 °C');
  });

  it('reads each kind of condition', () => {
    const en1 = ctx('en');
    expect(leafWords({ kind: 'band', register: 31, inside: false, low: 6, high: 8.5 }, en1)).toBe(
      'Discharge pressure outside 6 bar to 8.5 bar',
    );
    expect(leafWords({ kind: 'band', register: 31, inside: true, low: 6, high: 8 }, en1)).toBe(
      'Discharge pressure between 6 bar and 8 bar',
    );
    expect(leafWords({ kind: 'bit', register: 40, bit: 0, set: true }, en1)).toBe('Fault bits: Main motor overload (bit 0) set');
    expect(leafWords({ kind: 'bit', register: 40, bit: 3, set: false }, en1)).toBe('Fault bits: bit 3 cleared');
    expect(leafWords({ kind: 'rate', register: 30, direction: 'rise', amount: 10, windowS: 300 }, en1)).toBe(
      'Discharge temperature rises by 10 °C within 5 min',
    );
    expect(leafWords({ kind: 'offline', minutes: 90 }, en1)).toBe('Offline for 1 hr, 30 min');
    expect(leafWords({ kind: 'offline', minutes: 90 }, ctx('zh'))).toBe('离线 1小时30分钟');
  });

  it('joins a combination with the language’s own “and” / “or”', () => {
    const all: RuleCondition = { kind: 'all', conditions: [hot, { kind: 'compare', register: 31, op: '<', value: 2 }] };
    expect(conditionWords(all, ctx('en'))).toBe('Discharge temperature > 105 °C and Discharge pressure < 2 bar');
    expect(conditionWords(all, ctx('es'))).toBe('Temperatura de descarga > 105 °C y Presión de descarga < 2 bar');
    const any: RuleCondition = { ...all, kind: 'any' };
    expect(conditionWords(any, ctx('en'))).toBe('Discharge temperature > 105 °C or Discharge pressure < 2 bar');
    expect(conditionWords(any, ctx('zh'))).toBe('排气温度 > 105 °C或排气压力 < 2 bar');
  });

  it('names a register the map does not know by its number, and a part not filled in yet as “…”', () => {
    expect(conditionWords({ kind: 'compare', register: 99, op: '<', value: 1 }, ctx('en'))).toBe('Register 99 < 1');
    expect(conditionWords({ kind: 'compare', register: -1, op: '>', value: Number.NaN }, ctx('en'))).toBe('… > …');
    expect(conditionWords({ kind: 'compare', register: 30, op: '>', value: Number.NaN }, ctx('ja'))).toBe('吐出温度 > …');
  });

  it('says how the event ends: its clear condition, the hysteresis, or the condition stopping', () => {
    const en1 = ctx('en');
    expect(clearWords({ condition: hot, clear: { ...hot, op: '<', value: 95 }, hysteresis: 0, debounceS: 60 }, en1)).toBe(
      'Ends when Discharge temperature < 95 °C for 1 min.',
    );
    expect(clearWords({ condition: hot, hysteresis: 5, debounceS: 0 }, en1)).toBe('Ends when the value is 5 °C back past the threshold.');
    expect(clearWords({ condition: hot, hysteresis: 0, debounceS: 30 }, en1)).toBe('Ends when the condition no longer holds for 30 sec.');
    expect(clearWords({ condition: { kind: 'offline', minutes: 5 }, hysteresis: 2, debounceS: 0 }, en1)).toBe(
      'Ends when the condition no longer holds.',
    );
  });

  it('writes lengths of time in the language’s units', () => {
    expect(durationWords(0, 'en')).toBe('0 sec');
    expect(durationWords(3725, 'en')).toBe('1 hr, 2 min, 5 sec');
    expect(durationWords(120, 'ja')).toBe('2 分');
    expect(durationWords(Number.NaN, 'en')).toBe('…');
  });
});
