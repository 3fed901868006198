import { randomInt } from 'node:crypto';
import { acceptedMode, CHALLENGE_MAX, dayOf, PASSWORD_DIGITS, PASSWORD_MODES, type WriteRejectReason } from '@dms/contract';
import { LOCK_STATE } from '@dms/seed';
import type { RegisterBank } from './registers.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A controller's lock (docs/dynamic-password.md "The simulator"): the lock block of its map (packages/seed's
 * lock-registers.ts), driven as a real controller drives it.
 *
 * - It locks when `lock_command` is written 1 (a distributor's remote lock), when a timed unlock runs out, or by
 *   `lock()` (the `lock` opening scene, tests). Each lock draws a new random challenge, 1..999999, shown in
 *   `lock_challenge`.
 * - A password written to `unlock_password` unlocks it when it is the one for this controller's serial and key, the
 *   challenge shown, a mode and today or yesterday (UTC): for good (`permanent`) or for the mode's days. Any other
 *   password, or one written while unlocked, is refused (`refused`); a password is never good twice, as the next lock
 *   shows a new challenge.
 * - Without a key (the simulator was given no master key) it still locks, and refuses every password.
 */
export class ControllerLock {
  private state: number = LOCK_STATE.unlocked;
  private challenge = 0;
  /** When a timed unlock ends (ms). */
  private until = 0;

  constructor(
    private readonly bank: RegisterBank,
    private readonly serial: string,
    private readonly key: Uint8Array | undefined,
  ) {}

  get locked(): boolean {
    return this.state === LOCK_STATE.locked;
  }

  /** The challenge shown while locked, else 0. */
  get shownChallenge(): number {
    return this.challenge;
  }

  /** Locks at `now`, with a new challenge. */
  lock(now: number): void {
    this.state = LOCK_STATE.locked;
    this.challenge = randomInt(1, CHALLENGE_MAX + 1);
    this.until = 0;
    this.show(now);
  }

  /** A timed unlock that has run out locks again; then the block's registers show the state. */
  tick(now: number): void {
    if (this.state === LOCK_STATE.timed && now >= this.until) this.lock(now);
    this.show(now);
  }

  /**
   * A write the bank took (in range) to register `key`: what the lock makes of it. Null when taken (or not a lock
   * register), `refused` for a password it does not take.
   */
  written(key: string, raw: number, now: number): WriteRejectReason | null {
    if (key === 'lock_command') {
      if (raw === 1) this.lock(now);
    } else if (key === 'unlock_password') {
      const result = this.unlock(String(raw).padStart(PASSWORD_DIGITS, '0'), now);
      this.show(now);
      return result;
    }
    this.show(now);
    return null;
  }

  private unlock(password: string, now: number): WriteRejectReason | null {
    if (this.state !== LOCK_STATE.locked || !this.key) return 'refused';
    const mode = acceptedMode(this.key, this.serial, this.challenge, dayOf(now), password);
    if (!mode) return 'refused';
    const days = PASSWORD_MODES[mode].days;
    this.state = days === null ? LOCK_STATE.unlocked : LOCK_STATE.timed;
    this.until = days === null ? 0 : now + days * DAY_MS;
    this.challenge = 0;
    return null;
  }

  /** The block as the controller shows it; the password and the command read back 0. */
  private show(now: number): void {
    if (!this.bank.has('lock_state')) return;
    this.bank.set('lock_state', this.state);
    this.bank.set('lock_challenge', this.challenge);
    this.bank.set('unlock_password', 0);
    this.bank.set('lock_command', 0);
    this.bank.set('unlock_hours_left', this.state === LOCK_STATE.timed ? Math.ceil((this.until - now) / HOUR_MS) : 0);
  }
}
