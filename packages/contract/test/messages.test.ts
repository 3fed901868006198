import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/i18n.js';
import { MESSAGES } from '../src/messages.js';
import en from '../src/messages/en/index.js';
import es from '../src/messages/es/index.js';
import ja from '../src/messages/ja/index.js';
import zh from '../src/messages/zh/index.js';

type Areas = Record<string, Record<string, unknown>>;

/** Each language's areas as `messages/<lang>/index.ts` joins them, read as plain data. */
const languages: Record<string, Areas> = { en, zh, es, ja };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server messages per language and area', () => {
  const english: Areas = en;
  const areas = Object.keys(english);

  it('covers every language', () => {
    expect(Object.keys(languages).sort()).toEqual([...LANGUAGES].sort());
  });

  it('English has strings only, none empty, each key in one area only', () => {
    const seen = new Map<string, string>();
    for (const area of areas) {
      for (const [key, text] of Object.entries(english[area] ?? {})) {
        expect(typeof text, `en ${area}: ${key}`).toBe('string');
        expect(String(text).trim(), `en ${area}: ${key}`).not.toBe('');
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, area);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const catalogue = languages[lang] ?? {};

      it('has the areas English has', () => {
        expect(Object.keys(catalogue).sort()).toEqual([...areas].sort());
      });

      for (const area of areas) {
        it(`${area}: no key missing or extra; non-empty texts with English's placeholders`, () => {
          const sources = english[area] ?? {};
          const texts = catalogue[area] ?? {};
          expect(Object.keys(texts).sort(), `${lang} ${area}`).toEqual(Object.keys(sources).sort());
          for (const [key, source] of Object.entries(sources)) {
            const text = texts[key];
            expect(text, `${lang} ${area}: ${key}`).toBeTypeOf('string');
            expect(String(text).trim(), `${lang} ${area}: ${key}`).not.toBe('');
            expect(placeholders(String(text)), `${lang} ${area}: ${key}`).toEqual(placeholders(String(source)));
          }
        });
      }
    });
  }

  it('MESSAGES joins every area of each language, and nothing else', () => {
    for (const lang of LANGUAGES) {
      const joined: Record<string, unknown> = {};
      for (const texts of Object.values(languages[lang] ?? {})) Object.assign(joined, texts);
      expect(MESSAGES[lang], lang).toEqual(joined);
    }
  });
});
