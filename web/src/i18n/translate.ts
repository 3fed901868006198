import { DEFAULT_LANGUAGE, format, type Language } from '@dms/contract';
import type { TKey, TParams, Translations } from './types';

/** Looks a dotted key up in a nested catalogue; undefined when it is missing or not a string. */
export function lookup(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A translate function over one language's catalogue; plurals follow that language's rules. A missing key shows
 * itself, so it is seen, never silently English.
 */
export function translator(catalogue: Translations, lang: Language = DEFAULT_LANGUAGE): (key: TKey, params?: TParams) => string {
  return (key, params) => format(lookup(catalogue, key) ?? key, params, lang);
}
