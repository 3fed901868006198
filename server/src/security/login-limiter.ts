import { Code } from '@dms/contract';
import net from 'node:net';
import { AppError } from '../errors.js';

/** The sign-in protection's settings (README "Sign-in protection"). */
export interface LoginLimits {
  /** Failed attempts on one username from one address, within the window, before that address is refused for it. */
  perUsername: number;
  /** Failed attempts from one address (any usernames), within the window, before the address is refused. */
  perAddress: number;
  windowMs: number;
  /** The longest a failing address's answer is held when its username is under attack. */
  maxDelayMs: number;
  /** The most keys each of the three failure logs keeps (the least recently failing are dropped first). */
  maxEntries: number;
}

/** Why an attempt is refused before the password is looked at, and for how long. */
export interface Refusal {
  /** `address`: the address failed too often (any usernames); `account`: it failed too often on this username. */
  scope: 'address' | 'account';
  retryAfterSeconds: number;
}

/** One password check (a sign-in, or change-password's old password), counted as failed until it succeeds. */
export interface Attempt {
  /** Set when the attempt is refused outright (HTTP 429); nothing was counted then. */
  readonly refusal: Refusal | null;
  /** How long the answer is held before the password is checked (0 for an address that has not been failing). */
  readonly delayMs: number;
  /** Holds the answer for `delayMs`. */
  hold(): Promise<void>;
  /** The password was right: the attempt is not counted, and the address's failures on this username are cleared. */
  succeeded(): void;
}

/** Answers held at once before the rest of the failing addresses are told to retry later instead (bounded memory). */
const MAX_HELD = 1000;

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * The key an address is counted under: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix, since one
 * subscriber usually holds a whole /64 and could otherwise spread its guesses over endless addresses.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!net.isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Failure times per key within a sliding window. Bounded: each key keeps its newest `keep` times, and the map keeps
 * at most `maxEntries` keys. A key moves to the end when it fails, so the first keys are the least recently failing:
 * expired ones are dropped from the front as the log is used, and when it is full the oldest goes first.
 */
class FailureLog {
  private readonly times = new Map<string, number[]>();

  constructor(
    private readonly keep: number,
    private readonly windowMs: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.times.size;
  }

  count(key: string, now: number): number {
    return this.recent(key, now).length;
  }

  /** Milliseconds until fewer than `limit` failures of the key are within the window (0 when already fewer). */
  waitMs(key: string, limit: number, now: number): number {
    const list = this.recent(key, now);
    if (list.length < limit) return 0;
    const oldestThatCounts = list[list.length - limit] ?? now;
    return oldestThatCounts + this.windowMs - now;
  }

  add(key: string, now: number): void {
    const list = this.recent(key, now);
    list.push(now);
    if (list.length > this.keep) list.splice(0, list.length - this.keep);
    this.times.delete(key);
    this.times.set(key, list);
    this.expire(now);
    for (const oldest of this.times.keys()) {
      if (this.times.size <= this.maxEntries) break;
      this.times.delete(oldest);
    }
  }

  /** Forgets one failure recorded at `time` (an attempt that turned out right). */
  remove(key: string, time: number): void {
    const list = this.times.get(key);
    if (!list) return;
    const at = list.lastIndexOf(time);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.times.delete(key);
  }

  clear(key: string): void {
    this.times.delete(key);
  }

  /** Each key's failures within the window (the cache tool shows them). */
  *entries(now: number): Generator<[string, readonly number[]]> {
    const cutoff = now - this.windowMs;
    for (const [key, list] of this.times) {
      const recent = list.filter((t) => t > cutoff);
      if (recent.length > 0) yield [key, recent];
    }
  }

  private recent(key: string, now: number): number[] {
    const list = this.times.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    const first = list.findIndex((t) => t > cutoff);
    if (first === -1) {
      this.times.delete(key);
      return [];
    }
    if (first > 0) list.splice(0, first);
    return list;
  }

  /** Drops keys from the front whose newest failure has left the window. */
  private expire(now: number): void {
    const cutoff = now - this.windowMs;
    for (const [key, list] of this.times) {
      if ((list[list.length - 1] ?? 0) > cutoff) break;
      this.times.delete(key);
    }
  }
}

/**
 * A failure key as Redis and the cache tool name it (after REDIS_PREFIX): `login:pair:<username>@<address>`,
 * `login:address:<address>`, `login:username:<username>`.
 */
