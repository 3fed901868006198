import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@dms/contract';
import { getCookie, setCookie } from '../lib/cookie';

/** Cookie holding the chosen language (spec 4, 9). */
export const LANGUAGE_COOKIE = 'language';
/** One-shot flag: set before the reload a language switch causes, read once after it. */
const SWITCHED_FLAG = 'dms.languageSwitched';

/** The console's language: the cookie when it names one we speak, else English (spec 9). */
export function storedLanguage(): Language {
  const value = getCookie(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The `lang` attribute of the page for a language. */
export function htmlLang(lang: Language): string {
  return lang === 'zh' ? 'zh-CN' : lang;
}

/** Stores the language and reloads; after the reload `takeLanguageSwitched()` says so once. */
export function switchLanguage(lang: Language): void {
  setCookie(LANGUAGE_COOKIE, lang, { expires: new Date(Date.now() + 365 * 86_400_000) });
  try {
    sessionStorage.setItem(SWITCHED_FLAG, lang);
  } catch {
    // Storage may be unavailable (private mode); the switch still happens, only the message is lost.
  }
  window.location.reload();
}

/** True once after a language switch reload. */
export function takeLanguageSwitched(): boolean {
  try {
    const value = sessionStorage.getItem(SWITCHED_FLAG);
    sessionStorage.removeItem(SWITCHED_FLAG);
    return value !== null;
  } catch {
    return false;
  }
}
