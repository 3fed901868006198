import { describe, expect, it } from 'vitest';
import { registerMapDiff, registerMapProblems, type RegisterDef } from '../index.js';

const NAME = { en: 'A', zh: '甲', es: 'A', ja: 'エー' };
const reg = (number: number, key: string, more: Partial<RegisterDef> = {}): RegisterDef => ({
  number,
  key,
  name: NAME,
  format: 'number',
  unit: '',
  decimals: 0,
  writable: false,
  ...more,
});

describe('register map rules', () => {
  it('passes a good map, with a register of two words and a 32-bit bit field', () => {
    expect(
      registerMapProblems([
        reg(1, 'a', { words: 2 }),
        reg(3, 'b', { format: 'bits', words: 2, bits: [{ bit: 31, severity: 'fault', name: NAME }] }),
      ]),
    ).toEqual([]);
  });

  it('names each broken rule by row and field', () => {
    const problems = registerMapProblems([
      reg(1, 'a', { words: 2 }),
      reg(2, 'a'),
      reg(65_535, 'c', { words: 2, encoding: 'float32', factor: 0 }),
      reg(5, 'd', { encoding: 'float32', decimals: 7 }),
    ]);
    expect(problems.map((p) => [p.row, p.field, p.key])).toEqual([
      [1, 'words', 'validation.typeMap.overlap'],
      [2, 'key', 'validation.typeMap.keyTwice'],
      [3, 'number', 'validation.typeMap.numberRange'],
      [3, 'factor', 'validation.typeMap.factor'],
      [4, 'decimals', 'validation.typeMap.decimals'],
      [4, 'encoding', 'validation.typeMap.floatWords'],
    ]);
    expect(problems[0]?.params).toEqual({ row: 1, number: 1, other: 2, otherRow: 2 });
  });

  it("names a bit named twice and a bit's missing text, with its language", () => {
    const problems = registerMapProblems([
      reg(1, 'faults', {
        format: 'bits',
        bits: [
          { bit: 2, severity: 'fault', name: NAME },
          { bit: 2, severity: 'alert', name: { ...NAME, zh: ' ' } },
        ],
      }),
    ]);
    expect(problems.map((p) => [p.row, p.field, p.key, p.params])).toEqual([
      [1, 'bits', 'validation.typeMap.bitTwice', { row: 1, bit: 2 }],
      [1, 'bits', 'validation.typeMap.bitText', { row: 1, bit: 2, language: '中文' }],
    ]);
  });

  it("names an option value the register's words cannot hold and an option's missing name, with its language", () => {
    const problems = registerMapProblems([
      reg(1, 'mode', { format: 'enum', options: { '0': NAME, '-1': NAME, '65536': NAME, '7': { ...NAME, ja: '' } } }),
      reg(2, 'signed_mode', { format: 'enum', signed: true, options: { '-1': NAME, '32768': NAME } }),
      reg(3, 'wide_mode', { format: 'enum', words: 2, options: { '65536': NAME } }),
    ]);
    expect(problems.map((p) => [p.row, p.field, p.key, p.params])).toEqual([
      [1, 'options', 'validation.typeMap.optionText', { row: 1, value: '7', language: '日本語' }],
      [1, 'options', 'validation.typeMap.optionRange', { row: 1, value: '65536', min: 0, max: 65_535 }],
      [1, 'options', 'validation.typeMap.optionRange', { row: 1, value: '-1', min: 0, max: 65_535 }],
      [2, 'options', 'validation.typeMap.optionRange', { row: 2, value: '32768', min: -32_768, max: 32_767 }],
    ]);
  });
});

describe('register map diff', () => {
  it('lists the registers added, removed and changed, with the fields; a default and an absent field are the same', () => {
    const before = [reg(1, 'a'), reg(2, 'b'), reg(3, 'c', { words: 1, signed: false })];
    const after = [reg(1, 'a', { unit: 'kW', words: 2 }), reg(3, 'c'), reg(4, 'd')];
    const diff = registerMapDiff(before, after);
    expect(diff.added.map((r) => r.number)).toEqual([4]);
    expect(diff.removed.map((r) => r.number)).toEqual([2]);
    expect(diff.changed.map((c) => [c.after.number, c.fields])).toEqual([[1, ['unit', 'words']]]);
  });

  it('compares the operating flag and the role, an absent flag being false', () => {
    const before = [reg(1, 'a', { writable: true }), reg(2, 'b', { writable: true, operating: false })];
    const after = [reg(1, 'a', { writable: true, operating: true, role: 'switch' }), reg(2, 'b', { writable: true })];
    expect(registerMapDiff(before, after).changed.map((c) => [c.after.number, c.fields])).toEqual([[1, ['operating', 'role']]]);
  });
});