export function loginKeyName(kind: keyof AttemptKeys, key: string): string {
  return `login:${kind}:${kind === 'pair' ? key.replace('\n', '@') : key}`;
}

/** The three keys an attempt is counted under: its username on its address, its address, its username. */
export interface AttemptKeys {
  pair: string;
  address: string;
  username: string;
}

/** What a store answers as an attempt begins (`FailureStore.begin`). */
export interface Begun {
  /** ms until the address is under its limit again, or until this username on it is: > 0 refuses (nothing counted). */
  addressWait: number;
  pairWait: number;
  /** The username's and the address's failures within the window before this attempt (which is now counted). */
  usernameFailures: number;
  addressFailures: number;
  /** What `succeeded` and `forget` take back: this attempt's count. */
  mark: string;
}

/**
 * Where failures are counted: in this process (`MemoryFailures`), or in Redis for every instance
 * (security/shared-failures.ts). `begin` checks and counts at once, so that parallel guesses are all counted.
 */
export interface FailureStore {
  begin(keys: AttemptKeys, now: number): Promise<Begun>;
  /** The attempt was right: it is not counted, and the address's failures on this username are cleared. */
  succeeded(keys: AttemptKeys, mark: string): Promise<void>;
  /** The attempt was refused after all (too many answers held): it is not counted. */
  forget(keys: AttemptKeys, mark: string): Promise<void>;
}

/** How many failures each key keeps: no more than its limit needs (a username's, up to where its delay is capped). */
export function keptFailures(limits: LoginLimits): { pair: number; address: number; username: number } {
  const toCap = Math.max(0, Math.ceil(Math.log2(Math.max(1, limits.maxDelayMs / 1000))));
  return { pair: limits.perUsername, address: limits.perAddress, username: limits.perUsername + toCap + 1 };
}

/** Failures counted in this process (one instance): three bounded logs. */
export class MemoryFailures implements FailureStore {
  private readonly pairs: FailureLog;
  private readonly addresses: FailureLog;
  private readonly usernames: FailureLog;

  constructor(private readonly limits: LoginLimits) {
    const keep = keptFailures(limits);
    this.pairs = new FailureLog(keep.pair, limits.windowMs, limits.maxEntries);
    this.addresses = new FailureLog(keep.address, limits.windowMs, limits.maxEntries);
    this.usernames = new FailureLog(keep.username, limits.windowMs, limits.maxEntries);
  }

  /** The keys each log holds now (bounded by `maxEntries`). */
  size(): { pairs: number; addresses: number; usernames: number } {
    return { pairs: this.pairs.size, addresses: this.addresses.size, usernames: this.usernames.size };
  }

  begin(keys: AttemptKeys, now: number): Promise<Begun> {
    return Promise.resolve(this.beginNow(keys, now));
  }

  /** Every key's failures within the window, named as in Redis (the cache tool shows them without REDIS_URL). */
  inspect(now: number): Array<{ key: string; times: readonly number[] }> {
    const logs = [
      ['pair', this.pairs],
      ['address', this.addresses],
      ['username', this.usernames],
    ] as const;
    return logs.flatMap(([kind, log]) => [...log.entries(now)].map(([key, times]) => ({ key: loginKeyName(kind, key), times })));
  }

  /** `begin`, answered at once (the shared store falls back to it when Redis is away). */
  beginNow(keys: AttemptKeys, now: number): Begun {
    const mark = String(now);
    const addressWait = this.addresses.waitMs(keys.address, this.limits.perAddress, now);
    const pairWait = addressWait > 0 ? 0 : this.pairs.waitMs(keys.pair, this.limits.perUsername, now);
    const refused = { addressWait, pairWait, usernameFailures: 0, addressFailures: 0, mark };
    if (addressWait > 0 || pairWait > 0) return refused;
    const begun = {
      ...refused,
      usernameFailures: this.usernames.count(keys.username, now),
      addressFailures: this.addresses.count(keys.address, now),
    };
    this.pairs.add(keys.pair, now);
    this.addresses.add(keys.address, now);
    this.usernames.add(keys.username, now);
    return begun;
  }

  succeeded(keys: AttemptKeys, mark: string): Promise<void> {
    this.pairs.clear(keys.pair);
    this.addresses.remove(keys.address, Number(mark));
    this.usernames.remove(keys.username, Number(mark));
    return Promise.resolve();
  }

