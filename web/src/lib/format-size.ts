import type { Language } from '@dms/contract';

const numbers = new Map<Language, Intl.NumberFormat>();

/** A size in bytes as people read it: 512 B, 1.5 KB, 16 MB (units of 1024; the symbols are the same in every language). */
export function formatSize(bytes: number, lang: Language): string {
  let format = numbers.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    numbers.set(lang, format);
  }
  if (bytes < 1024) return `${format.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KB`;
  return `${format.format(bytes / (1024 * 1024))} MB`;
}
