import { randomInt } from 'node:crypto';
import { MAX_CONTROLLERS_PER_BOX } from '@dms/contract';
import type { AckedSnapshot, Rates, Scene } from './box-options.js';
import { SimBox } from './box.js';
import { SIMULATED_TYPES } from './models/index.js';
import { sumCounters, type FleetStats } from './stats.js';
import { isLoopbackHost, loopbackAliasesWork, parseBrokerUrl } from './transport.js';

/** A box's MQTT credentials: its id (also its username) and the secret issued at registration. */
export interface BoxCredential {
  boxId: number;
  password: string;
}

export interface FleetOptions {
  /** mqtt://host:port of the broker. */
  url: string;
  boxes: readonly BoxCredential[];
  /** Controllers per box (1..32). */
  controllers?: number;
  /** Controller type codes, given to the controllers in turn across the fleet. */
  types?: readonly string[];
  /** Seconds between snapshots. */
  interval?: number;
  /** Same seed, same values; a random one when absent (see `Fleet.seed`). */
  seed?: string;
  /** Incidents per box per hour. */
  rates?: Partial<Rates>;
  /** Boxes started per second, so that a large fleet does not knock all at once. */
  connectRate?: number;
  /** Opening scenes: what given boxes do as soon as they have reported (a fresh demo shows its purpose at once). */
  scenes?: readonly Scene[];
  /** The CK factory's master key its controllers hold keys from (BoxOptions.masterKey). */
  masterKey?: Uint8Array;
  /** Keep every acknowledged snapshot for `ackedSnapshots()` (tests). */
  trackAcks?: boolean;
  clock?: () => number;
  /** Progress and what the boxes do; `warn` problems (unreachable broker, refused boxes, bad down messages). */
  log?: (line: string) => void;
  warn?: (line: string) => void;
}

export const FLEET_DEFAULTS = {
  controllers: 1,
  interval: 10,
  rates: { fault: 0.2, alert: 0.5, offline: 0.1, ipChange: 0.05 } satisfies Rates,
  connectRate: 200,
};

export interface Fleet {
  readonly seed: string;
  readonly boxes: readonly SimBox[];
  /** Resolves when every box has been started (they start at `connectRate` per second). */
  readonly started: Promise<void>;
  box(boxId: number): SimBox | undefined;
  stats(): FleetStats;
  /** Every controller snapshot the broker acknowledged (with `trackAcks`). */
  ackedSnapshots(): AckedSnapshot[];
  /** Disconnects every box properly. */
  stop(): Promise<void>;
}

/** Starts a fleet of simulated boxes. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const controllers = options.controllers ?? FLEET_DEFAULTS.controllers;
  const types = options.types ?? SIMULATED_TYPES;
  const interval = options.interval ?? FLEET_DEFAULTS.interval;
  const rates: Rates = { ...FLEET_DEFAULTS.rates, ...options.rates };
  const connectRate = options.connectRate ?? FLEET_DEFAULTS.connectRate;
  const seed = options.seed ?? String(randomInt(1, 1_000_000));
  const log = options.log ?? (() => {});
  const warn = options.warn ?? log;
  if (!Number.isInteger(controllers) || controllers < 1 || controllers > MAX_CONTROLLERS_PER_BOX) {
    throw new Error(`controllers per box must be 1..${MAX_CONTROLLERS_PER_BOX}`);
  }
  if (types.length === 0) throw new Error('no controller types');
  if (!(interval > 0)) throw new Error('interval must be above 0');
  if (!(connectRate > 0)) throw new Error('connect rate must be above 0');

  const broker = parseBrokerUrl(options.url);
  let loopbackAliases = false;
  if (rates.ipChange > 0) {
    loopbackAliases = isLoopbackHost(broker.host) && (await loopbackAliasesWork());
    if (!loopbackAliases) {
      warn('IP changes are off: they need a broker on 127.x.x.x and a system that routes 127.0.0.0/8 to loopback (Linux)');
    }
  }

  const seenErrors = new Set<string>();
  let next = 0;
  const boxes = options.boxes.map((credential) => {
    const boxTypes = Array.from({ length: controllers }, () => types[next++ % types.length] ?? '');
    const box = new SimBox({
      boxId: credential.boxId,
      password: credential.password,
      url: options.url,
      types: boxTypes,
      interval,
      seed,
      rates,
      loopbackAliases,
      trackAcks: options.trackAcks ?? false,
      ...(options.masterKey ? { masterKey: options.masterKey } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      log,
      warn,
    });
    box.on('clientError', (err) => {
      // One line per kind of problem, not one per box and retry.
      if (seenErrors.has(err.message)) return;
      seenErrors.add(err.message);
      warn(`box ${box.boxId}: ${err.message} (later boxes with the same error are not logged)`);
    });
    return box;
  });
  const byId = new Map(boxes.map((b) => [b.boxId, b]));
  for (const scene of options.scenes ?? []) byId.get(scene.boxId)?.play(scene);

  let stopping = false;
  // Not an async IIFE: the compiler reads an IIFE's body as inline code and takes `stopping` for false throughout.
  const startAll = async () => {
    const batch = Math.max(1, Math.ceil(connectRate / 10));
    for (let i = 0; i < boxes.length; i += batch) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      // stop() may have come during the pause.
      if (stopping) return;
      for (const box of boxes.slice(i, i + batch)) box.start();
    }
  };
  const started = startAll();

  return {
    seed,
    boxes,
    started,
    box: (boxId) => byId.get(boxId),
    stats: () => ({
      boxes: boxes.length,
      connected: boxes.filter((b) => b.connected).length,
      ...sumCounters(boxes.map((b) => b.counters)),
    }),
    ackedSnapshots: () => boxes.flatMap((b) => b.acked),
    stop: async () => {
      stopping = true;
      await started;
      await Promise.all(boxes.map((b) => b.stop()));
    },
  };
}
