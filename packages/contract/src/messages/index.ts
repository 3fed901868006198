import { format, type Language } from '../i18n.js';
import en from './en/index.js';
import es from './es/index.js';
import ja from './ja/index.js';
import type { LanguageMessages, MessageKey } from './types.js';
import zh from './zh/index.js';

export type { MessageKey } from './types.js';

type Catalogue = Record<MessageKey, string>;

/** One language's areas as one catalogue (every key is unique: the areas' test checks it). */
function join(m: LanguageMessages): Catalogue {
  return Object.assign({}, ...Object.values(m)) as Catalogue;
}

/**
 * Messages both sides show: the validation rules of spec section 5 and the server's error messages.
 * Written per language and area in `messages/<lang>/<area>.ts`; English is the source of keys.
 */
export const MESSAGES: Record<Language, Catalogue> = { en: join(en), zh: join(zh), es: join(es), ja: join(ja) };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES.en, value);
}

/** The message in a language, with `{name}` placeholders filled. */
export function message(lang: Language, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  return format(MESSAGES[lang][key], params, lang);
}
