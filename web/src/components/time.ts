import { language } from '../i18n/index.js';

const formatter = new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : language, { dateStyle: 'short', timeStyle: 'medium' });

/** A millisecond time in the user's language. */
export function formatTime(ms: number): string {
  return formatter.format(new Date(ms));
}
