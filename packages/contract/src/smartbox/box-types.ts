import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n.js';
import type { MessageKey } from '../messages.js';
import { DECIMAL_TEXT, UPLOAD_YES_NO } from '../controller-types/upload.js';
import { BOX_TYPE_NAME } from './firmware.js';

/*
 * Box types as data (issue 23; docs/api.md "Box types"): each box type (the model family a box is registered as,
 * `DTU-4G`) has a configuration, the parameters its boxes hold, each with its name and note in every language, its
 * format, unit, default and range. Root keeps it at /smartbox/config/upload/{id}/{language} (a sheet of one language,
 * previewed and applied as the next version) and reads it as the protocol document at
 * /smartbox/config/protocol/{id}/{language}. A parameter the `config` command sets (`interval`, `deadband`) bounds
 * what /smartbox/box-dws may send the type's boxes. The rules and the document are written once, here, for the server
 * and the console.
 */

export const BOX_PARAM_FORMATS = ['number', 'text', 'yes-no'] as const;
export type BoxParamFormat = (typeof BOX_PARAM_FORMATS)[number];
/** Most parameters a configuration holds. */
export const MAX_BOX_PARAMS = 200;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** The parameters the `config` command sets (docs/box-protocol.md), with the range the protocol allows them. */
export const COMMAND_PARAMS: Readonly<Record<string, { min: number; max: number }>> = {
  interval: { min: 1, max: 3600 },
  deadband: { min: 0, max: 65_535 },
};

const texts = (max: number) =>
  z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string().max(max)])) as Record<Language, z.ZodString>);
export const boxParam = z.object({
  key: z.string().max(40),
  /** Its name in every language (the rules say which is missing). */
  name: texts(100),
  format: z.enum(BOX_PARAM_FORMATS),
  unit: z.string().max(16),
  /** As written: a number's digits, `yes` or `no`, or the text. */
  default: z.string().max(200),
  /** A number's range, each optional. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** What it does, in every language (may be empty). */
  note: texts(500),
});
export type BoxParam = z.infer<typeof boxParam>;

/** One rule a parameter breaks: its row (1-based), field and message. */
export interface BoxParamProblem {
  row: number;
  field: 'key' | 'name' | 'format' | 'default' | 'min' | 'max';
  key: MessageKey;
  params: Record<string, string | number>;
}

/** Every rule the parameters break, row by row: what the upload's preview lists and the save refuses. */
export function boxConfigProblems(params: readonly BoxParam[]): BoxParamProblem[] {
  const problems: BoxParamProblem[] = [];
  const add = (row: number, field: BoxParamProblem['field'], key: MessageKey, more: Record<string, string | number> = {}) => {
    problems.push({ row, field, key, params: { row, ...more } });
  };
  const byKey = new Map<string, number>();
  params.forEach((p, i) => {
    const row = i + 1;
    if (!KEY.test(p.key)) add(row, 'key', 'validation.boxConfig.key');
    const other = byKey.get(p.key);
    if (other !== undefined) add(row, 'key', 'validation.boxConfig.keyTwice', { key: p.key, other });
    else byKey.set(p.key, row);
    for (const l of LANGUAGES)
      if (p.name[l].trim() === '') add(row, 'name', 'validation.boxConfig.translation', { language: LANGUAGE_NAMES[l] });
    if (p.format !== 'number') {
      if (p.min !== undefined || p.max !== undefined) add(row, 'min', 'validation.boxConfig.rangeOnNumber');
      if (p.format === 'yes-no' && p.default !== 'yes' && p.default !== 'no') add(row, 'default', 'validation.boxConfig.defaultYesNo');
    } else {
      if (p.min !== undefined && p.max !== undefined && p.min > p.max)
        add(row, 'min', 'validation.boxConfig.minMax', { min: p.min, max: p.max });
      const value = Number(p.default);
      if (!DECIMAL_TEXT.test(p.default)) add(row, 'default', 'validation.boxConfig.defaultNumber');
      else if ((p.min !== undefined && value < p.min) || (p.max !== undefined && value > p.max))
        add(row, 'default', 'validation.boxConfig.defaultRange', { min: p.min ?? '', max: p.max ?? '' });
    }
    const command = COMMAND_PARAMS[p.key];
    if (
      command &&
      (p.format !== 'number' ||
        p.min === undefined ||
        p.max === undefined ||
        !Number.isInteger(p.min) ||
        !Number.isInteger(p.max) ||
        p.min < command.min ||
        p.max > command.max)
    )
      add(row, 'max', 'validation.boxConfig.commandParam', { key: p.key, min: command.min, max: command.max });
  });
  return problems;
}

