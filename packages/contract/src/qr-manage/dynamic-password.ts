import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The dynamic password (docs/dynamic-password.md): what a locked controller accepts for its serial, the challenge it
 * shows, the mode asked for and the day. The server calculates it (/qrManage/calculate-dynamic-pwd) and the
 * simulator's controllers check it, with this one function, so that the loop is closed.
 *
 *   key_controller = HMAC-SHA256(master key of the CK factory, serial)
 *   password       = truncate(HMAC-SHA256(key_controller, purpose ‖ serial ‖ challenge ‖ day))
 */

/** The modes a password is calculated for: its purpose byte, and how long the controller stays unlocked (null: for good). */
export const PASSWORD_MODES = {
  'unlock-1d': { purpose: 1, days: 1 },
  'unlock-7d': { purpose: 2, days: 7 },
  'unlock-30d': { purpose: 3, days: 30 },
  permanent: { purpose: 4, days: null },
} as const satisfies Record<string, { purpose: number; days: number | null }>;
export type PasswordMode = keyof typeof PASSWORD_MODES;
export const PASSWORD_MODE_NAMES = Object.keys(PASSWORD_MODES) as PasswordMode[];

/** A controller's serial: 1 to 32 of A–Z, a–z, 0–9 and '-' (ASCII, so its bytes are its characters). */
export const SERIAL_PATTERN = /^[A-Za-z0-9-]{1,32}$/;
/** The challenge a locked controller shows: six decimal digits (0 to 999999). */
export const CHALLENGE_MAX = 999_999;
/** The password: eight decimal digits (it fits one 32-bit register). */
export const PASSWORD_DIGITS = 8;
const DAY_MS = 86_400_000;
const U32 = 2 ** 32;

/** The serial of controller `controller` on box `boxId`, as this product names it ("1000001-1"). */
export const deviceSerial = (boxId: number, controller: number): string => `${boxId}-${controller}`;

/** The UTC day number of `ms` (days since 1970-01-01): the day a password is calculated for. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

function serialBytes(serial: string): Uint8Array {
  if (!SERIAL_PATTERN.test(serial)) throw new RangeError(`not a controller serial: ${JSON.stringify(serial)}`);
  return new TextEncoder().encode(serial);
}

function u32(value: number, what: string): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value >= U32) throw new RangeError(`${what} out of range: ${value}`);
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/** key_controller = HMAC-SHA256(master key, serial): what the CK factory writes into each controller it makes. */
export function controllerKey(masterKey: Uint8Array, serial: string): Uint8Array {
  if (masterKey.length < 16) throw new RangeError('a master key has at least 16 bytes');
  return hmac(sha256, masterKey, serialBytes(serial));
}

/** The message signed: purpose (1 byte) ‖ serial length (1 byte) ‖ serial ‖ challenge (u32, big-endian) ‖ day (u32, big-endian). */
export function passwordMessage(mode: PasswordMode, serial: string, challenge: number, day: number): Uint8Array {
  if (challenge > CHALLENGE_MAX) throw new RangeError(`challenge out of range: ${challenge}`);
  const s = serialBytes(serial);
  const parts = [Uint8Array.of(PASSWORD_MODES[mode].purpose, s.length), s, u32(challenge, 'challenge'), u32(day, 'day')];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** RFC 4226's dynamic truncation of a MAC to `digits` decimal digits (zero-padded). */
export function truncate(mac: Uint8Array, digits = PASSWORD_DIGITS): string {
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  const code = view.getUint32(offset) & 0x7fffffff;
  return String(code % 10 ** digits).padStart(digits, '0');
}

/** The last moment a password of `day` is accepted: the end of the UTC day after it (see acceptedMode). */
export const validUntil = (day: number): number => (day + 2) * DAY_MS - 1;

/** The password a controller holding `key` (its key_controller) accepts for this mode, challenge and day. */
export function passwordFromControllerKey(key: Uint8Array, mode: PasswordMode, serial: string, challenge: number, day: number): string {
  return truncate(hmac(sha256, key, passwordMessage(mode, serial, challenge, day)));
}

/** The password for a controller of the CK factory whose master key is `masterKey` (what the server calculates). */
export function dynamicPassword(masterKey: Uint8Array, mode: PasswordMode, serial: string, challenge: number, day: number): string {
  return passwordFromControllerKey(controllerKey(masterKey, serial), mode, serial, challenge, day);
}

/**
 * What a controller does with a password typed (or written) while it shows `challenge`: the mode it unlocks, or null.
 * It accepts the password of its current UTC day or of the day before (one calculated just before midnight still
 * works after it); any other day, challenge, serial or key gives another password. A controller draws a new challenge
 * each time it locks, so a password is used once.
 */
export function acceptedMode(key: Uint8Array, serial: string, challenge: number, today: number, password: string): PasswordMode | null {
  for (const mode of PASSWORD_MODE_NAMES) {
    for (const day of [today, today - 1]) {
      if (passwordFromControllerKey(key, mode, serial, challenge, day) === password) return mode;
    }
  }
  return null;
}
