import { describe, expect, it } from 'vitest';
import { chanceWithin, Prng } from '../src/prng.js';

describe('Prng', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    const draw = (seed: string): number[] => {
      const rng = new Prng(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw('42')).toEqual(draw('42'));
    expect(draw('42')).not.toEqual(draw('43'));
  });

  it('forks streams that do not depend on the parent draws', () => {
    const a = new Prng('s');
    const b = new Prng('s');
    b.next();
    b.next();
    expect(a.fork('box-1').next()).toBe(b.fork('box-1').next());
    expect(a.fork('box-1').next()).not.toBe(a.fork('box-2').next());
  });

  it('draws uniformly within its bounds', () => {
    const rng = new Prng('bounds');
    const values = Array.from({ length: 5000 }, () => rng.int(3, 7));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(7);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(4.9);
    expect(mean).toBeLessThan(5.1);
  });

  it('turns a rate per hour into a chance per step', () => {
    expect(chanceWithin(0, 10)).toBe(0);
    expect(chanceWithin(1, 3600)).toBeCloseTo(1 - Math.exp(-1));
    expect(chanceWithin(0.2, 10)).toBeCloseTo(0.2 / 360, 5);
  });
});
