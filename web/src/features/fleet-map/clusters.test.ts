import type { MapPoint } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import {
  clusterPoints,
  extentOf,
  fitView,
  hasPosition,
  project,
  projectionFrom,
  tipPlacement,
  worstStatus,
  type PlacedPoint,
} from './clusters';

const OWNER: MapPoint['reach'] = { how: 'owner', via: null, canSwitch: true, data: true, assignedBy: null, hidden: false };

function point(id: number, lng: number | null, lat: number | null, status: MapPoint['status'] = 'online'): MapPoint {
  return {
    id,
    boxId: 100_000 + id,
    controller: 1,
    status,
    kind: 'compressor',
    company: 'C',
    model: 'M',
    province: '',
    city: '',
    lng,
    lat,
    reach: OWNER,
  };
}
const placed = (...points: MapPoint[]): PlacedPoint[] => points.filter(hasPosition);

// 10 px per degree, y grows downwards; lng/lat 0,0 at pixel 100,100.
const projection = projectionFrom([100, 100], [110, 90]);

describe('map clustering', () => {
  it('projects linearly through the two reference points', () => {
    expect(project(projection, 0, 0)).toEqual([100, 100]);
    expect(project(projection, 5, -5)).toEqual([150, 150]);
  });

  it('ranks faults above alerts above offline above online', () => {
    expect(worstStatus(['online', 'offline', 'online_alert'])).toBe('online_alert');
    expect(worstStatus(['online_alert', 'online_fault', 'offline'])).toBe('online_fault');
    expect(worstStatus(['online_fault', 'offline_fault'])).toBe('offline_fault');
    expect(worstStatus(['online', 'unregistered'])).toBe('unregistered');
    expect(worstStatus([])).toBeUndefined();
  });

  it('leaves out points without a position', () => {
    expect(placed(point(1, null, 10), point(2, 10, null), point(3, 1, 1)).map((p) => p.id)).toEqual([3]);
  });

  it('groups points of one grid cell into a cluster with the worst status, the rest stay single', () => {
    const points = placed(point(1, 1, 1), point(2, 1.5, 1.2, 'online_fault'), point(3, 1.2, 1.4, 'offline'), point(4, 20, -20));
    const markers = clusterPoints(points, projection, 400, 400, 50);
    expect(markers).toHaveLength(2);
    const cluster = markers.find((m) => m.points.length > 1);
    expect(cluster?.points.map((p) => p.id).sort()).toEqual([1, 2, 3]);
    expect(cluster?.status).toBe('online_fault');
    expect(cluster?.samePlace).toBe(false);
    expect(cluster?.lng).toBeCloseTo((1 + 1.5 + 1.2) / 3);
    const single = markers.find((m) => m.points.length === 1);
    expect(single?.key).toBe('d4');
    expect(single?.x).toBe(300);
    expect(single?.y).toBe(300);
    // The worst status is drawn last, on top.
    expect(markers[markers.length - 1]?.status).toBe('online_fault');
  });

  it('splits a cluster when zoomed in (a finer scale)', () => {
    const points = placed(point(1, 1, 1), point(2, 3, 1));
    expect(clusterPoints(points, projection, 400, 400, 50)).toHaveLength(1);
    const zoomed = projectionFrom([100, 100], [200, 0]);
    expect(clusterPoints(points, zoomed, 800, 800, 50)).toHaveLength(2);
  });

  it('joins neighbours across a cell border whose markers would overlap', () => {
    // x = 98 and 101: cells 1 and 2 of 50 px, but 3 px apart.
    const markers = clusterPoints(placed(point(1, -0.2, 1), point(2, 0.1, 1)), projection, 400, 400, 50);
    expect(markers).toHaveLength(1);
    expect(markers[0]?.points.map((p) => p.id).sort()).toEqual([1, 2]);
    // Far enough apart for two markers of 16 px: they stay apart.
    expect(clusterPoints(placed(point(1, -0.2, 1), point(2, 2, 1)), projection, 400, 400, 50)).toHaveLength(2);
  });

  it('marks devices at one place as such (zooming never splits them)', () => {
    const [m] = clusterPoints(placed(point(1, 5, 5), point(2, 5, 5)), projection, 400, 400, 50);
    expect(m?.samePlace).toBe(true);
  });

  it('drops points far outside the view', () => {
    expect(clusterPoints(placed(point(1, 100, 0), point(2, -100, 0)), projection, 400, 400, 50)).toHaveLength(0);
  });

  it('fits the extent into the view', () => {
    const extent = extentOf(placed(point(1, 0, 0), point(2, 10, 5)));
    expect(extent).toEqual({ minLng: 0, maxLng: 10, minLat: 0, maxLat: 5 });
    if (!extent) return;
    // 100 × 50 px now; a 400 × 400 view at 70 %: 2.8× by width, 5.6× by height → 2.8.
    const fit = fitView(extent, projection, 400, 400);
    expect(fit.center).toEqual([5, 2.5]);
    expect(fit.factor).toBeCloseTo(2.8);
    expect(extentOf([])).toBeNull();
    // A single place gets the largest step.
    expect(fitView({ minLng: 1, maxLng: 1, minLat: 1, maxLat: 1 }, projection, 400, 400).factor).toBe(64);
  });

  it("opens a cluster's tooltip on a side where it covers no other marker and stays in the view", () => {
    const at = (key: string, x: number, y: number, n = 2) => ({
      key,
      x,
      y,
      points: placed(...Array.from({ length: n }, (_, i) => point(i + 1, 0, 0))),
    });
    const view = { width: 800, height: 600 };
    const tip = { width: 200, height: 34 };
    const c = at('c', 400, 300);
    // Alone: above it.
    expect(tipPlacement(c, [c], view, tip)).toBe('top');
    // A marker just above: not over it, to the right.
    const above = at('a', 400, 250, 1);
    expect(tipPlacement(c, [c, above], view, tip)).toBe('right');
    // Markers above and to the right: below.
    const right = at('r', 480, 300, 1);
    expect(tipPlacement(c, [c, above, right], view, tip)).toBe('bottom');
    // At the top edge of the view, the top side would leave it.
    const edge = at('e', 400, 20);
    expect(tipPlacement(edge, [edge], view, tip)).toBe('right');
  });
});
