import { LANGUAGES, placeholderNames } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import en from '../locales/en';
import es from '../locales/es';
import ja from '../locales/ja';
import zh from '../locales/zh';
import { lookup, translator } from './translate';

/** Every leaf of a nested catalogue as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): Array<[string, unknown]> {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

const catalogues = { en, zh, es, ja };

describe('locale completeness', () => {
  const english = leaves(en);

  it('English has strings only, none empty', () => {
    expect(english.length).toBeGreaterThan(50);
    for (const [key, value] of english) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const catalogue = catalogues[lang];

      it('has every English key, as a non-empty string with the same placeholders', () => {
        for (const [key, value] of english) {
          const text = lookup(catalogue, key);
          expect(text, `${lang}: ${key}`).toBeTypeOf('string');
          expect(text?.trim(), `${lang}: ${key}`).not.toBe('');
          expect(placeholderNames(text ?? ''), `${lang}: ${key}`).toEqual(placeholderNames(String(value)));
        }
      });

      it('has no key English does not have', () => {
        const known = new Set(english.map(([k]) => k));
        for (const [key] of leaves(catalogue)) expect(known.has(key), `${lang}: ${key}`).toBe(true);
      });

      it('is translated, not an English copy', () => {
        const same = english.filter(([key, value]) => lookup(catalogue, key) === value && /[a-z]{4,}/i.test(String(value)));
        // Codes (the IEEE name "Float32") and true cognates (Spanish "Roles", "bits") may stay as they are; sentences
        // may not.
        const allowed =
          /^(role\.dmck1333$|navbar\.size\.mini$|common\.action\.ok$|\w+\.\w+\.roles$|typeEdit\.encodings\.float32$|typeEdit\.bits$|chartViews\.level\.normal$)/;
        expect(
          same.map(([k]) => k).filter((k) => !allowed.test(k)),
          lang,
        ).toEqual([]);
      });
    });
  }

  it('counts read right in the singular and the plural, by each language’s rules', () => {
    const en1 = translator(en, 'en');
    expect(en1('managers.total', { total: 1 })).toBe('1 sub-manager');
    expect(en1('managers.total', { total: 3 })).toBe('3 sub-managers');
    expect(en1('helpers.total', { total: 1 })).toBe('1 helper');
    expect(en1('addDevice.done', { boxId: 7, count: 1 })).toBe('Box 7 is yours: 1 device.');
    const es1 = translator(es, 'es');
    expect(es1('helpers.total', { total: 1 })).toBe('1 ayudante');
    expect(es1('helpers.shared', { shared: 1, switch: 0 })).toBe('1 compartido, 0 con marcha/paro');
    expect(es1('managers.assigned', { count: 1 })).toBe('1 asignado');
    expect(es1('managers.changed', { count: 2 })).toBe('Hecho: 2 cambios.');
    expect(translator(zh, 'zh')('managers.assignMany', { count: 1, username: 'li' })).toBe('将 1 台设备分配给 li？对方将成为所有者。');
    expect(translator(ja, 'ja')('helpers.total', { total: 1 })).toBe('ヘルパー 1 人');
  });

  it('the product name is translated as the spec asks', () => {
    expect(en.common.app.title).toBe('Device monitoring system');
    expect(zh.common.app.title).toBe('设备监控系统');
    expect(es.common.app.title).toBe('Sistema de monitorización de dispositivos');
    expect(ja.common.app.title).toBe('デバイス監視システム');
  });
});
