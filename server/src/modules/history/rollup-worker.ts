import { serveDbWorker } from '../../db/worker.js';
import { runRollups } from './rollup-job.js';

/* The history rollups' worker thread (rollup-job.ts, db/worker.ts). */
await serveDbWorker(runRollups);
