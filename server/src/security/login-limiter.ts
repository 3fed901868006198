/**
 * Sign-in rate limits, kept in memory (one server instance; Redis takes this over when several run):
 * failed attempts per username, and all attempts per address, each within a sliding window.
 */
export class LoginLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits: { perUsername: number; perAddress: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0. */
  retryAfter(username: string, address: string): number {
    const wait = Math.max(
      this.waitFor(`u:${username.toLowerCase()}`, this.limits.perUsername),
      this.waitFor(`a:${address}`, this.limits.perAddress),
    );
    return Math.ceil(wait / 1000);
  }

  recordAttempt(address: string): void {
    this.push(`a:${address}`);
  }

  recordFailure(username: string): void {
    this.push(`u:${username.toLowerCase()}`);
  }

  recordSuccess(username: string): void {
    this.hits.delete(`u:${username.toLowerCase()}`);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  private waitFor(key: string, limit: number): number {
    const list = this.recent(key);
    if (list.length < limit) return 0;
    const oldestThatCounts = list[list.length - limit] ?? this.now();
    return oldestThatCounts + this.limits.windowMs - this.now();
  }

  private push(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.set(key, list);
    if (this.hits.size > 100_000) this.sweep();
  }

  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}
