import type { Language } from '@dms/contract';
import type { Translate } from '@/i18n';

/**
 * A file's SHA-256 as 64 lower-case hexadecimal digits, computed in the browser; null where the browser offers no
 * digest (Web Crypto is given to https pages and to localhost only).
 */
export async function sha256Of(file: Blob): Promise<string | null> {
  if (!window.isSecureContext) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const numbers = new Map<Language, Intl.NumberFormat>();

/** A size in bytes as people read it: 512 B, 1.5 KB, 16 MB (units of 1024). */
export function formatSize(bytes: number, t: Translate, lang: Language): string {
  let format = numbers.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    numbers.set(lang, format);
  }
  if (bytes < 1024) return t('firmware.upload.size.bytes', { n: format.format(bytes) });
  if (bytes < 1024 * 1024) return t('firmware.upload.size.kilobytes', { n: format.format(bytes / 1024) });
  return t('firmware.upload.size.megabytes', { n: format.format(bytes / (1024 * 1024)) });
}

/** The start of a SHA-256, enough to tell images apart in a list (the whole one is copied). */
export const shortSha = (sha256: string): string => `${sha256.slice(0, 12)}…`;
