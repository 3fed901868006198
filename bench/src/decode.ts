import { performance } from 'node:perf_hooks';
import { engineeringValue, registerRaw, registerRawIn, wordAddresses, type RegisterDef } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { round } from './measure.js';

/**
 * `npm run bench -- decode`: what register map version 2 (issue 20) costs per value, in ns, before and after, on
 * the built-in maps with the simulator's kind of values. "Before" is the version 1 code, kept here as it was:
 *  - ingest: per value of a snapshot, the unknown-register check (`registers.has`, now `addresses.has` over word
 *    addresses) and, per condition register, its word (`latest.get`, now `registerRawIn`);
 *  - display (history export, charts, the console): a word / 10^decimals, now `registerRaw` + `engineeringValue`
 *    (one or two words, signed, float32, factor and offset).
 * Each figure is the median of BENCH_ROUNDS (default 15) rounds of BENCH_SNAPSHOTS (default 20,000) snapshots.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const SNAPSHOTS = Number(process.env.BENCH_SNAPSHOTS ?? 20_000);

/** A snapshot's words as a box sends them: every word address of the map, with varied values. */
function snapshotOf(registers: readonly RegisterDef[], seed: number): Map<number, number> {
  const words = new Map<number, number>();
  let x = seed;
  for (const address of registers.flatMap(wordAddresses)) {
    x = (x * 1_103_515_245 + 12_345) % 65_536;
    words.set(address, x);
  }
  return words;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * ns per value of each variant of work (each answers how many values it handled, and a sum kept from dead-code
 * removal): all are warmed up first, then measured in turns within each round, so that no variant runs on code the
 * JIT has specialised for it alone.
 */
function measure(variants: Array<() => { values: number; sum: number }>): number[] {
  const times = variants.map((): number[] => []);
  let check = 0;
  for (const work of variants) check += work().sum;
  for (let r = 0; r < ROUNDS; r++) {
    variants.forEach((work, i) => {
      const start = performance.now();
      const { values, sum } = work();
      times[i]?.push(((performance.now() - start) * 1e6) / values);
      check += sum;
    });
  }
  if (Number.isNaN(check)) throw new Error('no values');
  return times.map((t) => round(median(t), 2));
}

export function benchDecode(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { rounds: ROUNDS, snapshots: SNAPSHOTS };
  for (const type of BUILTIN_TYPES) {
    const registers = type.registers;
    const byNumber = new Map(registers.map((r) => [r.number, r]));
    const addresses = new Set(registers.flatMap(wordAddresses));
    const conditions = registers.filter((r) => r.bits?.some((b) => b.severity !== 'info'));
    const snapshots = Array.from({ length: 64 }, (_, i) => snapshotOf(registers, i + 1));
    const records = snapshots.map((s) => Object.fromEntries(s));

    const ingest =
      (check: (address: number) => boolean, word: (def: RegisterDef, latest: Map<number, number>) => number | undefined) => () => {
        let values = 0;
        let sum = 0;
        for (let i = 0; i < SNAPSHOTS; i++) {
          const snapshot = snapshots[i % snapshots.length] as Map<number, number>;
          for (const address of snapshot.keys()) {
            if (check(address)) sum += 1;
            values += 1;
          }
          for (const def of conditions) sum += (word(def, snapshot) ?? 0) & 1;
        }
        return { values, sum };
      };
    const display = (read: (def: RegisterDef, values: Record<string, number>) => number | undefined) => () => {
      let values = 0;
      let sum = 0;
      for (let i = 0; i < SNAPSHOTS; i++) {
        const record = records[i % records.length] as Record<string, number>;
        for (const def of registers) {
          sum += read(def, record) ?? 0;
          values += 1;
        }
      }
      return { values, sum };
    };

    const [ingestBefore = 0, ingestAfter = 0] = measure([
      ingest(
        (a) => byNumber.has(a),
        (def, latest) => latest.get(def.number),
      ),
      ingest((a) => addresses.has(a), registerRawIn),
    ]);
    const [displayBefore = 0, displayAfter = 0] = measure([
      display((def, v) => {
        const raw = v[def.number];
        return raw === undefined ? undefined : Number((raw / 10 ** def.decimals).toFixed(def.decimals));
      }),
      display((def, v) => {
        const raw = registerRaw(def, v);
        return raw === undefined ? undefined : engineeringValue(def, raw);
      }),
    ]);
    out[type.code] = {
      registers: registers.length,
      words: addresses.size,
      ingestNsPerValue: { before: ingestBefore, after: ingestAfter },
      ingestChange: `${round((ingestAfter / ingestBefore - 1) * 100, 1)} %`,
      displayNsPerValue: { before: displayBefore, after: displayAfter },
      displayChange: `${round((displayAfter / displayBefore - 1) * 100, 1)} %`,
    };
  }
  return Promise.resolve(out);
}
