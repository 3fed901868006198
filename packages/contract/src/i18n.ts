import { z } from 'zod';

/** The console's and the server's languages (spec 9). English is the default. */
export const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language named in itself, as a language menu shows it whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };
export const languageSchema = z.enum(LANGUAGES);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language a request names: the first tag of Accept-Language we speak
 * (`zh-CN` counts as `zh`), else English.
 */
export function pickLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (isLanguage(tag)) return tag;
  }
  return DEFAULT_LANGUAGE;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

function cached<T>(cache: Map<Language, T>, lang: Language, make: (lang: Language) => T): T {
  let value = cache.get(lang);
  if (!value) {
    value = make(lang);
    cache.set(lang, value);
  }
  return value;
}

/** Where the `{` at `open` is closed (nested braces counted), or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** The branches of a plural argument (`one {…} other {…}`, `=0 {…}`), or null when they do not parse. */
function pluralBranches(text: string): Map<string, string> | null {
  const branches = new Map<string, string>();
  let i = 0;
  for (;;) {
    const selector = /^\s*(=\d+|[a-z]+)\s*\{/.exec(text.slice(i));
    if (!selector?.[1]) return /^\s*$/.test(text.slice(i)) && branches.has('other') ? branches : null;
    const open = i + selector[0].length - 1;
    const end = closing(text, open);
    if (end < 0) return null;
    branches.set(selector[1], text.slice(open + 1, end));
    i = end + 1;
  }
}

/** `#` of a plural branch, outside the arguments nested in it, as the number. */
function replaceHash(branch: string, number: string): string {
  let out = '';
  let depth = 0;
  for (const c of branch) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    out += c === '#' && depth === 0 ? number : c;
  }
  return out;
}

/**
 * Fills a message. `{name}` takes a parameter as it is. `{name, plural, one {# helper} other {# helpers}}` (ICU's
 * plural) takes the branch the language's plural rules choose for the number (Intl.PluralRules: zero, one, two, few,
 * many, other; `=N` for exactly N first; `other` when the rule's own is missing), with `#` written as the number in
 * the language's digits; a branch may hold placeholders. An argument without its parameter stays as written.
 */
export function format(template: string, params?: Readonly<Record<string, string | number>>, lang: Language = DEFAULT_LANGUAGE): string {
  if (!params || !template.includes('{')) return template;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    const end = closing(template, open);
    if (end < 0) break;
    out += template.slice(i, open);
    out += argument(template.slice(open, end + 1), params, lang);
    i = end + 1;
  }
  return out + template.slice(i);
}

/** One `{…}` of a message, filled; as written when it has no parameter or does not parse. */
function argument(whole: string, params: Readonly<Record<string, string | number>>, lang: Language): string {
  const inner = whole.slice(1, -1);
  const simple = /^\s*(\w+)\s*$/.exec(inner);
  if (simple?.[1]) return simple[1] in params ? String(params[simple[1]]) : whole;
  const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
  if (!plural?.[1] || plural[2] === undefined || !(plural[1] in params)) return whole;
  const n = Number(params[plural[1]]);
  const branches = pluralBranches(plural[2]);
  if (!branches || !Number.isFinite(n)) return whole;
  const rule = cached(pluralRules, lang, (l) => new Intl.PluralRules(l)).select(n);
  const branch = branches.get(`=${n}`) ?? branches.get(rule) ?? branches.get('other') ?? '';
  const number = cached(numberFormats, lang, (l) => new Intl.NumberFormat(l)).format(n);
  return format(replaceHash(branch, number), params, lang);
}

/**
 * The parameters a message names (`{name}`, and the number of `{name, plural, …}` with those named in its branches),
 * sorted and once each: what every language's text of one key must name alike.
 */
export function placeholderNames(template: string): string[] {
  const names = new Set<string>();
  for (const m of template.matchAll(/\{\s*(\w+)\s*(?:\}|,\s*plural\s*,)/g)) if (m[1]) names.add(m[1]);
  return [...names].sort();
}

/** Whether `tz` names an IANA time zone this runtime knows (e.g. "Asia/Shanghai", "UTC"). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
