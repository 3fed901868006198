/** The cloud-box simulator as a library (tests, benchmarks); `dms-simulate` is its command line (cli.ts). */
export { startFleet, FLEET_DEFAULTS, type Fleet, type FleetOptions, type BoxCredential } from './fleet.js';
export { SimBox } from './box.js';
export type { AckedSnapshot, BoxOptions, Rates } from './box-options.js';
export { SimController } from './controller.js';
export { backfillReports, type BackfillOptions, type BackfillReport } from './backfill.js';
export { RegisterBank } from './registers.js';
export { Prng } from './prng.js';
export { SIMULATED_TYPES } from './models/index.js';
export { provisionCredentials, readCredentials, writeCredentials, type ProvisionOptions } from './credentials.js';
export type { BoxCounters, FleetStats } from './stats.js';
export { run, type CliIo } from './main.js';