  forget(keys: AttemptKeys, mark: string): Promise<void> {
    for (const [log, key] of [
      [this.pairs, keys.pair],
      [this.addresses, keys.address],
      [this.usernames, keys.username],
    ] as const)
      log.remove(key, Number(mark));
    return Promise.resolve();
  }
}

/**
 * Sign-in protection. Failures are counted per (username, address), per address and per username, in this process or,
 * with REDIS_URL, in Redis for every instance (`store`):
 * - an address that failed `perUsername` times on one username is refused for that username for the window;
 * - an address that failed `perAddress` times (any usernames) is refused for the window;
 * - the per-username count only slows guessing down: once a username has `perUsername` failures, an address that
 *   has itself been failing waits min(2^(n - perUsername) s, maxDelay) before its password is checked. An address
 *   that has not been failing is answered at once, so nobody can lock someone else out.
 * An attempt counts as failed from its start (so parallel guesses are counted before they are checked) until it
 * succeeds; successful attempts are never counted.
 */
export class LoginLimiter {
  private readonly now: () => number;
  private readonly store: FailureStore;
  private held = 0;
  /** How a held answer waits; tests put a recorder here instead of waiting. */
  sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly limits: LoginLimits,
    options: { now?: () => number; sleep?: (ms: number) => Promise<void>; store?: FailureStore } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.store = options.store ?? new MemoryFailures(limits);
  }

  /** The failures this process counts (none listed when Redis counts them), and the window they expire after. */
  inspect(): { entries: Array<{ key: string; times: readonly number[] }>; windowMs: number } {
    return { entries: this.store instanceof MemoryFailures ? this.store.inspect(this.now()) : [], windowMs: this.limits.windowMs };
  }

  /** The hold of an attempt whose username and address had these failures before it (see the class). */
  private delay(usernameFailures: number, addressFailures: number): number {
    if (usernameFailures < this.limits.perUsername || addressFailures === 0) return 0;
    return Math.min(2 ** (usernameFailures - this.limits.perUsername) * 1000, this.limits.maxDelayMs);
  }

  /** Starts a password check: refused, or counted as failed (and maybe held) until `succeeded()`. */
  async begin(username: string, address: string): Promise<Attempt> {
    const now = this.now();
    const user = username.toLowerCase();
    const addr = addressKey(address);
    const keys = { pair: `${user}\n${addr}`, address: addr, username: user };
    const refuse = (scope: Refusal['scope'], ms: number): Attempt => ({
      refusal: { scope, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) },
      delayMs: 0,
      hold: () => Promise.resolve(),
      succeeded: () => undefined,
    });
    const begun = await this.store.begin(keys, now);
    if (begun.addressWait > 0) return refuse('address', begun.addressWait);
    if (begun.pairWait > 0) return refuse('account', begun.pairWait);
    const delayMs = this.delay(begun.usernameFailures, begun.addressFailures);
    // Too many answers held already: this failing address is told when to come back instead.
    if (delayMs > 0 && this.held >= MAX_HELD) {
      await this.store.forget(keys, begun.mark);
      return refuse('account', delayMs);
    }
    let settled = false;
    return {
      refusal: null,
      delayMs,
      hold: async () => {
        if (delayMs <= 0) return;
        this.held += 1;
        try {
          await this.sleep(delayMs);
        } finally {
          this.held -= 1;
        }
      },
      succeeded: () => {
        if (settled) return;
        settled = true;
        void this.store.succeeded(keys, begun.mark);
      },
    };
  }
}

/**
 * The HTTP 429 answer (code 42900) for a refused attempt, with `data.retryAfterSeconds` (the route also sets the
 * Retry-After header): the address's own message, or the sign-in's, change-password's or a second factor's code's.
 */
export function refusalError(refusal: Refusal, check: 'signIn' | 'oldPassword' | 'code'): AppError {
  const seconds = refusal.retryAfterSeconds;
  const own = { signIn: 'error.tooManyAttempts', oldPassword: 'error.tooManyPasswordAttempts', code: 'error.tooManyCodeAttempts' } as const;
  const key = refusal.scope === 'address' ? 'error.addressBlocked' : own[check];
  return new AppError(Code.TOO_MANY_ATTEMPTS, key, { seconds }, { retryAfterSeconds: seconds });
}
