import type { Language } from '@dms/contract';
import type { Locale } from 'antd/es/locale';
import { translator } from './translate';
import type { TKey, TParams, Translate, Translations } from './types';

export type { TKey, TParams, Translate, Translations } from './types';
export { storedLanguage, switchLanguage, takeLanguageSwitched, htmlLang, LANGUAGE_COOKIE } from './language';

/** Each language's console strings, loaded on demand so a page only downloads its own language. */
const CATALOGUES: Record<Language, () => Promise<{ default: Translations }>> = {
  en: () => import('../locales/en'),
  zh: () => import('../locales/zh'),
  es: () => import('../locales/es'),
  ja: () => import('../locales/ja'),
};

/** The antd locale pack for each language. */
const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  zh: () => import('antd/es/locale/zh_CN'),
  es: () => import('antd/es/locale/es_ES'),
  ja: () => import('antd/es/locale/ja_JP'),
};

export interface LoadedLanguage {
  lang: Language;
  catalogue: Translations;
  antdLocale: Locale;
}

let current: { lang: Language; t: Translate } | undefined;

/**
 * Loads a language before the first render. The language changes only through a reload (spec 8),
 * so one language is active for the life of the page.
 */
export async function loadLanguage(lang: Language): Promise<LoadedLanguage> {
  const [catalogue, antdLocale] = await Promise.all([CATALOGUES[lang](), ANTD_LOCALES[lang]()]);
  current = { lang, t: translator(catalogue.default, lang) };
  return { lang, catalogue: catalogue.default, antdLocale: antdLocale.default };
}

/** Translates a console string in the active language. */
export function t(key: TKey, params?: TParams): string {
  return current ? current.t(key, params) : key;
}

/** The active language. */
export function currentLanguage(): Language {
  if (!current) throw new Error('loadLanguage() must run before the console renders');
  return current.lang;
}

/** For components: the translate function and the language. */
export function useI18n(): { t: Translate; lang: Language } {
  return { t, lang: currentLanguage() };
}
