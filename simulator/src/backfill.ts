import { SimController } from './controller.js';
import { Prng } from './prng.js';

export interface BackfillOptions {
  /** Controller type code (a simulated type, see SIMULATED_TYPES). */
  typeCode: string;
  /** Controller index on its box (1..32). */
  controller: number;
  /** Same seed, same history. */
  seed: string;
  /** First and last report time (ms); reports are at `from`, `from + interval`, … up to `to`. */
  from: number;
  to: number;
  /** Seconds between reports (say 300). */
  interval: number;
  /** Longest physics step (s): coarser than live (1 s) so a week is computed in a blink. */
  maxStep?: number;
}

/** One report of the past: its time and every register of the map (number → raw word). */
export interface BackfillReport {
  ts: number;
  values: Record<string, number>;
}

/**
 * The history one controller would have reported between `from` and `to`: the same machine models as the live
 * simulator, run in coarser steps. Lazy: each report is computed when it is taken, so memory stays flat.
 */
export function* backfillReports(options: BackfillOptions): Generator<BackfillReport> {
  if (!(options.interval > 0)) throw new Error('interval must be above 0');
  const maxStep = options.maxStep ?? Math.min(60, options.interval);
  const controller = new SimController(
    options.controller,
    options.typeCode,
    new Prng(`${options.seed}:${options.controller}`),
    options.from,
  );
  yield { ts: options.from, values: controller.snapshot() };
  const stepMs = options.interval * 1000;
  for (let ts = options.from + stepMs; ts <= options.to; ts += stepMs) {
    controller.step(options.interval, ts, maxStep);
    yield { ts, values: controller.snapshot() };
  }
}
