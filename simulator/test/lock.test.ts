import { controllerKey, dayOf, deviceSerial, dynamicPassword, type PasswordMode } from '@dms/contract';
import { builtinRegister } from '@dms/seed';
import { describe, expect, it } from 'vitest';
import { SimController } from '../src/controller.js';
import { Prng } from '../src/prng.js';

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
const DAY = 86_400_000;
const MASTER = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const SERIAL = deviceSerial(100_001, 1);
const reg = (key: string) => builtinRegister('screw-compressor', key);

/** A controller holding `key` (its CK factory's, by default), or no key (null). */
function controller(key: Uint8Array | null = controllerKey(MASTER, SERIAL)): SimController {
  return new SimController(1, 'screw-compressor', new Prng('lock'), T0, { serial: SERIAL, ...(key ? { key } : {}) });
}
const read = (c: SimController, key: string) => c.bank.raw(key);
/** The password as the server calculates it, as the words written to the two-word register. */
function words(mode: PasswordMode, challenge: number, day: number, master = MASTER): number[] {
  const value = Number(dynamicPassword(master, mode, SERIAL, challenge, day));
  return [Math.floor(value / 65_536), value % 65_536];
}

describe('a simulated controller’s lock', () => {
  it('starts unlocked, locks on the lock command with a six-digit challenge, and reads back 0 for the command', () => {
    const c = controller();
    expect(read(c, 'lock_state')).toBe(0);
    expect(read(c, 'lock_challenge')).toBe(0);
    expect(c.write(reg('lock_command'), [1], T0)).toBeNull();
    expect(read(c, 'lock_state')).toBe(1);
    expect(read(c, 'lock_challenge')).toBeGreaterThanOrEqual(1);
    expect(read(c, 'lock_challenge')).toBeLessThanOrEqual(999_999);
    expect(read(c, 'lock_command')).toBe(0);
    // The snapshot carries the challenge in its two words.
    const snap = c.snapshot();
    expect((snap[reg('lock_challenge')] ?? 0) * 65_536 + (snap[reg('lock_challenge') + 1] ?? 0)).toBe(read(c, 'lock_challenge'));
  });

  it('takes only the password of its serial, challenge, a mode and today or yesterday, and unlocks for the mode’s days', () => {
    const c = controller();
    c.write(reg('lock_command'), [1], T0);
    const challenge = read(c, 'lock_challenge');
    const today = dayOf(T0);
    const other = Uint8Array.from({ length: 32 }, () => 7);
    expect(c.write(reg('unlock_password'), words('unlock-7d', challenge, today, other), T0)).toBe('refused');
    expect(c.write(reg('unlock_password'), words('unlock-7d', (challenge % 999_999) + 1, today), T0)).toBe('refused');
    expect(c.write(reg('unlock_password'), words('unlock-7d', challenge, today - 2), T0)).toBe('refused');
    expect(c.write(reg('unlock_password'), [1, 0], T0)).toBe('refused');
    expect(read(c, 'lock_state')).toBe(1);
    expect(read(c, 'lock_challenge')).toBe(challenge);

    // Yesterday's password (calculated just before midnight) still works.
    const password = words('unlock-7d', challenge, today - 1);
    expect(c.write(reg('unlock_password'), password, T0)).toBeNull();
    expect(read(c, 'lock_state')).toBe(2);
    expect(read(c, 'lock_challenge')).toBe(0);
    expect(read(c, 'unlock_password')).toBe(0);
    expect(read(c, 'unlock_hours_left')).toBe(7 * 24);
    // Used: the same password again is refused.
    expect(c.write(reg('unlock_password'), password, T0 + 1000)).toBe('refused');

    // Seven days on, it locks again with a new challenge, and the old password does not open it.
    c.step(10, T0 + 7 * DAY - 3_600_000);
    expect(read(c, 'unlock_hours_left')).toBe(1);
    c.step(10, T0 + 7 * DAY);
    expect(read(c, 'lock_state')).toBe(1);
    const next = read(c, 'lock_challenge');
    expect(next).toBeGreaterThan(0);
    expect(c.write(reg('unlock_password'), password, T0 + 7 * DAY)).toBe('refused');
    expect(c.write(reg('unlock_password'), words('permanent', next, dayOf(T0 + 7 * DAY)), T0 + 7 * DAY)).toBeNull();
    expect(read(c, 'lock_state')).toBe(0);
    c.step(10, T0 + 400 * DAY);
    expect(read(c, 'lock_state')).toBe(0);
  });

  it('without a key it still locks, and refuses every password', () => {
    const c = controller(null);
    c.lock.lock(T0);
    const challenge = read(c, 'lock_challenge');
    expect(read(c, 'lock_state')).toBe(1);
    expect(c.write(reg('unlock_password'), words('permanent', challenge, dayOf(T0)), T0)).toBe('refused');
  });

  it('refuses a password out of its eight digits as out of range, before the lock sees it', () => {
    const c = controller();
    c.write(reg('lock_command'), [1], T0);
    // 100,000,000 = 1525 × 65536 + 57600
    expect(c.write(reg('unlock_password'), [1525, 57_600], T0)).toBe('out-of-range');
  });
});
