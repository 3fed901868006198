import { genericPlc } from './generic-plc.js';
import { maglevBlower } from './maglev-blower.js';
import type { ModelFactory } from './model.js';
import { screwCompressor } from './screw-compressor.js';

/** The machine model of each built-in controller type, by type code. */
export const MODELS: Readonly<Record<string, ModelFactory>> = {
  'screw-compressor': screwCompressor,
  'maglev-blower': maglevBlower,
  'generic-plc': genericPlc,
};

/** The type codes the simulator can play, in the order `--types` rotates through by default. */
export const SIMULATED_TYPES: readonly string[] = Object.keys(MODELS);
