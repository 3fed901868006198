import type { Language } from '@dms/contract';

const LOCALE: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' };
const formatters = new Map<Language, Intl.DateTimeFormat>();

/** A log time (ms) as local date and time, e.g. 2025-03-01 14:02:07 style per language. */
export function formatTime(ms: number, lang: Language): string {
  let formatter = formatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE[lang], {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    formatters.set(lang, formatter);
  }
  return formatter.format(new Date(ms));
}
