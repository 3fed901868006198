import {
  canAccess,
  Code,
  DECIMAL_TEXT,
  LANGUAGE_NAMES,
  LANGUAGES,
  MAX_MAP_REGISTERS,
  MAX_UPLOAD_BYTES,
  message,
  REGISTER_ENCODINGS,
  REGISTER_ROLES,
  REGISTER_FORMATS,
  registerMapDiff,
  registerMapProblems,
  UPLOAD_COLUMNS,
  REGISTER_FIELD_NAMES,
  UPLOAD_YES_NO,
  WORD_ORDERS,
  yesNoOf,
  type Language,
  type MessageKey,
  type RegisterDef,
  type UploadColumn,
  type UploadPreview,
  type UploadProblem,
} from '@dms/contract';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { PreparedExport } from '../exports/service.js';
import { readSheet } from '../exports/read-sheet.js';
import type { Cell } from '../exports/xlsx.js';
import type { ControllerTypeService } from './service.js';

/*
 * /device-type/type-config/upload/{id}/{language}: a register map of one language read from .xlsx or .csv (the
 * contract's upload.ts says the columns), checked cell by cell and then by the map's rules, and compared with the
 * current version, nothing saved. Applying is the editor's save (PUT /controller-types/:id) with the map it answers.
 */

/** A problem of the file before it is translated: the sheet row (header = 1), the column, the message key. */
interface RawProblem {
  row: number;
  column: UploadColumn | null;
  key: MessageKey;
  params: Record<string, string | number>;
}

/** Which column each header names: any language's header, or the field's key, case and spaces aside. */
function columnsOf(header: readonly string[]): Map<UploadColumn, number> {
  const known = new Map<string, UploadColumn>();
  const fold = (s: string) => s.toLowerCase().replace(/[\s._-]/g, '');
  for (const c of UPLOAD_COLUMNS) {
    known.set(fold(c), c);
    for (const l of LANGUAGES) known.set(fold(REGISTER_FIELD_NAMES[l][c]), c);
  }
  const out = new Map<UploadColumn, number>();
  header.forEach((text, i) => {
    const c = known.get(fold(text));
    if (c && !out.has(c)) out.set(c, i);
  });
  return out;
}

const INTEGER = /^-?\d+$/;

/**
 * Reads one data row into a register, or the problems of its cells. A column the sheet does not have keeps what the
 * current register of the same number holds (a sheet of number, key and name alone translates names); a new register
 * starts as a one-word unsigned number named in every language as in this one. A present column's empty cell is its
 * default (an optional field left out).
 */
