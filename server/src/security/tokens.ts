import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A fresh random secret as base64url text: `bytes` random bytes (session tokens, box passwords, one-time download
 * tokens, export job ids).
 */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * SHA-256 of a token or secret in hex: what is stored instead of it (sessions, box credentials). The secrets are
 * long and random, so a fast hash is enough; passwords chosen by people use passwords.ts.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a token matches a stored `hashToken`, in constant time. */
export function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
