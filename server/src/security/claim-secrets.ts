import { timingSafeEqual } from 'node:crypto';
import type { Sealer } from './sealed.js';

/** Crockford's base32 alphabet (no I, L, O, U): what a claim secret is written in. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The claim secret of a box's labels (packages/contract's box-reg-info/labels.ts): 80 bits of HMAC under the server's
 * key over the box id and its label generation (`boxes.claim_generation`), in 16 characters of Crockford's base32.
 * Nothing secret is stored: voiding a box's labels moves its generation on, and every label printed before no longer
 * matches. Instances that share a database must share SECRET_KEY (as for sealed values).
 */
export class ClaimSecrets {
  constructor(private readonly sealer: Sealer) {}

  of(boxId: number, generation: number): string {
    const mac = this.sealer.mac('claim-label', `${boxId}:${generation}`);
    let bits = 0;
    let value = 0;
    let out = '';
    for (const byte of mac.subarray(0, 10)) {
      value = (value << 8) | byte;
      bits += 8;
      while (bits >= 5) {
        bits -= 5;
        out += ALPHABET.charAt((value >>> bits) & 31);
      }
      value &= (1 << bits) - 1;
    }
    return out;
  }

  /** Whether `secret` (normalized) is the current one of the box, compared in constant time. */
  matches(boxId: number, generation: number, secret: string): boolean {
    const expected = Buffer.from(this.of(boxId, generation));
    const given = Buffer.from(secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