function readRow(
  cells: readonly string[],
  at: ReadonlyMap<UploadColumn, number>,
  row: number,
  language: Language,
  current: ReadonlyMap<number, RegisterDef>,
): RegisterDef | RawProblem[] {
  const problems: RawProblem[] = [];
  const text = (c: UploadColumn) => cells[at.get(c) ?? -1] ?? '';
  const fail = (column: UploadColumn, key: MessageKey, params: Record<string, string | number> = {}) => {
    problems.push({ row, column, key, params: { row, ...params } });
  };
  const integer = (c: UploadColumn, fallback?: number): number => {
    const v = text(c);
    if (v === '' && fallback !== undefined) return fallback;
    if (v === '') fail(c, 'validation.upload.required');
    else if (!INTEGER.test(v)) fail(c, 'validation.upload.integer');
    return Number(v);
  };
  const decimal = (c: UploadColumn): number | undefined => {
    const v = text(c);
    if (v === '') return undefined;
    if (!DECIMAL_TEXT.test(v)) fail(c, 'validation.upload.number');
    return Number(v);
  };
  const choice = <V extends string>(c: UploadColumn, choices: readonly V[], fallback: V): V => {
    const v = text(c).toLowerCase();
    if (v === '') return fallback;
    const found = choices.find((x) => x.toLowerCase() === v);
    if (!found) fail(c, 'validation.upload.choice', { choices: choices.join(', ') });
    return found ?? fallback;
  };
  const yesNo = (c: UploadColumn): boolean => {
    const v = text(c).toLowerCase();
    // An empty cell is no.
    const read = v === '' ? false : yesNoOf(v);
    if (read === null) fail(c, 'validation.upload.yesNo');
    return read === true;
  };
  const number = integer('number');
  const key = text('key');
  if (key === '') fail('key', 'validation.upload.required');
  const name = text('name');
  const before = current.get(number);
  const def: RegisterDef = before
    ? { ...before, key, name: { ...before.name, [language]: name } }
    : { number, key, name: { en: name, zh: name, es: name, ja: name }, format: 'number', unit: '', decimals: 0, writable: false };
  /** The optional fields a present column left empty: out of the register. */
  const cleared = new Set<string>();
  /** Sets a field from its column when the sheet has it; `undefined` leaves an optional field out. */
  const from = <K extends keyof RegisterDef>(c: UploadColumn, field: K, read: () => RegisterDef[K] | undefined) => {
    if (!at.has(c)) return;
    const value = read();
    if (value === undefined) cleared.add(field);
    else def[field] = value;
  };
  from('format', 'format', () => choice('format', REGISTER_FORMATS, 'number'));
  from('unit', 'unit', () => text('unit'));
  from('decimals', 'decimals', () => integer('decimals', 0));
  from('writable', 'writable', () => yesNo('writable'));
  for (const field of ['min', 'max', 'factor', 'offset'] as const) from(field, field, () => decimal(field));
  from('words', 'words', () => (choice('words', ['1', '2'] as const, '1') === '2' ? 2 : undefined));
  from('wordOrder', 'wordOrder', () => (choice('wordOrder', WORD_ORDERS, 'high-first') === 'low-first' ? 'low-first' : undefined));
  from('signed', 'signed', () => (yesNo('signed') ? true : undefined));
  from('encoding', 'encoding', () => (choice('encoding', REGISTER_ENCODINGS, 'int') === 'float32' ? 'float32' : undefined));
  from('operating', 'operating', () => (yesNo('operating') ? true : undefined));
  from('role', 'role', () => (text('role') === '' ? undefined : choice('role', REGISTER_ROLES, 'switch')));
  if (problems.length > 0) return problems;
  return Object.fromEntries(Object.entries(def).filter(([field]) => !cleared.has(field))) as RegisterDef;
}

/** The map rules' field shown as the sheet column it comes from (options and bits are kept, so their words). */
const COLUMN_OF_FIELD: Record<string, UploadColumn> = {
  number: 'number',
  key: 'key',
  name: 'name',
  bits: 'words',
  min: 'min',
  words: 'words',
  encoding: 'encoding',
  factor: 'factor',
  decimals: 'decimals',
};

/** The parameters of a map rule's message that are rows (besides `row`): in an upload, rows of the file. */
const ROW_PARAMS: Partial<Record<MessageKey, readonly string[]>> = {
  'validation.typeMap.numberTwice': ['other'],
  'validation.typeMap.keyTwice': ['other'],
  'validation.typeMap.overlap': ['otherRow'],
};

/**
 * What a file would make of a type's map in `language`: the registers it reads, merged with the current version's
 * (a register of the same number keeps its names in the other languages, its options and its bits; a new one is
 * named in every language as in this one, to translate later), every problem, and the diff against the current map.
 */
