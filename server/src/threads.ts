import fs from 'node:fs';
import { parentPort, Worker, type Transferable } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';

/** A request to a worker thread, numbered so that its answer finds it. */
interface Envelope<Req> {
  id: number;
  request: Req;
}
type Answer<Rep> = { id: number; ok: true; reply: Rep } | { id: number; ok: false; error: string };

/**
 * Work done in a worker thread, so that it runs on the core the main thread does not use (the history writer, the
 * rollups, the decoding of what boxes send). `inProcess` is the work itself: the thread runs the same function (served
 * by serveThread) when the built `file` exists, and the main thread runs it otherwise (the sources under test) or once
 * the thread has died. Requests run one at a time, and are answered in order.
 */
export class ThreadWork<Req, Rep> {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, { resolve: (reply: Rep) => void; reject: (err: Error) => void }>();

  constructor(
    private readonly file: string,
    private readonly inProcess: (request: Req) => Promise<Rep>,
    private readonly log: FastifyBaseLogger,
    private readonly name: string,
  ) {}

  /**
   * Starts the thread, with `data` as its workerData, when the built worker file is there. `execArgv`: the thread's
   * Node options, the process's by default (a test runner's would load the sources).
   */
  start(data?: unknown, execArgv?: string[]): void {
    if (!fs.existsSync(this.file)) return;
    const worker = new Worker(this.file, { workerData: data, ...(execArgv ? { execArgv } : {}) });
    this.worker = worker;
    worker.unref();
    worker.on('message', (answer: Answer<Rep>) => {
      const waiter = this.waiting.get(answer.id);
      this.waiting.delete(answer.id);
      if (answer.ok) waiter?.resolve(answer.reply);
      else waiter?.reject(new Error(answer.error));
    });
    worker.on('error', (err) => {
      this.log.error({ err }, `the ${this.name} worker stopped; its work runs in the main thread from now on`);
      this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(err);
      this.waiting.clear();
    });
  }

  /** Whether the work runs in a thread of its own now. */
  get threaded(): boolean {
    return this.worker !== null;
  }

  /** Runs one request; `transfer` moves buffers to the thread instead of copying them. */
  run(request: Req, transfer: readonly Transferable[] = []): Promise<Rep> {
    const worker = this.worker;
    if (!worker) return this.inProcess(request);
    return new Promise((resolve, reject) => {
      const id = ++this.next;
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies Envelope<Req>, [...transfer]);
    });
  }

  /** Ends the thread once what it was asked is done. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.postMessage('close');
    await exited;
  }
}

/**
 * The thread's side of a ThreadWork: runs each request with `handle`, one at a time, and answers it (moving the buffers
 * `transferOf` names instead of copying them); 'close' runs `close` and ends the thread.
 */
// Req is what the port's messages carry: the handler's own request type, checked at the ThreadWork that sends them.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function serveThread<Req, Rep>(
  handle: (request: Req) => Promise<Rep>,
  { close, transferOf }: { close?: () => Promise<void>; transferOf?: (reply: Rep) => Transferable[] } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('a worker runs as a worker thread');
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (message: Envelope<Req> | 'close') => {
    queue = queue.then(async () => {
      if (message === 'close') {
        await close?.();
        port.close();
        return;
      }
      try {
        const reply = await handle(message.request);
        port.postMessage({ id: message.id, ok: true, reply } satisfies Answer<Rep>, transferOf?.(reply) ?? []);
      } catch (err) {
        port.postMessage({ id: message.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies Answer<Rep>);
      }
    });
  });
}
