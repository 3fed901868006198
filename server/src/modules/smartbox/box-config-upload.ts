import {
  BOX_CONFIG_WORDS,
  BOX_PARAM_COLUMNS,
  BOX_PARAM_FORMATS,
  boxConfigProblems,
  canAccess,
  Code,
  DECIMAL_TEXT,
  defaultIn,
  diffBoxConfig,
  LANGUAGE_NAMES,
  LANGUAGES,
  MAX_BOX_PARAMS,
  MAX_UPLOAD_BYTES,
  message,
  yesNoOf,
  type BoxConfigPreview,
  type BoxParam,
  type BoxParamColumn,
  type BoxParamFormat,
  type BoxParamProblem,
  type Language,
  type MessageKey,
} from '@dms/contract';
import { AppError, forbidden } from '../../errors.js';
import { foldHeader, readSheet, rowsByHeader } from '../exports/read-sheet.js';
import type { ExportSource } from '../exports/service.js';
import type { BoxTypeService } from './box-types.js';

/*
 * /smartbox/config/upload/{id}/{language}: a box type's configuration of one language read from .xlsx or .csv (the
 * columns of the contract's BOX_PARAM_COLUMNS, headed in any language or by key), checked cell by cell and by the
 * configuration's rules, and compared with the version in use; nothing saved. Applying is PUT
 * /smartbox/box-types/{id}/config with the parameters it answers.
 */

/** Which column each header names: its key, or its name in any language. */
const HEADERS = new Map<string, BoxParamColumn>();
for (const c of BOX_PARAM_COLUMNS) {
  HEADERS.set(foldHeader(c), c);
  for (const l of LANGUAGES) HEADERS.set(foldHeader(BOX_CONFIG_WORDS[l].columns[c]), c);
}
/** A format as a cell may write it: its key or its name in any language. */
const FORMATS = new Map<string, BoxParamFormat>();
for (const f of BOX_PARAM_FORMATS) {
  FORMATS.set(foldHeader(f), f);
  for (const l of LANGUAGES) FORMATS.set(foldHeader(BOX_CONFIG_WORDS[l].formats[f]), f);
}

interface RawProblem {
  row: number;
  column: BoxParamColumn | null;
  key: MessageKey;
  params: Record<string, string | number>;
}

/**
 * One data row as a parameter, or its cells' problems. A column the sheet lacks keeps what the parameter of the same
 * key holds; a new parameter is named (and noted) in every language as in this one, as text with no default.
 */
function readRow(
  cells: Record<BoxParamColumn, string>,
  present: ReadonlySet<BoxParamColumn>,
  row: number,
  language: Language,
  current: ReadonlyMap<string, BoxParam>,
): BoxParam | RawProblem[] {
  const problems: RawProblem[] = [];
  const fail = (column: BoxParamColumn, key: MessageKey, more: Record<string, string | number> = {}) => {
    problems.push({ row, column, key, params: { row, ...more } });
  };
  const key = cells.key;
  if (key === '') fail('key', 'validation.upload.required');
  const name = cells.name;
  const before = current.get(key);
  const copy = (text: string) => ({ en: text, zh: text, es: text, ja: text });
  const p: BoxParam = before
    ? { ...before, name: { ...before.name, [language]: name } }
    : { key, name: copy(name), format: 'text', unit: '', default: '', note: copy(present.has('note') ? cells.note : '') };
  if (before && present.has('note')) p.note = { ...before.note, [language]: cells.note };
  if (present.has('format')) {
    const format = FORMATS.get(foldHeader(cells.format));
    if (cells.format === '') p.format = before?.format ?? 'text';
    else if (format) p.format = format;
    else fail('format', 'validation.upload.choice', { choices: BOX_PARAM_FORMATS.join(', ') });
  }
  if (present.has('unit')) p.unit = cells.unit;
  if (present.has('default')) {
    const text = cells.default;
    const yesNo = p.format === 'yes-no' ? yesNoOf(text) : null;
    p.default = yesNo === null ? text : yesNo ? 'yes' : 'no';
  }
  for (const bound of ['min', 'max'] as const) {
    if (!present.has(bound)) continue;
    const text = cells[bound];
    if (text === '') {
      if (bound === 'min') delete p.min;
      else delete p.max;
    } else if (!DECIMAL_TEXT.test(text)) fail(bound, 'validation.upload.number');
    else p[bound] = Number(text);
  }
  return problems.length > 0 ? problems : p;
}

