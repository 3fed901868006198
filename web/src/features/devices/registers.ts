import {
  engineeringValue,
  registerRaw,
  writeRange,
  type DeviceDetail,
  type Language,
  type RegisterBit,
  type RegisterScale,
  type RegisterDef,
} from '@dms/contract';
import type { Translate } from '@/i18n';
import { localized } from '@/lib/localized';

/**
 * How a register's value is shown, written ONCE for every page (device detail, history, charts, error details).
 * Values arrive as raw 16-bit words by word address; a register's raw value is read from its one or two words as
 * its map says (signed, float32, word order: `registerRaw`, controller-types/values.ts), and the shown value is
 * that scaled (by its factor and offset, or decimals) in the register's display format: `number` a scaled number
 * with its unit, `enum` the option's name in the user's language, `bits` the names of the set bits, `time` a
 * duration (seconds as d/h/min/s, hours as hours).
 */

export { localized, registerName } from '@/lib/localized';
export { registerRaw };

/** A register's raw value in engineering units, exact to its decimals (no 0.30000000000000004). */
export function scaleRaw(def: RegisterScale, raw: number): number {
  return engineeringValue(def, raw);
}

/** A scaled number with exactly the register's decimals after the point, in the user's number style. */
export function formatScaled(def: RegisterScale, raw: number, lang: Language): string {
  return new Intl.NumberFormat(NUMBER_LOCALE[lang], {
    minimumFractionDigits: def.decimals,
    maximumFractionDigits: def.decimals,
    useGrouping: false,
  }).format(scaleRaw(def, raw));
}

const NUMBER_LOCALE: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' };

/** The bits of a `bits` register that are set in `raw`, in bit order. */
export function setBits(def: Pick<RegisterDef, 'bits'>, raw: number): RegisterBit[] {
  return (def.bits ?? []).filter((b) => ((raw >>> b.bit) & 1) === 1).sort((a, b) => a.bit - b.bit);
}

/** A duration in seconds as its largest parts, e.g. "1 h 2 min 5 s"; 0 is "0 s". */
export function formatDuration(seconds: number, t: Translate): string {
  let rest = Math.max(0, Math.round(seconds));
  if (rest === 0) return t('devices.unit.seconds', { n: 0 });
  const parts: string[] = [];
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const secs = rest - minutes * 60;
  if (days) parts.push(t('devices.unit.days', { n: days }));
  if (hours) parts.push(t('devices.unit.hours', { n: hours }));
  if (minutes) parts.push(t('devices.unit.minutes', { n: minutes }));
  if (secs) parts.push(t('devices.unit.seconds', { n: secs }));
  return parts.join(' ');
}

export interface FormatContext {
  t: Translate;
  lang: Language;
}

/** The text shown for a missing value. */
export const NO_VALUE = '—';

/** What a user may read of a device: whether its data reaches them at all, and what their permission template withholds. */
export interface ReadRights {
  reach: Pick<DeviceDetail['reach'], 'data'>;
  template: Pick<DeviceDetail['template'], 'noRead'>;
}

/**
 * Why a register's value is withheld from the user (shown as NO_VALUE with the reason, never as a number):
 * `hidden`, the person the device was assigned to hid its data from superiors (every register); `template`, the
 * user's permission template does not let them read it. Not the same as a value not received yet.
 */
export type Withheld = 'hidden' | 'template';

/** Why the user may not read register `number` of the device, or null when they may. */
export function withheldWhy(device: ReadRights, number: number): Withheld | null {
  if (!device.reach.data) return 'hidden';
  return device.template.noRead.includes(number) ? 'template' : null;
}

/** The registers the user's permission template lets them read, in their order: what a list of registers shows. */
export function permittedRegisters<R extends Pick<RegisterDef, 'number'>>(registers: readonly R[], template: ReadRights['template']): R[] {
  const withheld = new Set(template.noRead);
  return registers.filter((r) => !withheld.has(r.number));
}

/**
 * The registers whose values the user may read, in their order: what the history, chart and k-line pages offer and
 * start with (none of a device whose data is hidden from them).
 */
export function readableRegisters<R extends Pick<RegisterDef, 'number'>>(registers: readonly R[], device: ReadRights): R[] {
  return device.reach.data ? permittedRegisters(registers, device.template) : [];
}

/**
 * A register's value as shown, without the unit of a `number` (see formatRegisterWithUnit): `enum` → the option's
 * name (an unknown raw value shows as "#raw"), `bits` → the set bits' names (or "none"), `time` → a duration.
 */
export function formatRegisterValue(def: RegisterDef, raw: number | null | undefined, { t, lang }: FormatContext): string {
  if (raw === null || raw === undefined || !Number.isFinite(raw)) return NO_VALUE;
  switch (def.format) {
    case 'number':
      return formatScaled(def, raw, lang);
    case 'enum': {
      const option = def.options?.[String(raw)];
      return option ? localized(option, lang) : `#${raw}`;
    }
    case 'bits': {
      const set = setBits(def, raw);
      return set.length === 0 ? t('devices.value.noBits') : set.map((b) => localized(b.name, lang)).join(', ');
    }
    case 'time':
      if (def.unit === 'h') return t('devices.unit.hours', { n: scaleRaw(def, raw) });
      return formatDuration(scaleRaw(def, raw), t);
  }
}

/** The same with the unit of a `number` register appended ("0.85 MPa"). */
export function formatRegisterWithUnit(def: RegisterDef, raw: number | null | undefined, ctx: FormatContext): string {
  const text = formatRegisterValue(def, raw, ctx);
  if (def.format !== 'number' || !def.unit || text === NO_VALUE) return text;
  return `${text} ${def.unit}`;
}

/** The translated name of a display format. */
export function formatLabel(t: Translate, format: RegisterDef['format']): string {
  return t(`devices.format.${format}`);
}

/** The highest severity of the set bits of a `bits` register: what colour its value takes. */
export function bitsSeverity(def: RegisterDef, raw: number | null | undefined): 'fault' | 'alert' | 'info' | null {
  if (def.format !== 'bits' || raw === null || raw === undefined) return null;
  const set = setBits(def, raw);
  if (set.some((b) => b.severity === 'fault')) return 'fault';
  if (set.some((b) => b.severity === 'alert')) return 'alert';
  return set.length > 0 ? 'info' : null;
}

/**
 * What a write of a `number`/`time` register accepts, in engineering units: bounds (the map's, else what its words
 * hold) and the step of its decimals.
 */
export function writeBounds(def: RegisterDef): { min: number; max: number; step: number; precision: number } {
  const step = def.decimals > 0 ? 1 / 10 ** def.decimals : 1;
  return { ...writeRange(def), step, precision: def.decimals };
}

/** Whether a value (engineering units) may be written: within the bounds and a whole number of steps. */
export function writeProblem(def: RegisterDef, value: number | null | undefined): 'required' | 'range' | 'option' | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'required';
  if (def.format === 'enum') return def.options?.[String(value)] ? null : 'option';
  const { min, max } = writeBounds(def);
  if (value < min || value > max) return 'range';
  return null;
}
