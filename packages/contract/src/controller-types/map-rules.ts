import { LANGUAGE_NAMES, LANGUAGES } from '../i18n.js';
import type { MessageKey } from '../messages.js';
import { rawRange, wordCount } from './values.js';
import type { RegisterDef } from './schemas.js';

/*
 * The rules of a register map as root edits it (/device-type/type-config/edit/{id}, and the upload that follows):
 * written once, so that the editor shows row by row what the server refuses, in the same words. Each problem names
 * its row (1-based, as the editor numbers them) and field.
 */

/** One rule a row of the map breaks: where, and the message (with its parameters) that says so. */
export interface MapProblem {
  /** The row, 1-based. */
  row: number;
  field: 'number' | 'key' | 'name' | 'bits' | 'options' | 'min' | 'words' | 'encoding' | 'factor' | 'decimals';
  key: MessageKey;
  params: Record<string, string | number>;
}

const KEY = /^[a-z][a-z0-9_]{0,63}$/;
const NUMBER_MAX = 65_535;

/**
 * Every rule the rows break, in row order: a number or key used twice, a register of two words overlapping the next
 * one's address, a bit beyond the register's words or named twice or without its text in a language, an option value
 * the register's words cannot hold or without its name in a language, min above max, a name missing in a language, a
 * float32 of one word, a factor of 0, a number or decimals out of range. An empty list: the map may be saved.
 */
export function registerMapProblems(registers: readonly RegisterDef[]): MapProblem[] {
  const problems: MapProblem[] = [];
  const byNumber = new Map<number, number>();
  const byKey = new Map<string, number>();
  registers.forEach((r, i) => {
    const row = i + 1;
    if (!Number.isInteger(r.number) || r.number < 0 || r.number + wordCount(r) - 1 > NUMBER_MAX)
      problems.push({ row, field: 'number', key: 'validation.typeMap.numberRange', params: { row, number: r.number } });
    const sameNumber = byNumber.get(r.number);
    if (sameNumber !== undefined)
      problems.push({ row, field: 'number', key: 'validation.typeMap.numberTwice', params: { row, number: r.number, other: sameNumber } });
    else byNumber.set(r.number, row);
    if (!KEY.test(r.key)) problems.push({ row, field: 'key', key: 'validation.typeMap.key', params: { row } });
    const sameKey = byKey.get(r.key);
    if (sameKey !== undefined)
      problems.push({ row, field: 'key', key: 'validation.typeMap.keyTwice', params: { row, key: r.key, other: sameKey } });
    else byKey.set(r.key, row);
    for (const language of LANGUAGES)
      if (!r.name[language].trim())
        problems.push({ row, field: 'name', key: 'validation.typeMap.translation', params: { row, language: LANGUAGE_NAMES[language] } });
    if (!Number.isInteger(r.decimals) || r.decimals < 0 || r.decimals > 6)
      problems.push({ row, field: 'decimals', key: 'validation.typeMap.decimals', params: { row } });
    if (r.encoding === 'float32' && r.words !== 2)
      problems.push({ row, field: 'encoding', key: 'validation.typeMap.floatWords', params: { row } });
    if (r.factor === 0) problems.push({ row, field: 'factor', key: 'validation.typeMap.factor', params: { row } });
    if (r.min !== undefined && r.max !== undefined && r.min > r.max)
      problems.push({ row, field: 'min', key: 'validation.typeMap.minMax', params: { row, min: r.min, max: r.max } });
    const maxBit = wordCount(r) * 16 - 1;
    const bitsSeen = new Set<number>();
    for (const b of r.bits ?? []) {
      if (b.bit > maxBit)
        problems.push({ row, field: 'bits', key: 'validation.typeMap.bitRange', params: { row, bit: b.bit, max: maxBit } });
      if (bitsSeen.has(b.bit)) problems.push({ row, field: 'bits', key: 'validation.typeMap.bitTwice', params: { row, bit: b.bit } });
      bitsSeen.add(b.bit);
      for (const language of LANGUAGES)
        if (!b.name[language].trim())
          problems.push({
            row,
            field: 'bits',
            key: 'validation.typeMap.bitText',
            params: { row, bit: b.bit, language: LANGUAGE_NAMES[language] },
          });
    }
    const { min: lowest, max: highest } = rawRange(r);
    for (const [raw, name] of Object.entries(r.options ?? {})) {
      const value = Number(raw);
      if (value < lowest || value > highest)
        problems.push({
          row,
          field: 'options',
          key: 'validation.typeMap.optionRange',
          params: { row, value: raw, min: lowest, max: highest },
        });
      for (const language of LANGUAGES)
        if (!name[language].trim())
          problems.push({
            row,
            field: 'options',
            key: 'validation.typeMap.optionText',
            params: { row, value: raw, language: LANGUAGE_NAMES[language] },
          });
    }
  });
  // A register of two words takes the next address too: no other register may sit there.
  registers.forEach((r, i) => {
    if (wordCount(r) !== 2) return;
    const other = byNumber.get(r.number + 1);
    if (other !== undefined && other !== i + 1)
      problems.push({
        row: i + 1,
        field: 'words',
        key: 'validation.typeMap.overlap',
        params: { row: i + 1, number: r.number, other: r.number + 1, otherRow: other },
      });
  });
  return problems.sort((a, b) => a.row - b.row);
}

