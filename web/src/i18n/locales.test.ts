import { LANGUAGES } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { LOCALES, translate } from './index.js';

function leaves(node: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof node === 'string') return { [prefix]: node };
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) Object.assign(out, leaves(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

describe('console locales', () => {
  const english = leaves(LOCALES.en);
  for (const lang of LANGUAGES) {
    it(`${lang} has every key English has, and no other, none empty`, () => {
      const other = leaves(LOCALES[lang]);
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(other)) expect(value.trim(), `${lang} ${key}`).not.toBe('');
    });
  }

  it('translates route titles and the app title in every language', () => {
    expect(translate('en', 'common.appTitle')).toBe('Device monitoring system');
    expect(translate('zh', 'common.appTitle')).toBe('设备监控系统');
    for (const lang of ['zh', 'es', 'ja'] as const) {
      for (const key of Object.keys(english).filter((k) => k.startsWith('route.'))) {
        expect(translate(lang, key as 'route.dashboard'), `${lang} ${key}`).not.toBe(english[key]);
      }
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'dashboard.welcome', { name: 'Ada' })).toBe('Welcome, Ada');
    expect(translate('ja', 'common.total', { total: 3 })).toBe('全 3 件');
  });

  it("says 'Switch Language Success' in each language", () => {
    expect(translate('en', 'navbar.switchLanguageSuccess')).toBe('Switch Language Success');
    expect(new Set(LANGUAGES.map((l) => translate(l, 'navbar.switchLanguageSuccess'))).size).toBe(4);
  });
});
