import { z } from 'zod';
import type { Language } from '../i18n.js';
import { REGISTER_FIELD_NAMES } from './field-names.js';
import {
  CONTROLLER_KINDS,
  localizedText,
  registerDef,
  type RegisterDef,
  type RegisterEncoding,
  type RegisterFormat,
  type Severity,
  type WordOrder,
} from './schemas.js';
import { wordCount } from './values.js';

/*
 * /device-type/type-config/protocol/{id}/{alias}/{language} (issue 20): a type's protocol document, the register table
 * as a device's users and service engineers read it, in one language; viewed, printed, and downloaded as .xlsx (export
 * kind `type-protocol`). The alias names a variant of the map: `default` is the map in use, `v{n}` its saved version n
 * (a firmware that speaks an older map reads that one). The console's table and the sheet are the same cells
 * (`protocolSheet`).
 */

/** `default` (the map in use) or `v{n}`, a saved version. */
export const PROTOCOL_ALIAS = /^(default|v[1-9]\d{0,5})$/;
export const protocolParams = z.object({
  id: z.coerce.number().int().positive(),
  alias: z.string().regex(PROTOCOL_ALIAS, 'validation.invalid'),
});
export const typeProtocol = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(CONTROLLER_KINDS),
  name: localizedText,
  alias: z.string(),
  /** The version the alias names, and the one in use. */
  version: z.number().int(),
  current: z.number().int(),
  /** Every saved version, newest first (each is an alias `v{n}`). */
  versions: z.array(z.number().int()),
  registers: z.array(registerDef),
  savedAt: z.number().int(),
  /** Who saved it (null: a release). */
  savedBy: z.string().nullable(),
});
export type TypeProtocol = z.infer<typeof typeProtocol>;

/** The words of the document besides the field names, in each language. */
interface ProtocolWords {
  access: string;
  scale: string;
  coding: string;
  range: string;
  values: string;
  read: string;
  readWrite: string;
  signed: string;
  unsigned: string;
  formats: Record<RegisterFormat, string>;
  severities: Record<Severity, string>;
  orders: Record<WordOrder, string>;
  encodings: Record<RegisterEncoding, string>;
  /** A value's width: one word or two. */
  widths: { 1: string; 2: string };
}

export const PROTOCOL_WORDS: Record<Language, ProtocolWords> = {
  en: {
    access: 'Access',
    scale: 'Scale',
    coding: 'Coding',
    range: 'Range',
    values: 'Values',
    read: 'R',
    readWrite: 'R/W',
    signed: 'signed',
    unsigned: 'unsigned',
    formats: { number: 'Number', enum: 'Options', bits: 'Bits', time: 'Time' },
    severities: { fault: 'fault', alert: 'alert', info: 'information' },
    orders: { 'high-first': 'high word first', 'low-first': 'low word first' },
    encodings: { int: 'integer', float32: 'float32' },
    widths: { 1: '16 bit', 2: '32 bit' },
  },
  zh: {
    access: '读写',
    scale: '比例',
    coding: '编码',
    range: '范围',
    values: '取值',
    read: '只读',
    readWrite: '读写',
    signed: '有符号',
    unsigned: '无符号',
    formats: { number: '数值', enum: '选项', bits: '位', time: '时间' },
    severities: { fault: '故障', alert: '告警', info: '信息' },
    orders: { 'high-first': '高字在前', 'low-first': '低字在前' },
    encodings: { int: '整数', float32: 'float32' },
    widths: { 1: '16位', 2: '32位' },
  },
  es: {
    access: 'Acceso',
    scale: 'Escala',
    coding: 'Codificación',
    range: 'Rango',
    values: 'Valores',
    read: 'L',
    readWrite: 'L/E',
    signed: 'con signo',
    unsigned: 'sin signo',
    formats: { number: 'Número', enum: 'Opciones', bits: 'Bits', time: 'Tiempo' },
    severities: { fault: 'fallo', alert: 'alerta', info: 'información' },
    orders: { 'high-first': 'palabra alta primero', 'low-first': 'palabra baja primero' },
    encodings: { int: 'entero', float32: 'float32' },
    widths: { 1: '16 bits', 2: '32 bits' },
  },
  ja: {
    access: 'アクセス',
    scale: 'スケール',
    coding: '符号化',
    range: '範囲',
    values: '値',
    read: 'R',
    readWrite: 'R/W',
    signed: '符号付き',
    unsigned: '符号なし',
    formats: { number: '数値', enum: '選択肢', bits: 'ビット', time: '時間' },
    severities: { fault: '故障', alert: '警告', info: '情報' },
    orders: { 'high-first': '上位ワードが先', 'low-first': '下位ワードが先' },
    encodings: { int: '整数', float32: 'float32' },
    widths: { 1: '16ビット', 2: '32ビット' },
  },
};

/** One cell of the document: text or a number. */
export type ProtocolCell = string | number;

/** How the shown value comes from the raw one: × factor (+ offset), ÷ 10^decimals, or 1. */
function scaleOf(r: RegisterDef): string {
  if (r.factor !== undefined) return `× ${r.factor}${r.offset ? ` + ${r.offset}` : ''}`;
  return r.decimals > 0 ? `÷ ${10 ** r.decimals}` : '1';
}

/**
 * The protocol document of a map in `language`: its column headers, and a row of cells per register in the map's order
 * (number, key, name, access, format, unit, scale, coding, range of a write, and the options or bits, one a line).
 */
export function protocolSheet(registers: readonly RegisterDef[], language: Language): { headers: string[]; rows: ProtocolCell[][] } {
  const field = REGISTER_FIELD_NAMES[language];
  const w = PROTOCOL_WORDS[language];
  const headers = [field.number, field.key, field.name, w.access, field.format, field.unit, w.scale, w.coding, w.range, w.values];
  const rows = registers.map((r): ProtocolCell[] => {
    const two = wordCount(r) === 2;
    const coding = [
      w.widths[two ? 2 : 1],
      r.signed ? w.signed : w.unsigned,
      w.encodings[r.encoding ?? 'int'],
      ...(two ? [w.orders[r.wordOrder ?? 'high-first']] : []),
    ].join(', ');
    const range = r.writable && (r.min !== undefined || r.max !== undefined) ? `${r.min ?? ''} – ${r.max ?? ''}` : '';
    const values =
      r.format === 'enum'
        ? Object.entries(r.options ?? {})
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([raw, name]) => `${raw} = ${name[language]}`)
        : (r.bits ?? []).map((b) => `${b.bit}: ${b.name[language]} (${w.severities[b.severity]})`);
    return [
      r.number,
      r.key,
      r.name[language],
      r.writable ? w.readWrite : w.read,
      w.formats[r.format],
      r.unit,
      scaleOf(r),
      coding,
      range,
      values.join('\n'),
    ];
  });
  return { headers, rows };
}
