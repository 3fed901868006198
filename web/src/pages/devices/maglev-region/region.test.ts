import { describe, expect, it } from 'vitest';
import { inside, operatingRegion, REGION_AT_MAX_SPEED } from './region';

describe('maglev operating region', () => {
  it('is bounded by the surge and choke points at maximum speed and scales by the affinity laws', () => {
    const region = operatingRegion(18_000, 36_000);
    expect(region.minRatio).toBe(0.5);
    expect(region.maxSpeed[0]).toEqual([REGION_AT_MAX_SPEED.surgeFlow, REGION_AT_MAX_SPEED.surgePressure]);
    expect(region.maxSpeed.at(-1)).toEqual([REGION_AT_MAX_SPEED.chokeFlow, REGION_AT_MAX_SPEED.chokePressure]);
    // At half speed: half the flow, a quarter of the pressure.
    expect(region.minSpeed.at(-1)).toEqual([30, 27.5]);
    expect(region.minSpeed[0]).toEqual([100, 11.25]);
  });

  it('tells a point inside from one beyond the surge line, above the maximum speed or below the minimum', () => {
    const { polygon } = operatingRegion(18_000, 36_000);
    expect(inside([120, 60], polygon)).toBe(true);
    expect(inside([20, 90], polygon)).toBe(false);
    expect(inside([120, 115], polygon)).toBe(false);
    expect(inside([60, 5], polygon)).toBe(false);
  });

  it('falls back to 15000-36000 rpm without the device limits', () => {
    expect(operatingRegion(undefined, undefined).minRatio).toBeCloseTo(15 / 36);
    expect(operatingRegion(40_000, 36_000).minRatio).toBeCloseTo(15 / 36);
  });
});
