import { describe, expect, it } from 'vitest';
import {
  acceptedMode,
  controllerKey,
  dayOf,
  dynamicPassword,
  PASSWORD_MODE_NAMES,
  passwordMessage,
  truncate,
  type PasswordMode,
} from './dynamic-password.js';

// The vectors of docs/dynamic-password.md, computed apart from this code (Python's hmac and hashlib, as the doc shows).
const MASTER = Uint8Array.from({ length: 32 }, (_, i) => i);
const DAY = 20786; // 2026-11-29
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const VECTORS: Record<string, { key: string; passwords: Record<PasswordMode, [string, string]> }> = {
  // serial: key_controller, and per mode the passwords for challenges 123456 and 0.
  'SC-0001': {
    key: '342b02ea1dfa80fcaf9816070c2d5e777471ec10d972b6855f72f6dff24a6731',
    passwords: {
      'unlock-1d': ['33894605', '35519201'],
      'unlock-7d': ['86395557', '14198717'],
      'unlock-30d': ['63796764', '96409510'],
      permanent: ['24048191', '24619423'],
    },
  },
  'B1000001-1': {
    key: '345455ebf8cba7ce15c2a639ed2feabeac89bb6fd3671e3ac95d969c9b6e2a17',
    passwords: {
      'unlock-1d': ['70938765', '93603556'],
      'unlock-7d': ['57417036', '22060686'],
      'unlock-30d': ['12208094', '14311330'],
      permanent: ['48925615', '22848555'],
    },
  },
};

describe('the dynamic password (docs/dynamic-password.md)', () => {
  it("gives the published vectors: each serial's controller key and each mode's password", () => {
    expect(dayOf(Date.UTC(2026, 10, 29, 23, 59))).toBe(DAY);
    for (const [serial, v] of Object.entries(VECTORS)) {
      expect(hex(controllerKey(MASTER, serial)), serial).toBe(v.key);
      for (const mode of PASSWORD_MODE_NAMES) {
        expect(dynamicPassword(MASTER, mode, serial, 123456, DAY), `${serial} ${mode} 123456`).toBe(v.passwords[mode][0]);
        expect(dynamicPassword(MASTER, mode, serial, 0, DAY), `${serial} ${mode} 0`).toBe(v.passwords[mode][1]);
      }
    }
    // The message, byte by byte: purpose, serial length, serial, challenge and day (u32, big-endian).
    expect(hex(passwordMessage('unlock-7d', 'SC-0001', 123456, DAY))).toBe('020753432d303030310001e24000005132');
  });

  it('truncates as RFC 4226 does (its HMAC-SHA-1 of count 0 gives 755224)', () => {
    expect(truncate(Buffer.from('cc93cf18508d94934c64b65d8ba7667fb7cde4b0', 'hex'), 6)).toBe('755224');
    expect(truncate(Buffer.from('75a48a19d4cbe100644e8ac1397eea747a2d33ab', 'hex'), 6)).toBe('287082');
  });

  it('is accepted by the controller for its mode on its day and the day after, and for nothing else', () => {
    const key = controllerKey(MASTER, 'SC-0001');
    const password = dynamicPassword(MASTER, 'unlock-30d', 'SC-0001', 123456, DAY);
    expect(acceptedMode(key, 'SC-0001', 123456, DAY, password)).toBe('unlock-30d');
    expect(acceptedMode(key, 'SC-0001', 123456, DAY + 1, password)).toBe('unlock-30d');
    expect(acceptedMode(key, 'SC-0001', 123456, DAY + 2, password)).toBeNull();
    expect(acceptedMode(key, 'SC-0001', 123457, DAY, password)).toBeNull();
    expect(acceptedMode(controllerKey(MASTER, 'SC-0002'), 'SC-0002', 123456, DAY, password)).toBeNull();
    const otherFactory = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    expect(acceptedMode(controllerKey(otherFactory, 'SC-0001'), 'SC-0001', 123456, DAY, password)).toBeNull();
    expect(acceptedMode(key, 'SC-0001', 123456, DAY, '00000000')).toBeNull();
  });

  it('refuses what it cannot sign: a bad serial, a challenge or day out of range, a short master key', () => {
    expect(() => dynamicPassword(MASTER, 'permanent', 'SC 0001', 1, DAY)).toThrow(RangeError);
    expect(() => dynamicPassword(MASTER, 'permanent', 'x'.repeat(33), 1, DAY)).toThrow(RangeError);
    expect(() => dynamicPassword(MASTER, 'permanent', 'SC-0001', 1_000_000, DAY)).toThrow(RangeError);
    expect(() => dynamicPassword(MASTER, 'permanent', 'SC-0001', -1, DAY)).toThrow(RangeError);
    expect(() => dynamicPassword(MASTER, 'permanent', 'SC-0001', 1, 1.5)).toThrow(RangeError);
    expect(() => dynamicPassword(MASTER.slice(0, 15), 'permanent', 'SC-0001', 1, DAY)).toThrow(RangeError);
  });
});
