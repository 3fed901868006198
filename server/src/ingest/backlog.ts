/**
 * What ingest holds between a box message's arrival and its acknowledgement, bounded (docs/box-protocol.md,
 * Backpressure). Each message is admitted before it is parsed and released once it is handled (a snapshot: stored);
 * while the payloads admitted reach `maxBytes`, the next message waits, in arrival order. A waiting message holds
 * up its connection: the embedded broker reads nothing more from that box until it is acknowledged, and an external
 * broker's messages are taken in only as they are admitted (its in-flight window then holds the rest). So when ingest
 * falls behind, the boxes wait instead of the server's memory growing.
 */
export class IngestBacklog {
  /** Payload bytes and messages admitted and not yet handled. */
  bytes = 0;
  messages = 0;
  /** The most bytes held at once since start. */
  peakBytes = 0;
  /** Messages that had to wait for room, since start. */
  waits = 0;
  private readonly queue: Array<{ bytes: number; admit: () => void }> = [];

  constructor(readonly maxBytes: number) {}

  /** Messages waiting for room now. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Admits a message of `bytes`: null when it is admitted now, else a promise that resolves when it is. One message
   * is always admitted when nothing is held, however large, so the ceiling cannot stop ingest.
   */
  admit(bytes: number): Promise<void> | null {
    if (this.queue.length === 0 && this.fits(bytes)) {
      this.take(bytes);
      return null;
    }
    this.waits += 1;
    return new Promise<void>((resolve) => {
      this.queue.push({ bytes, admit: resolve });
    });
  }

  /** Resolves once a message would be admitted at once (an external broker's next message is read only then). */
  room(): Promise<void> | null {
    if (this.queue.length === 0 && this.bytes < this.maxBytes) return null;
    return new Promise<void>((resolve) => {
      this.queue.push({ bytes: 0, admit: resolve });
    });
  }

  /** A message admitted with `bytes` is handled (stored, refused or failed): its room goes to those waiting. */
  release(bytes: number): void {
    this.bytes -= bytes;
    this.messages -= 1;
    for (let next = this.queue[0]; next && this.fits(next.bytes); next = this.queue[0]) {
      this.queue.shift();
      if (next.bytes === 0) {
        next.admit();
        continue;
      }
      this.take(next.bytes);
      next.admit();
    }
  }

  private fits(bytes: number): boolean {
    return this.messages === 0 || this.bytes + bytes <= this.maxBytes;
  }

  private take(bytes: number): void {
    this.bytes += bytes;
    this.messages += 1;
    if (this.bytes > this.peakBytes) this.peakBytes = this.bytes;
  }
}
