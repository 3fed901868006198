import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { runRequest, type RollupRequest } from './rollup-job.js';

/*
 * The history rollups' worker thread (rollup-job.ts): its own connection to the server's database, one request at a
 * time, answered when done; 'close' closes the connection and ends the thread.
 */
const port = parentPort;
if (!port) throw new Error('rollup-worker runs as a worker thread');
const { database } = workerData as { database: Config['database'] };
const opened = await openDatabase(database);
let queue: Promise<void> = Promise.resolve();
port.on('message', (message: RollupRequest | 'close') => {
  queue = queue.then(async () => {
    if (message === 'close') {
      await opened.close();
      port.close();
      return;
    }
    port.postMessage(await runRequest(opened.db, message));
  });
});