export async function previewUpload(
  types: ControllerTypeService,
  id: number,
  language: Language,
  file: { fileName: string; content: string },
  lang: Language,
): Promise<UploadPreview> {
  const current = await types.edit(id);
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.tooLarge');
  const sheet = await readSheet(file.fileName, bytes);
  const header = sheet[0] ?? [];
  const at = columnsOf(header);
  const missing = (['number', 'key', 'name'] as const).filter((c) => !at.has(c));
  if (missing.length > 0)
    throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.header', {
      missing: missing.map((c) => REGISTER_FIELD_NAMES[lang][c]).join(', '),
    });
  const dataRows = sheet
    .slice(1)
    .map((cells, i) => ({ cells, row: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c !== ''));
  if (dataRows.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.empty');
  if (dataRows.length > MAX_MAP_REGISTERS) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.tooMany');

  const byNumber = new Map(current.registers.map((r) => [r.number, r]));
  const problems: RawProblem[] = [];
  const registers: RegisterDef[] = [];
  /** The sheet row of each register read. */
  const rowOf: number[] = [];
  const namesCopied: number[] = [];
  for (const { cells, row } of dataRows) {
    const read = readRow(cells, at, row, language, byNumber);
    if (Array.isArray(read)) {
      problems.push(...read);
      continue;
    }
    if (!byNumber.has(read.number) && read.name[language]) namesCopied.push(read.number);
    registers.push(read);
    rowOf.push(row);
  }
  // The map's rules speak of map rows: the file's rows are named instead.
  for (const p of registerMapProblems(registers)) {
    // A new register's names in the other languages are copies of this one's: its missing name is said once.
    if (
      p.key === 'validation.typeMap.translation' &&
      p.params.language !== LANGUAGE_NAMES[language] &&
      !byNumber.has(registers[p.row - 1]?.number ?? -1)
    )
      continue;
    const rows = new Set(['row', ...(ROW_PARAMS[p.key] ?? [])]);
    const params = Object.fromEntries(
      Object.entries(p.params).map(([k, v]) => [k, rows.has(k) && typeof v === 'number' ? (rowOf[v - 1] ?? v) : v]),
    );
    problems.push({ row: Number(params.row), column: COLUMN_OF_FIELD[p.field] ?? null, key: p.key, params });
  }
  const translated: UploadProblem[] = problems
    .sort((a, b) => a.row - b.row)
    .map((p) => {
      const column = p.column ? REGISTER_FIELD_NAMES[lang][p.column] : '';
      return { row: p.row, column, message: message(lang, p.key, { ...p.params, column }) };
    });
  return { registers, problems: translated, diff: registerMapDiff(current.registers, registers), version: current.version, namesCopied };
}

/** The `type-map` export: a type's map in the upload's columns, headers and yes/no in one language (the template). */
export function typeMapExport(types: ControllerTypeService) {
  return async (auth: AuthContext, body: { filter: { typeId: number; language: Language } }): Promise<PreparedExport> => {
    if (!canAccess(auth.roles, 'deviceType')) throw forbidden();
    const { typeId, language } = body.filter;
    const { code, version, registers } = await types.edit(typeId);
    const yesNo = (v: boolean | undefined) => (v ? UPLOAD_YES_NO[language].yes : UPLOAD_YES_NO[language].no);
    const cells = (r: RegisterDef): Cell[] => [
      r.number,
      r.key,
      r.name[language],
      r.format,
      r.unit,
      r.decimals,
      yesNo(r.writable),
      r.min ?? null,
      r.max ?? null,
      r.words ?? 1,
      r.wordOrder ?? 'high-first',
      yesNo(r.signed),
      r.encoding ?? 'int',
      r.factor ?? null,
      r.offset ?? null,
      yesNo(r.operating),
      r.role ?? '',
    ];
    return {
      fileName: `register-map-${code}-v${version}-${language}`,
      sheet: code.slice(0, 31),
      columns: UPLOAD_COLUMNS.map((c) => ({
        header: REGISTER_FIELD_NAMES[language][c],
        kind: ['number', 'decimals', 'min', 'max', 'words', 'factor', 'offset'].includes(c) ? 'number' : 'text',
      })),
      total: registers.length,
      // The map as it is when the job writes it.
      rows: async function* () {
        for (const r of (await types.edit(typeId)).registers) yield cells(r);
      },
    };
  };
}