/** The rules' field shown as the sheet column it comes from. */
const COLUMN_OF: Record<BoxParamProblem['field'], BoxParamColumn> = {
  key: 'key',
  name: 'name',
  format: 'format',
  default: 'default',
  min: 'min',
  max: 'max',
};

/** What a sheet of `language` would make of a box type's configuration: parameters, problems, diff. */
export async function previewBoxConfig(
  types: BoxTypeService,
  id: number,
  language: Language,
  file: { fileName: string; content: string },
  lang: Language,
): Promise<BoxConfigPreview> {
  const current = await types.config(id);
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.tooLarge');
  const { missing, rows } = rowsByHeader(await readSheet(file.fileName, bytes), HEADERS, BOX_PARAM_COLUMNS);
  const required = missing.filter((c) => c === 'key' || c === 'name');
  if (required.length > 0)
    throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.header', {
      missing: required.map((c) => BOX_CONFIG_WORDS[lang].columns[c]).join(', '),
    });
  if (rows.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.boxConfig.noRows');
  if (rows.length > MAX_BOX_PARAMS) throw new AppError(Code.VALIDATION_FAILED, 'validation.boxConfig.tooManyRows');

  const present = new Set(BOX_PARAM_COLUMNS.filter((c) => !missing.includes(c)));
  const byKey = new Map(current.params.map((p) => [p.key, p]));
  const problems: RawProblem[] = [];
  const params: BoxParam[] = [];
  const rowOf: number[] = [];
  const namesCopied: string[] = [];
  for (const { cells, row } of rows) {
    const read = readRow(cells, present, row, language, byKey);
    if (Array.isArray(read)) {
      problems.push(...read);
      continue;
    }
    if (!byKey.has(read.key) && read.name[language]) namesCopied.push(read.key);
    params.push(read);
    rowOf.push(row);
  }
  for (const p of boxConfigProblems(params)) {
    // A new parameter's names in the other languages are copies of this one's: its missing name is said once.
    if (
      p.key === 'validation.boxConfig.translation' &&
      p.params.language !== LANGUAGE_NAMES[language] &&
      !byKey.has(params[p.row - 1]?.key ?? '')
    )
      continue;
    const fileRow = (n: number) => rowOf[n - 1] ?? n;
    const more = { ...p.params, row: fileRow(p.row), ...(typeof p.params.other === 'number' ? { other: fileRow(p.params.other) } : {}) };
    problems.push({ row: fileRow(p.row), column: COLUMN_OF[p.field], key: p.key, params: more });
  }
  return {
    params,
    problems: problems
      .sort((a, b) => a.row - b.row)
      .map((p) => {
        const column = p.column ? BOX_CONFIG_WORDS[lang].columns[p.column] : '';
        return { row: p.row, column, message: message(lang, p.key, { ...p.params, column }) };
      }),
    diff: diffBoxConfig(current.params, params),
    version: current.current,
    namesCopied,
  };
}

/** The `box-config` export: a type's configuration in the upload's columns, headed in one language (the template). */
export function boxConfigExport(types: BoxTypeService): ExportSource<'box-config'> {
  return async (auth, body) => {
    if (!canAccess(auth.roles, 'smartboxRoot')) throw forbidden();
    const { typeId, language } = body.filter;
    const config = await types.config(typeId);
    const words = BOX_CONFIG_WORDS[language];
    const cells = (p: BoxParam) => [
      p.key,
      p.name[language],
      words.formats[p.format],
      p.unit,
      defaultIn(p, language),
      p.min ?? null,
      p.max ?? null,
      p.note[language],
    ];
    return {
      fileName: `box-config-${config.code}-v${config.version}-${language}`,
      sheet: config.code.slice(0, 31),
      columns: BOX_PARAM_COLUMNS.map((c) => ({ header: words.columns[c], kind: c === 'min' || c === 'max' ? 'number' : 'text' })),
      total: config.params.length,
      // The configuration as it is when the job writes it.
      rows: async function* () {
        for (const p of (await types.config(typeId)).params) yield cells(p);
      },
    };
  };
}
