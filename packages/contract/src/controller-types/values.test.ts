import { describe, expect, it } from 'vitest';
import {
  engineeringValue,
  rawFromEngineering,
  rawFromWords,
  rawRange,
  registerRaw,
  wordAddresses,
  wordsFromRaw,
  writeRange,
  type RegisterCoding,
} from './values.js';

/** The words of a big-endian byte sequence, two bytes each, as Modbus sends them. */
const words = (hex: string): number[] => (hex.replace(/ /g, '').match(/.{4}/g) ?? []).map((w) => parseInt(w, 16));

type Coding = Omit<RegisterCoding, 'number' | 'decimals' | 'factor' | 'offset'>;

/** Known byte sequences and what each coding reads from them (the first word at the register's number). */
const CASES: Array<{ name: string; coding: Coding; bytes: string; raw: number }> = [
  { name: '1 word, unsigned', coding: {}, bytes: '0000', raw: 0 },
  { name: '1 word, unsigned, top', coding: {}, bytes: 'FFFF', raw: 65_535 },
  { name: '1 word, unsigned, 0x8000', coding: { signed: false }, bytes: '8000', raw: 32_768 },
  { name: '1 word, signed, -1', coding: { signed: true }, bytes: 'FFFF', raw: -1 },
  { name: '1 word, signed, -125', coding: { signed: true }, bytes: 'FF83', raw: -125 },
  { name: '1 word, signed, lowest', coding: { signed: true }, bytes: '8000', raw: -32_768 },
  { name: '1 word, signed, highest', coding: { signed: true }, bytes: '7FFF', raw: 32_767 },
  { name: '2 words, unsigned, high first', coding: { words: 2 }, bytes: '0001 1170', raw: 70_000 },
  { name: '2 words, unsigned, low first', coding: { words: 2, wordOrder: 'low-first' }, bytes: '1170 0001', raw: 70_000 },
  { name: '2 words, unsigned, top', coding: { words: 2 }, bytes: 'FFFF FFFF', raw: 4_294_967_295 },
  { name: '2 words, unsigned, past one word', coding: { words: 2 }, bytes: '0001 0000', raw: 65_536 },
  { name: '2 words, signed, -1', coding: { words: 2, signed: true }, bytes: 'FFFF FFFF', raw: -1 },
  { name: '2 words, signed, -70000, high first', coding: { words: 2, signed: true }, bytes: 'FFFE EE90', raw: -70_000 },
  {
    name: '2 words, signed, -70000, low first',
    coding: { words: 2, signed: true, wordOrder: 'low-first' },
    bytes: 'EE90 FFFE',
    raw: -70_000,
  },
  { name: '2 words, signed, lowest', coding: { words: 2, signed: true }, bytes: '8000 0000', raw: -2_147_483_648 },
  { name: '2 words, signed, highest', coding: { words: 2, signed: true }, bytes: '7FFF FFFF', raw: 2_147_483_647 },
  { name: 'float32, high first, 1.5', coding: { words: 2, encoding: 'float32' }, bytes: '3FC0 0000', raw: 1.5 },
  { name: 'float32, low first, 1.5', coding: { words: 2, encoding: 'float32', wordOrder: 'low-first' }, bytes: '0000 3FC0', raw: 1.5 },
  { name: 'float32, -2.25', coding: { words: 2, encoding: 'float32' }, bytes: 'C010 0000', raw: -2.25 },
  { name: 'float32, 100000', coding: { words: 2, encoding: 'float32' }, bytes: '47C3 5000', raw: 100_000 },
  { name: 'float32, zero', coding: { words: 2, encoding: 'float32' }, bytes: '0000 0000', raw: 0 },
];