/** What changed from one map to another, by register number: added, removed, and changed with the fields that differ. */
export interface MapDiff {
  added: RegisterDef[];
  removed: RegisterDef[];
  changed: Array<{ before: RegisterDef; after: RegisterDef; fields: DiffField[] }>;
}

/** The fields of a register compared by the diff, in the order the editor shows them. */
export const DIFF_FIELDS = [
  'key',
  'name',
  'format',
  'unit',
  'decimals',
  'writable',
  'min',
  'max',
  'words',
  'wordOrder',
  'signed',
  'encoding',
  'factor',
  'offset',
  'operating',
  'role',
  'options',
  'bits',
] as const satisfies ReadonlyArray<keyof RegisterDef>;
/** A field of a register the diff names. */
export type DiffField = (typeof DIFF_FIELDS)[number];

/** A field's value as the diff compares it: absent and the default of a map version 1 register are the same. */
function comparable(r: RegisterDef, field: DiffField): string {
  const value =
    field === 'words'
      ? wordCount(r)
      : field === 'wordOrder'
        ? (r.wordOrder ?? 'high-first')
        : field === 'signed'
          ? (r.signed ?? false)
          : field === 'encoding'
            ? (r.encoding ?? 'int')
            : field === 'operating'
              ? (r.operating ?? false)
              : r[field];
  return JSON.stringify(value ?? null);
}

/** The difference between two versions of a map (or a saved map and an edited one). */
export function registerMapDiff(before: readonly RegisterDef[], after: readonly RegisterDef[]): MapDiff {
  const old = new Map(before.map((r) => [r.number, r]));
  const now = new Map(after.map((r) => [r.number, r]));
  const byNumber = (a: RegisterDef, b: RegisterDef) => a.number - b.number;
  const changed: MapDiff['changed'] = [];
  for (const r of after) {
    const was = old.get(r.number);
    if (!was) continue;
    const fields = DIFF_FIELDS.filter((f) => comparable(was, f) !== comparable(r, f));
    if (fields.length > 0) changed.push({ before: was, after: r, fields });
  }
  return {
    added: after.filter((r) => !old.has(r.number)).sort(byNumber),
    removed: before.filter((r) => !now.has(r.number)).sort(byNumber),
    changed: changed.sort((a, b) => a.after.number - b.after.number),
  };
}

/** How many registers a diff touches. */
export const diffSize = (d: MapDiff): number => d.added.length + d.removed.length + d.changed.length;
