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

/** Replaces `{name}` placeholders. */
export function format(template: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}