describe('register values (map version 2)', () => {
  it.each(CASES)('reads $name', ({ coding, bytes, raw }) => {
    const [first, second] = words(bytes);
    expect(rawFromWords(coding, first, second)).toBe(raw);
  });

  it.each(CASES)('writes $name back to the same words', ({ coding, bytes, raw }) => {
    expect(wordsFromRaw(coding, raw)).toEqual(words(bytes).slice(0, coding.words === 2 ? 2 : 1));
  });

  it('reads float32 to its own precision', () => {
    const [first, second] = words('3DCC CCCD'); // 0.1 as float32
    expect(rawFromWords({ words: 2, encoding: 'float32' }, first, second)).toBeCloseTo(0.1, 7);
  });

  it('reads nothing when a word is missing', () => {
    expect(rawFromWords({}, undefined)).toBeUndefined();
    expect(rawFromWords({ words: 2 }, 1, undefined)).toBeUndefined();
    expect(rawFromWords({ words: 2 }, undefined, 1)).toBeUndefined();
  });

  it('finds a register of two words at its number and the next, by address', () => {
    const def: RegisterCoding = { number: 40053, decimals: 0, words: 2 };
    expect(wordAddresses(def)).toEqual([40053, 40054]);
    expect(wordAddresses({ number: 7 })).toEqual([7]);
    expect(registerRaw(def, { 40053: 1, 40054: 0x1170 })).toBe(70_000);
    expect(registerRaw(def, { 40053: 1 })).toBeUndefined();
  });

  it('refuses to write what the words cannot hold', () => {
    expect(wordsFromRaw({}, 65_536)).toBeUndefined();
    expect(wordsFromRaw({}, -1)).toBeUndefined();
    expect(wordsFromRaw({ signed: true }, 32_768)).toBeUndefined();
    expect(wordsFromRaw({ words: 2 }, 2 ** 32)).toBeUndefined();
    expect(wordsFromRaw({ words: 2, signed: true }, -(2 ** 31) - 1)).toBeUndefined();
    expect(wordsFromRaw({}, 1.5)).toBeUndefined();
    expect(wordsFromRaw({ words: 2, encoding: 'float32' }, Number.NaN)).toBeUndefined();
  });

  it('gives the range of raw values of each coding', () => {
    expect(rawRange({})).toEqual({ min: 0, max: 65_535 });
    expect(rawRange({ signed: true })).toEqual({ min: -32_768, max: 32_767 });
    expect(rawRange({ words: 2 })).toEqual({ min: 0, max: 4_294_967_295 });
    expect(rawRange({ words: 2, signed: true })).toEqual({ min: -2_147_483_648, max: 2_147_483_647 });
  });

  it('scales by decimals, or by factor and offset, and back', () => {
    expect(engineeringValue({ decimals: 2 }, 85)).toBe(0.85);
    expect(engineeringValue({ decimals: 1 }, 3)).toBe(0.3);
    expect(engineeringValue({ decimals: 1 }, -125)).toBe(-12.5);
    expect(engineeringValue({ decimals: 1, factor: 0.5, offset: -40 }, 100)).toBe(10);
    expect(engineeringValue({ decimals: 2 }, 12_345, 1)).toBe(123.45);
    expect(engineeringValue({ decimals: 0 }, 1.2345, 1)).toBe(1.2);
    expect(rawFromEngineering({ decimals: 2 }, 0.3)).toBe(30);
    expect(rawFromEngineering({ decimals: 1, factor: 0.5, offset: -40 }, 10)).toBe(100);
    expect(rawFromEngineering({ decimals: 2, encoding: 'float32' }, 1.25)).toBe(125);
    expect(rawFromEngineering({ decimals: 0, factor: 1, encoding: 'float32' }, 1.25)).toBe(1.25);
  });

  it('writes within the map range, else what the words hold in engineering units', () => {
    expect(writeRange({ decimals: 2, min: 0.3, max: 1.3 })).toEqual({ min: 0.3, max: 1.3 });
    expect(writeRange({ decimals: 1 })).toEqual({ min: 0, max: 6553.5 });
    expect(writeRange({ decimals: 1, signed: true })).toEqual({ min: -3276.8, max: 3276.7 });
    expect(writeRange({ decimals: 0, words: 2 })).toEqual({ min: 0, max: 4_294_967_295 });
    // A negative factor turns the ends round.
    expect(writeRange({ decimals: 0, factor: -1 })).toEqual({ min: -65_535, max: 0 });
  });
});
