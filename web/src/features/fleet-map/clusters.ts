import type { DeviceStatus, MapPoint } from '@dms/contract';

/**
 * Map clustering by a screen-space grid: at the current zoom every point is projected to pixels, points falling in
 * the same grid cell become one cluster drawn at their mean position, coloured by the worst status among them.
 * Pure functions, so the rules are unit-tested apart from the map.
 */

/** How bad a status is: a cluster takes the colour of its worst member. Faults first, then alerts, then offline. */
const SEVERITY: Record<DeviceStatus, number> = {
  online: 1,
  unregistered: 2,
  offline: 3,
  alert: 4,
  online_alert: 4,
  offline_alert: 5,
  fault: 6,
  online_fault: 6,
  offline_fault: 7,
};

export function worstStatus(statuses: Iterable<DeviceStatus>): DeviceStatus | undefined {
  let worst: DeviceStatus | undefined;
  for (const s of statuses) if (!worst || SEVERITY[s] > SEVERITY[worst]) worst = s;
  return worst;
}

/**
 * A point with a position: its own, or (`located`) the centre of its city or province when it has no coordinates.
 */
export type PlacedPoint = MapPoint & { lng: number; lat: number; located?: { level: 'city' | 'province'; region: string } };

export function hasPosition(p: MapPoint): p is PlacedPoint {
  return p.lng !== null && p.lat !== null && Number.isFinite(p.lng) && Number.isFinite(p.lat);
}

/** lng/lat → pixels. The map's projection is linear, so two numbers per axis describe it at any zoom and pan. */
export interface Projection {
  ax: number;
  bx: number;
  ay: number;
  by: number;
}

/** The projection through two known conversions (lng/lat 0,0 and 1,1 in pixels). */
export function projectionFrom(origin: readonly [number, number], unit: readonly [number, number]): Projection {
  return { ax: unit[0] - origin[0], bx: origin[0], ay: unit[1] - origin[1], by: origin[1] };
}

export function project(p: Projection, lng: number, lat: number): [number, number] {
  return [p.ax * lng + p.bx, p.ay * lat + p.by];
}

/** One marker on the map: a device alone, or a cluster of several. */
export interface Marker {
  /** Stable while the same devices fall together: the first member's id and the count. */
  key: string;
  x: number;
  y: number;
  status: DeviceStatus;
  points: PlacedPoint[];
  /** lng/lat of the members' centre, where clicking a cluster zooms to. */
  lng: number;
  lat: number;
  /** Whether all members sit at the same place (zooming in would never split them). */
  samePlace: boolean;
}

/** The diameter of a marker in pixels: a device, or a cluster growing slowly with its count. */
export function markerSize(count: number, large = false): number {
  if (count === 1) return large ? 22 : 16;
  return Math.min(large ? 72 : 52, (large ? 34 : 26) + Math.log10(count) * 10);
}

/**
 * Groups the points visible in a width×height view into grid cells of `cell` pixels, then joins markers that would
 * overlap (neighbours across a cell border), so every marker can be seen and clicked. Points more than one cell outside
 * the view are left out (they are off screen). Markers come back with the worst status drawn last (on top).
 */
export function clusterPoints(
  points: readonly PlacedPoint[],
  projection: Projection,
  width: number,
  height: number,
  cell: number,
  size: (count: number) => number = (n) => markerSize(n),
): Marker[] {
  const cells = new Map<string, { sx: number; sy: number; lng: number; lat: number; points: PlacedPoint[] }>();
  for (const p of points) {
    const [x, y] = project(projection, p.lng, p.lat);
    if (x < -cell || y < -cell || x > width + cell || y > height + cell) continue;
    const key = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    let c = cells.get(key);
    if (!c) {
      c = { sx: 0, sy: 0, lng: 0, lat: 0, points: [] };
      cells.set(key, c);
    }
    c.sx += x;
    c.sy += y;
    c.lng += p.lng;
    c.lat += p.lat;
    c.points.push(p);
  }
  // Join groups whose markers would overlap; repeat while joining makes new overlaps (a few rounds at most).
  let groups = [...cells.values()];
  for (let round = 0; round < 4; round += 1) {
    groups.sort((a, b) => b.points.length - a.points.length);
    const joined: typeof groups = [];
    let changed = false;
    for (const g of groups) {
      const gx = g.sx / g.points.length;
      const gy = g.sy / g.points.length;
      const near = joined.find((j) => {
        const n = j.points.length;
        return Math.hypot(j.sx / n - gx, j.sy / n - gy) < (size(n) + size(g.points.length)) / 2 + 2;
      });
      if (!near) {
        joined.push(g);
        continue;
      }
      changed = true;
      near.sx += g.sx;
      near.sy += g.sy;
      near.lng += g.lng;
      near.lat += g.lat;
      near.points.push(...g.points);
    }
    groups = joined;
    if (!changed) break;
  }

  const markers: Marker[] = [];
  for (const c of groups) {
    const n = c.points.length;
    const first = c.points[0];
    if (!first) continue;
    const samePlace = c.points.every((p) => Math.abs(p.lng - first.lng) < 1e-7 && Math.abs(p.lat - first.lat) < 1e-7);
    markers.push({
      key: n === 1 ? `d${first.id}` : `c${Math.min(...c.points.map((p) => p.id))}-${n}`,
      x: c.sx / n,
      y: c.sy / n,
      status: worstStatus(c.points.map((p) => p.status)) ?? 'online',
      points: c.points,
      lng: c.lng / n,
      lat: c.lat / n,
      samePlace,
    });
  }
  return markers.sort((a, b) => SEVERITY[a.status] - SEVERITY[b.status]);
}

