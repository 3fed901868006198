import { createHmac } from 'node:crypto';
import type { SendResult } from './email.js';

/** The header that carries the body's signature: `sha256=` and the HMAC-SHA256 of the raw body with the secret, in hex. */
export const SIGNATURE_HEADER = 'x-dms-signature';
/** The delivery's id: the same on every attempt of one delivery, so a receiver can drop a repeat. */
export const DELIVERY_HEADER = 'x-dms-delivery';

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Hosts plain HTTP may go to: this machine only; anything else is HTTPS. */
export function httpAllowed(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

/**
 * Posts a JSON body to a webhook endpoint, signed; a 2xx answer within 10 seconds is delivered, anything else (another
 * status, no answer, a refused connection) is not, with the reason.
 */
export async function postWebhook(url: string, secret: string, deliveryId: number, body: string): Promise<SendResult> {
  if (!httpAllowed(url)) return { ok: false, detail: 'plain HTTP is allowed to this machine only' };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'dms-notifications/1',
        [SIGNATURE_HEADER]: signature(secret, body),
        [DELIVERY_HEADER]: String(deliveryId),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return { ok: res.ok, detail: `HTTP ${res.status}` };
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return { ok: false, detail: `${err instanceof Error ? err.message : String(err)}${cause}` };
  }
}
