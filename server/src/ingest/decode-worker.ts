import { serveThread } from '../threads.js';
import { decodeBatch, type DecodedBatch, type PackedMessages } from './decode.js';

/* The message decoder's worker thread (decoder.ts, threads.ts). */
serveThread((batch: PackedMessages) => Promise.resolve(decodeBatch(batch)), {
  transferOf: (reply: DecodedBatch) => [reply.values.buffer],
});
