import { describe, expect, it } from 'vitest';
import table from './china-places.json';
import { displayName, locatePlace, PROVINCES } from './places';

const city = (province: string, name: string) => {
  const p = PROVINCES.find((x) => x.name === province);
  const c = p?.cities.find((x) => x.name === name);
  if (!c) throw new Error(`${province} ${name} not in the table`);
  return c;
};

describe('China places', () => {
  it('holds every province with its cities, from the bundled boundary data', () => {
    expect(PROVINCES.length).toBe(34);
    expect(PROVINCES.find((p) => p.name === '江苏省')?.cities.map((c) => c.name)).toContain('苏州市');
    expect(PROVINCES.reduce((n, p) => n + p.cities.length, 0)).toBeGreaterThan(350);
  });

  it('is the table the generator derives from the installed package (rerun gen-places.mjs after an upgrade)', async () => {
    const generator = './gen-places.mjs';
    const { derive } = (await import(/* @vite-ignore */ generator)) as { derive: () => unknown };
    expect(derive()).toEqual(table);
  });

  it('places a device at its city from English or Chinese names', () => {
    const suzhou = city('江苏省', '苏州市');
    for (const [province, name] of [
      ['Jiangsu', 'Suzhou'],
      ['Jiangsu Province', 'Suzhou City'],
      ['江苏省', '苏州市'],
      ['江苏', '苏州'],
      ['', '苏州市'],
      ['', 'Suzhou'],
    ] as const) {
      expect(locatePlace(province, name), `${province}/${name}`).toEqual({
        lng: suzhou.centroid[0],
        lat: suzhou.centroid[1],
        level: 'city',
        region: '苏州市',
      });
    }
    // The same pinyin in another province is another city.
    expect(locatePlace('Anhui', 'Suzhou')?.region).toBe('宿州市');
    expect(locatePlace('Shaanxi', "Xi'an")?.region).toBe('西安市');
    expect(locatePlace('Xinjiang', 'Urumqi')?.region).toBe('乌鲁木齐市');
    expect(locatePlace('Guangdong', 'Shenzhen')?.region).toBe('深圳市');
  });

  it('takes a municipality as its own city, and falls back to the province', () => {
    expect(locatePlace('Shanghai', 'Shanghai')).toMatchObject({ level: 'city', region: '上海市' });
    expect(locatePlace('Zhejiang', 'Atlantis')).toMatchObject({ level: 'province', region: '浙江省' });
    expect(locatePlace('浙江省', '')).toMatchObject({ level: 'province', region: '浙江省' });
    expect(locatePlace('Bavaria', 'Munich')).toBeNull();
    expect(locatePlace('', '')).toBeNull();
  });

  it('names places in Chinese for zh and ja, in pinyin for the other languages', () => {
    const suzhou = city('江苏省', '苏州市');
    expect(displayName(suzhou, 'zh')).toBe('苏州市');
    expect(displayName(suzhou, 'ja')).toBe('苏州市');
    expect(displayName(suzhou, 'en')).toBe('Suzhou');
    const shaanxi = PROVINCES.find((p) => p.code === 610000);
    if (shaanxi) expect(displayName(shaanxi, 'es')).toBe('Shaanxi');
  });
});
