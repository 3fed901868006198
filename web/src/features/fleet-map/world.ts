import { registerMap } from 'echarts/core';
import { useEffect, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import worldUrl from 'world-atlas/countries-50m.json?url';

/** The echarts map name the fleet map draws. */
export const WORLD_MAP = 'world';

/** A country as echarts takes it (GeoJSON, polygons only). */
interface CountryFeature {
  type: 'Feature';
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

let loading: Promise<void> | null = null;

/**
 * Registers the world's countries with echarts, once. The TopoJSON (world-atlas, 1:50m) is bundled with the console
 * as a file of its own and fetched from the console's own server when a map first opens: no tile server, nothing
 * from outside. Antarctica is left out (no devices there, and it takes a third of the height).
 */
export function loadWorldMap(): Promise<void> {
  loading ??= (async () => {
    const response = await fetch(worldUrl);
    if (!response.ok) throw new Error(`world map: HTTP ${response.status}`);
    const topology = (await response.json()) as Topology<{ countries: GeometryCollection<{ name?: string }> }>;
    const countries = feature(topology, topology.objects.countries);
    // A ring crossing the antimeridian (Chukotka, Fiji) would be drawn as a line across the world: its western
    // points are moved east by 360°, so it is drawn whole just beyond 180°.
    const unwrap = (ring: number[][]): number[][] => {
      const crosses = ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
      return crosses ? ring.map(([lng = 0, lat = 0]) => [lng < 0 ? lng + 360 : lng, lat]) : ring;
    };
    const features: CountryFeature[] = [];
    for (const f of countries.features) {
      const name = f.properties.name ?? '';
      const g = f.geometry;
      if (name === 'Antarctica') continue;
      if (g.type === 'Polygon')
        features.push({ type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: g.coordinates.map(unwrap) } });
      else if (g.type === 'MultiPolygon')
        features.push({
          type: 'Feature',
          properties: { name },
          geometry: { type: 'MultiPolygon', coordinates: g.coordinates.map((polygon) => polygon.map(unwrap)) },
        });
    }
    registerMap(WORLD_MAP, { type: 'FeatureCollection', features });
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
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
