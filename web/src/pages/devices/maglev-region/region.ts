/**
 * The operating region of a magnetic-levitation blower in the flow (m³/min) × outlet pressure (kPa) plane, from
 * sensible constants for the built-in blower at its maximum speed, scaled to lower speeds by the fan affinity laws
 * (flow ∝ speed, pressure ∝ speed²). The region is bounded by the surge line (left), the maximum-speed curve (top),
 * the choke line (right) and the minimum-speed curve (bottom); the speed range is the device's own minimum and
 * maximum speed registers. Documented in docs/console.md.
 */
export const REGION_AT_MAX_SPEED = {
  /** Surge point at maximum speed: below this flow the blower surges. */
  surgeFlow: 60,
  surgePressure: 110,
  /** Choke point at maximum speed: beyond this flow the pressure collapses. */
  chokeFlow: 200,
  chokePressure: 45,
} as const;

/** Used when the device has not reported its speed limits. */
export const DEFAULT_SPEEDS = { min: 15_000, max: 36_000 } as const;

export type Point = [flow: number, pressure: number];

/** The speed curve at ratio `s` of the maximum speed, from its surge point to its choke point. */
export function speedCurve(s: number, steps = 24): Point[] {
  const { surgeFlow, surgePressure, chokeFlow, chokePressure } = REGION_AT_MAX_SPEED;
  const out: Point[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const x = i / steps;
    const q = surgeFlow + (chokeFlow - surgeFlow) * x;
    const p = surgePressure - (surgePressure - chokePressure) * x * x;
    out.push([round(q * s), round(p * s * s)]);
  }
  return out;
}

/** Along a line through the origin's parabola (surge or choke line) from ratio `a` to ratio `b`. */
function affinityLine(flow: number, pressure: number, a: number, b: number, steps = 12): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const s = a + ((b - a) * i) / steps;
    out.push([round(flow * s), round(pressure * s * s)]);
  }
  return out;
}

const round = (v: number) => Math.round(v * 100) / 100;

export interface Region {
  /** Speed ratio of the minimum speed to the maximum. */
  minRatio: number;
  surge: Point[];
  maxSpeed: Point[];
  choke: Point[];
  minSpeed: Point[];
  /** The closed boundary, clockwise from the surge point at minimum speed. */
  polygon: Point[];
}

export function operatingRegion(minSpeed: number | undefined, maxSpeed: number | undefined): Region {
  const max = maxSpeed && maxSpeed > 0 ? maxSpeed : DEFAULT_SPEEDS.max;
  const min = minSpeed && minSpeed > 0 && minSpeed < max ? minSpeed : Math.min(DEFAULT_SPEEDS.min, max / 2);
  const r = min / max;
  const { surgeFlow, surgePressure, chokeFlow, chokePressure } = REGION_AT_MAX_SPEED;
  const surge = affinityLine(surgeFlow, surgePressure, r, 1);
  const top = speedCurve(1);
  const choke = affinityLine(chokeFlow, chokePressure, 1, r);
  const bottom = speedCurve(r).reverse();
  return { minRatio: r, surge, maxSpeed: top, choke, minSpeed: bottom, polygon: [...surge, ...top, ...choke, ...bottom] };
}

/** Whether a point lies inside the polygon (ray casting). */
export function inside(point: Point, polygon: readonly Point[]): boolean {
  const [x, y] = point;
  let hit = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i] as Point;
    const [xj, yj] = polygon[j] as Point;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
