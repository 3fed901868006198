import { serveDbWorker } from '../db/worker.js';
import { writePacked } from './history-batch.js';

/* The history writer's worker thread (writer.ts, db/worker.ts). */
await serveDbWorker(writePacked);