/** The range of a command parameter a configuration gives (its min and max), if it names it. */
export function commandRange(params: readonly BoxParam[], key: keyof typeof COMMAND_PARAMS): { min: number; max: number } | null {
  const p = params.find((x) => x.key === key);
  return p?.min !== undefined && p.max !== undefined ? { min: p.min, max: p.max } : null;
}

/** The fields a change of a parameter is told by. */
export const BOX_PARAM_DIFF_FIELDS = ['name', 'format', 'unit', 'default', 'min', 'max', 'note'] as const;
export type BoxParamDiffField = (typeof BOX_PARAM_DIFF_FIELDS)[number];
export const boxConfigDiff = z.object({
  added: z.array(boxParam),
  removed: z.array(boxParam),
  changed: z.array(z.object({ before: boxParam, after: boxParam, fields: z.array(z.enum(BOX_PARAM_DIFF_FIELDS)) })),
});
export type BoxConfigDiff = z.infer<typeof boxConfigDiff>;

/** What changes from one configuration to the next, by key. */
export function diffBoxConfig(before: readonly BoxParam[], after: readonly BoxParam[]): BoxConfigDiff {
  const old = new Map(before.map((p) => [p.key, p]));
  const now = new Set(after.map((p) => p.key));
  const text = (p: BoxParam, f: BoxParamDiffField) => JSON.stringify(p[f] ?? null);
  const changed: BoxConfigDiff['changed'] = [];
  for (const p of after) {
    const was = old.get(p.key);
    if (!was) continue;
    const fields = BOX_PARAM_DIFF_FIELDS.filter((f) => text(was, f) !== text(p, f));
    if (fields.length > 0) changed.push({ before: was, after: p, fields });
  }
  return { added: after.filter((p) => !old.has(p.key)), removed: before.filter((p) => !now.has(p.key)), changed };
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

export const boxTypeQuery = pageQuery.extend({ q: z.string().trim().max(64).optional() });
export type BoxTypeQuery = Partial<z.output<typeof boxTypeQuery>>;
export const boxTypeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The configuration's version (0: none saved yet) and how many parameters it has. */
  version: z.number().int(),
  params: z.number().int(),
  /** Registered boxes of the type. */
  boxes: z.number().int(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type BoxTypeRow = z.infer<typeof boxTypeRow>;
export const boxTypePage = pageOf(boxTypeRow);

export const boxTypeParams = z.object({ id: z.coerce.number().int().positive() });
/** A new box type, before any box is registered as it: its code as boxes name it (`DTU-4G`). */
export const boxTypeCreateBody = z.object({ code: z.string().trim().regex(BOX_TYPE_NAME, 'validation.firmware.boxType') }).strict();
/** A box type's configuration: the version in use, or `version` (a saved one). */
export const boxConfigQuery = z.object({ version: z.coerce.number().int().positive().optional() });
export const boxConfig = z.object({
  id: z.number().int(),
  code: z.string(),
  /** The version shown and the one in use (0: none saved yet). */
  version: z.number().int(),
  current: z.number().int(),
  /** Every saved version, newest first. */
  versions: z.array(z.number().int()),
  params: z.array(boxParam),
  savedAt: z.number().int(),
  /** Who saved it (null: the release's own). */
  savedBy: z.string().nullable(),
});
export type BoxConfig = z.infer<typeof boxConfig>;

/** A configuration to save as the next version: it must still find `version` in use. */
export const boxConfigSaveBody = z.object({ params: z.array(boxParam).max(MAX_BOX_PARAMS), version: z.number().int().min(0) });
export type BoxConfigSaveBody = z.input<typeof boxConfigSaveBody>;

export const boxConfigUploadParams = boxTypeParams.extend({ language: z.enum(LANGUAGES, { error: 'validation.invalid' }) });
/** What an uploaded sheet would make, nothing saved: the parameters, every problem by row and column, the diff. */
export const boxConfigPreview = z.object({
  params: z.array(boxParam),
  problems: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  diff: boxConfigDiff,
  version: z.number().int(),
  /** New parameters whose names in the other languages were copied from this one's. */
  namesCopied: z.array(z.string()),
});
export type BoxConfigPreview = z.infer<typeof boxConfigPreview>;

// ---------------------------------------------------------------------------------------------------------------
// The sheet and the document

/** The upload's columns, in the template's order. */
export const BOX_PARAM_COLUMNS = ['key', 'name', 'format', 'unit', 'default', 'min', 'max', 'note'] as const;
export type BoxParamColumn = (typeof BOX_PARAM_COLUMNS)[number];

interface BoxConfigWords {
  columns: Record<BoxParamColumn, string>;
  formats: Record<BoxParamFormat, string>;
  range: string;
  setBy: string;
  command: string;
  box: string;
}

export const BOX_CONFIG_WORDS: Record<Language, BoxConfigWords> = {
  en: {
    columns: { key: 'Key', name: 'Name', format: 'Format', unit: 'Unit', default: 'Default', min: 'Minimum', max: 'Maximum', note: 'Note' },
    formats: { number: 'Number', text: 'Text', 'yes-no': 'Yes/no' },
    range: 'Range',
    setBy: 'Set by',
    command: 'config command',
    box: 'on the box',
  },
  zh: {
    columns: { key: '键', name: '名称', format: '格式', unit: '单位', default: '默认值', min: '最小值', max: '最大值', note: '说明' },
    formats: { number: '数值', text: '文本', 'yes-no': '是/否' },
    range: '范围',
    setBy: '设置方式',
    command: '配置命令',
    box: '盒子本地',
  },
  es: {
    columns: {
      key: 'Clave',
      name: 'Nombre',
      format: 'Formato',
      unit: 'Unidad',
      default: 'Predeterminado',
      min: 'Mínimo',
      max: 'Máximo',
      note: 'Nota',
    },
    formats: { number: 'Número', text: 'Texto', 'yes-no': 'Sí/no' },
    range: 'Rango',
    setBy: 'Se fija con',
    command: 'comando config',
    box: 'en la caja',
  },
  ja: {
    columns: { key: 'キー', name: '名前', format: '形式', unit: '単位', default: '既定値', min: '最小値', max: '最大値', note: '説明' },
    formats: { number: '数値', text: 'テキスト', 'yes-no': 'はい/いいえ' },
    range: '範囲',
    setBy: '設定方法',
    command: 'config コマンド',
    box: 'ボックス側',
  },
};

/** A default as a language writes it: yes/no in its words, the rest as it is. */
export function defaultIn(p: BoxParam, language: Language): string {
  if (p.format !== 'yes-no') return p.default;
  return p.default === 'yes' ? UPLOAD_YES_NO[language].yes : UPLOAD_YES_NO[language].no;
}

/** The protocol document of a configuration in `language`: its headers and a row of cells per parameter. */
export function boxProtocolSheet(params: readonly BoxParam[], language: Language): { headers: string[]; rows: string[][] } {
  const w = BOX_CONFIG_WORDS[language];
  const c = w.columns;
  const headers = [c.key, c.name, c.format, c.unit, c.default, w.range, w.setBy, c.note];
  const rows = params.map((p) => [
    p.key,
    p.name[language],
    w.formats[p.format],
    p.unit,
    defaultIn(p, language),
    p.min !== undefined || p.max !== undefined ? `${p.min ?? ''} – ${p.max ?? ''}` : '',
    COMMAND_PARAMS[p.key] ? w.command : w.box,
    p.note[language],
  ]);
  return { headers, rows };
}
