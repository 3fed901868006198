/**
 * A small seeded pseudo-random generator, so that a run with the same `--seed` produces the same values.
 * A Weyl sequence (adding the golden-ratio constant) scrambled by a 32-bit avalanche mix: fast, uniform enough for
 * simulated measurements, and its whole state is one number. Each box and controller draws from its own stream
 * (`fork`), so what one box does never shifts another box's values.
 */

/** A 32-bit avalanche mix: every input bit flips about half of the output bits. */
function mix32(x: number): number {
  let z = x >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85eb_ca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2_ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** FNV-1a over the UTF-16 code units of a text, then mixed: a 32-bit seed from any label. */
function hashText(text: string): number {
  let h = 0x811c_9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x0100_0193);
  return mix32(h);
}

export class Prng {
  private state: number;

  constructor(readonly seed: string) {
    this.state = hashText(seed);
  }

  /** A generator for a part of the simulation (`box-100001`, `c1`), independent of this one's draws. */
  fork(label: string): Prng {
    return new Prng(`${this.seed}/${label}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x9e37_79b9) >>> 0;
    return mix32(this.state) / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Symmetric noise in [-amplitude, amplitude). */
  noise(amplitude: number): number {
    return (this.next() * 2 - 1) * amplitude;
  }
}

/** The probability that an event with `perHour` occurrences per hour happens within `seconds` (Poisson). */
export function chanceWithin(perHour: number, seconds: number): number {
  return perHour <= 0 ? 0 : 1 - Math.exp((-perHour * seconds) / 3600);
}