/** The lng/lat box around the points, or null without any. */
export function extentOf(points: readonly PlacedPoint[]): { minLng: number; maxLng: number; minLat: number; maxLat: number } | null {
  if (points.length === 0) return null;
  let minLng = Infinity;
  let maxLng = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const p of points) {
    minLng = Math.min(minLng, p.lng);
    maxLng = Math.max(maxLng, p.lng);
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
  }
  return { minLng, maxLng, minLat, maxLat };
}

/**
 * The zoom (relative to the current one) that fits the extent into `fill` of the view, with its centre; a single
 * place (or a very small extent) gets `maxStep` at most.
 */
export function fitView(
  extent: { minLng: number; maxLng: number; minLat: number; maxLat: number },
  projection: Projection,
  width: number,
  height: number,
  fill = 0.7,
  maxStep = 64,
): { center: [number, number]; factor: number } {
  const pxW = Math.abs(projection.ax * (extent.maxLng - extent.minLng));
  const pxH = Math.abs(projection.ay * (extent.maxLat - extent.minLat));
  const fx = pxW > 0 ? (width * fill) / pxW : maxStep;
  const fy = pxH > 0 ? (height * fill) / pxH : maxStep;
  return {
    center: [(extent.minLng + extent.maxLng) / 2, (extent.minLat + extent.maxLat) / 2],
    factor: Math.max(0.1, Math.min(maxStep, fx, fy)),
  };
}

/** Where a marker's tooltip opens, beside it. */
export type TipPlacement = 'top' | 'right' | 'bottom' | 'left';

/**
 * The side of a marker its tooltip opens on, so that it covers no other marker and stays in the view: the first of
 * top, right, bottom, left that is free, else the one covering least. The tooltip is estimated as a box of `tip`
 * pixels, `gap` away from the marker's edge.
 */
export function tipPlacement(
  marker: Pick<Marker, 'key' | 'x' | 'y' | 'points'>,
  markers: readonly Pick<Marker, 'key' | 'x' | 'y' | 'points'>[],
  view: { width: number; height: number },
  tip: { width: number; height: number },
  size: (count: number) => number = (n) => markerSize(n),
  gap = 8,
): TipPlacement {
  const r = size(marker.points.length) / 2 + gap;
  const boxes: Record<TipPlacement, { x0: number; y0: number; x1: number; y1: number }> = {
    top: { x0: marker.x - tip.width / 2, y0: marker.y - r - tip.height, x1: marker.x + tip.width / 2, y1: marker.y - r },
    right: { x0: marker.x + r, y0: marker.y - tip.height / 2, x1: marker.x + r + tip.width, y1: marker.y + tip.height / 2 },
    bottom: { x0: marker.x - tip.width / 2, y0: marker.y + r, x1: marker.x + tip.width / 2, y1: marker.y + r + tip.height },
    left: { x0: marker.x - r - tip.width, y0: marker.y - tip.height / 2, x1: marker.x - r, y1: marker.y + tip.height / 2 },
  };
  const cost = (b: { x0: number; y0: number; x1: number; y1: number }): number => {
    let covered = 0;
    for (const m of markers) {
      if (m.key === marker.key) continue;
      const half = size(m.points.length) / 2;
      // The marker's square around its circle, overlapped with the tooltip's box.
      const w = Math.min(b.x1, m.x + half) - Math.max(b.x0, m.x - half);
      const h = Math.min(b.y1, m.y + half) - Math.max(b.y0, m.y - half);
      if (w > 0 && h > 0) covered += w * h;
    }
    // Leaving the view costs as much as covering a marker: the tooltip would be cut or pushed over the markers.
    const outside = Math.max(0, -b.x0) + Math.max(0, b.x1 - view.width) + Math.max(0, -b.y0) + Math.max(0, b.y1 - view.height);
    return covered + outside * tip.height;
  };
  const order: TipPlacement[] = ['top', 'right', 'bottom', 'left'];
  let best: TipPlacement = 'top';
  let bestCost = Infinity;
  for (const side of order) {
    const c = cost(boxes[side]);
    if (c === 0) return side;
    if (c < bestCost) {
      bestCost = c;
      best = side;
    }
  }
  return best;
}
