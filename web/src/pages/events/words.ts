import {
  COMPARE_OP_SIGNS,
  isCombination,
  primaryLeaf,
  type Language,
  type RegisterDef,
  type RuleCondition,
  type RuleLeaf,
} from '@dms/contract';
import type { Translate } from '@/i18n';

/**
 * A rule in words, as the list shows it and the form shows it while it is built: "Discharge temperature > 105 °C for
 * 2 min". The sentences are the area's (events.words.*), in the user's language; numbers, units of time and the "and"
 * / "or" of a combination are the language's own (Intl). A part not filled in yet (a number that is not one, a
 * register not chosen) reads "…".
 */

/** What the words need of a register: its number, its name in each language, its unit and its named bits. */
export type WordsRegister = Pick<RegisterDef, 'number' | 'name' | 'unit'> & Partial<Pick<RegisterDef, 'bits'>>;

export interface WordsContext {
  t: Translate;
  lang: Language;
  /** The rule's type's registers (empty while they load: a register is then named by its number). */
  registers: readonly WordsRegister[];
}

/** The comparison signs as people write them. */

/** What a part not filled in yet reads. */
const MISSING = '…';

const numberFormats = new Map<Language, Intl.NumberFormat>();

/** A number in the language's digits (at most 6 decimals), or "…" when it is not one yet. */
export function numberWords(n: number | null | undefined, lang: Language): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return MISSING;
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 6 });
    numberFormats.set(lang, format);
  }
  return format.format(n);
}

/** A number with its unit ("105 °C"). */
function valueWords(n: number, unit: string, lang: Language): string {
  const text = numberWords(n, lang);
  return unit && text !== MISSING ? `${text} ${unit}` : text;
}

/** A length of time in the language's units: "2 min", "1 hr, 30 min", "45 sec" ("2分钟", "2 min", "2 分"). */
export function durationWords(seconds: number | null | undefined, lang: Language): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return MISSING;
  const whole = Math.round(seconds);
  const parts: Array<[number, 'hour' | 'minute' | 'second']> = [
    [Math.floor(whole / 3600), 'hour'],
    [Math.floor((whole % 3600) / 60), 'minute'],
    [whole % 60, 'second'],
  ];
  const shown = parts.filter(([n]) => n > 0);
  const unit = (n: number, u: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  if (shown.length === 0) return unit(0, 'second');
  return new Intl.ListFormat(lang, { type: 'unit', style: 'short' }).format(shown.map(([n, u]) => unit(n, u)));
}

function registerOf(ctx: WordsContext, number: number): WordsRegister | undefined {
  return ctx.registers.find((r) => r.number === number);
}

/** A register by its name in the user's language, else by its number ("Register 12"), or "…" when none is chosen. */
export function registerWords(number: number | null | undefined, ctx: WordsContext): string {
  if (number === null || number === undefined || !Number.isInteger(number) || number < 0) return MISSING;
  return registerOf(ctx, number)?.name[ctx.lang] ?? ctx.t('events.words.register', { number });
}

/** The unit of a register's values ('' when it has none or is not known). */
function unitOf(number: number, ctx: WordsContext): string {
  return registerOf(ctx, number)?.unit ?? '';
}

/** A bit by its name when the register names it ("Main motor overload (bit 0)"), else "bit 3". */
export function bitWords(register: number, bit: number, ctx: WordsContext): string {
  if (!Number.isInteger(bit)) return MISSING;
  const name = registerOf(ctx, register)?.bits?.find((b) => b.bit === bit)?.name[ctx.lang];
  const number = ctx.t('events.words.bitNumber', { bit });
  return name ? `${name} (${number})` : number;
}

/** One condition in words ("Discharge temperature > 105 °C"). */
export function leafWords(leaf: RuleLeaf, ctx: WordsContext): string {
  const { t, lang } = ctx;
  if (leaf.kind === 'offline') return t('events.words.offline', { duration: durationWords(leaf.minutes * 60, lang) });
  const register = registerWords(leaf.register, ctx);
  const unit = unitOf(leaf.register, ctx);
  switch (leaf.kind) {
    case 'compare':
      // A comparison is written with its sign, alike in every language.
      return `${register} ${COMPARE_OP_SIGNS[leaf.op]} ${valueWords(leaf.value, unit, lang)}`;
    case 'band':
      return t(leaf.inside ? 'events.words.bandInside' : 'events.words.bandOutside', {
        register,
        low: valueWords(leaf.low, unit, lang),
        high: valueWords(leaf.high, unit, lang),
      });
    case 'bit':
      return t(leaf.set ? 'events.words.bitSet' : 'events.words.bitClear', { register, bit: bitWords(leaf.register, leaf.bit, ctx) });
    case 'rate':
      return t(leaf.direction === 'rise' ? 'events.words.rateRise' : 'events.words.rateFall', {
        register,
        amount: valueWords(leaf.amount, unit, lang),
        window: durationWords(leaf.windowS, lang),
      });
  }
}

/** A condition in words: one condition, or the parts of a combination joined by the language's "and" / "or". */
export function conditionWords(condition: RuleCondition, ctx: WordsContext): string {
  if (!isCombination(condition)) return leafWords(condition, ctx);
  const parts = condition.conditions.map((c) => leafWords(c, ctx));
  return new Intl.ListFormat(ctx.lang, { type: condition.kind === 'all' ? 'conjunction' : 'disjunction' }).format(parts);
}

/** When a rule's event starts, in words: its condition, and for how long it must hold ("… for 2 min"). */
export function ruleWords(rule: { condition: RuleCondition; durationS: number }, ctx: WordsContext): string {
  const condition = conditionWords(rule.condition, ctx);
  return rule.durationS > 0
    ? ctx.t('events.words.forDuration', { condition, duration: durationWords(rule.durationS, ctx.lang) })
    : condition;
}

/**
 * When a rule's event ends, in words: its clear condition when it has one, else its condition no longer holding (with
 * the hysteresis, in the unit of the register its value is of); for how long, when it has a debounce.
 */
export function clearWords(
  rule: { condition: RuleCondition; clear?: RuleCondition | undefined; hysteresis: number; debounceS: number },
  ctx: WordsContext,
): string {
  const { t, lang } = ctx;
  const timed = rule.debounceS > 0;
  const duration = durationWords(rule.debounceS, lang);
  if (rule.clear) {
    const condition = conditionWords(rule.clear, ctx);
    return timed ? t('events.words.endsWhenFor', { condition, duration }) : t('events.words.endsWhen', { condition });
  }
  const primary = primaryLeaf(rule.condition);
  if (rule.hysteresis > 0 && primary) {
    const hysteresis = valueWords(rule.hysteresis, unitOf(primary.register, ctx), lang);
    return timed ? t('events.words.endsBackFor', { hysteresis, duration }) : t('events.words.endsBack', { hysteresis });
  }
  return timed ? t('events.words.endsNotFor', { duration }) : t('events.words.endsNot');
}
