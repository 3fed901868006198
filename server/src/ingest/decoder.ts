import { fileURLToPath } from 'node:url';
import type { UpKind } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ThreadWork } from '../threads.js';
import { decodeBatch, decodeMessage, packMessages, unpackDecoded, type Decoded, type DecodedBatch, type PackedMessages } from './decode.js';

/** The decoder's thread, once built (the sources under test decode in-process instead). */
const WORKER_FILE = fileURLToPath(new URL('./decode-worker.js', import.meta.url));
/** Messages sent to the thread at most at once. */
const MAX_BATCH = 512;

/** A message to decode and what to do with it then, or something that must happen after the messages before it. */
type Entry = { kind: UpKind; payload: Uint8Array; then: (decoded: Decoded) => void } | { kind: null; then: () => void };

/**
 * Reads and checks what boxes send (decode.ts) in a thread of its own, on the core the main thread leaves, and keeps
 * their order: the messages received in one turn of the event loop go over together, and what follows each one
 * (`then`) runs in the main thread in the order they came, after what came before (`inOrder`: a connection's
 * end after the messages it carried). Without the thread (the sources under test, or once it died) each message is
 * decoded and followed at once when nothing waits; a batch the thread failed is decoded in the main thread, so nothing
 * is lost.
 */
export class Decoder {
  private readonly work: ThreadWork<PackedMessages, DecodedBatch>;
  private waiting: Entry[] = [];
  /** Batches sent whose entries have not run yet. */
  private inFlight = 0;
  private scheduled = false;
  /** Where the entries of the batch last sent run: after those of the batches before. */
  private tail: Promise<void> = Promise.resolve();

  constructor(log: FastifyBaseLogger, file = WORKER_FILE) {
    this.work = new ThreadWork(file, (batch) => Promise.resolve(decodeBatch(batch)), log, 'message decoder');
  }

  start(execArgv?: string[]): void {
    this.work.start(undefined, execArgv);
  }

  get threaded(): boolean {
    return this.work.threaded;
  }

  stop(): Promise<void> {
    return this.work.stop();
  }

  /** Decodes a message, then calls `then` with it; answers what `then` answers (rejects when it throws). */
  decode<T>(kind: UpKind, payload: Uint8Array, then: (decoded: Decoded) => T | Promise<T>): Promise<T> {
    if (this.idle() && !this.work.threaded) return attempt(() => then(decodeMessage(kind, payload)));
    return new Promise<T>((resolve, reject) => {
      this.enqueue({
        kind,
        payload,
        then: (decoded) => {
          attempt(() => then(decoded)).then(resolve, reject);
        },
      });
    });
  }

  /** Runs `fn` after everything received before it is decoded and followed: at once when nothing waits. */
  inOrder(fn: () => void): void {
    if (this.idle()) fn();
    else this.enqueue({ kind: null, then: fn });
  }

  private idle(): boolean {
    return this.inFlight === 0 && this.waiting.length === 0;
  }

  private enqueue(entry: Entry): void {
    this.waiting.push(entry);
    if (this.waiting.length >= MAX_BATCH) this.send();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.send();
      });
    }
  }

  private send(): void {
    this.scheduled = false;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    this.inFlight += 1;
    const messages = batch.filter((e) => e.kind !== null);
    const packed = packMessages(messages);
    const reply =
      messages.length === 0
        ? Promise.resolve([])
        : this.work.run(packed, [packed.kinds.buffer, packed.ends.buffer, packed.bytes.buffer]).then(unpackDecoded);
    const follow = (decoded: ReadonlyArray<Decoded | undefined>) => {
      let i = 0;
      try {
        for (const e of batch) {
          if (e.kind === null) e.then();
          else e.then(decoded[i++] ?? decodeMessage(e.kind, e.payload));
        }
      } finally {
        this.inFlight -= 1;
      }
    };
    this.tail = this.tail.then(() =>
      reply.then(follow, () => {
        follow([]);
      }),
    );
  }
}

/** `fn`'s answer as a promise; a throw as a rejection. */
function attempt<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}
