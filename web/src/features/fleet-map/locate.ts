import type { MapPoint } from '@dms/contract';
import { locatePlace } from './china/places';
import { hasPosition, type PlacedPoint } from './clusters';

/**
 * The points the map can place: those with coordinates where they are, the others at the centroid of their city
 * (else province) from the bundled boundary data. Points found nowhere are left out (the page counts them).
 */
export function locatePoints(points: readonly MapPoint[]): PlacedPoint[] {
  const placed: PlacedPoint[] = [];
  for (const p of points) {
    if (hasPosition(p)) {
      placed.push(p);
      continue;
    }
    const found = locatePlace(p.province, p.city);
    if (found) placed.push({ ...p, lng: found.lng, lat: found.lat, located: { level: found.level, region: found.region } });
  }
  return placed;
}
