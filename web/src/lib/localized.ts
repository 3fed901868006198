import type { Language, LocalizedText, RegisterDef } from '@dms/contract';

/** A text in the user's language (English when a language is missing). */
export function localized(text: LocalizedText | undefined, lang: Language): string {
  if (!text) return '';
  return text[lang] || text.en;
}

/** A register's name in the user's language. */
export function registerName(def: Pick<RegisterDef, 'name'>, lang: Language): string {
  return localized(def.name, lang);
}
