import { z } from 'zod';
import { boxIdSchema as boxId } from '../devices/schemas.js';

/**
 * Claim labels (issue 24, docs/people.md "Claiming a box"): each registered box has a QR label that encodes its id and
 * a claim secret, never its CK code. Scanning it (or a photo of it) at /usermanager/add-device proves that one holds
 * the box. Root or limited_admin prints them from box registration; voiding a box's labels gives it a new secret.
 */

/** A claim secret: 16 characters of Crockford's base32 (no I, L, O or U), 80 bits. */
export const CLAIM_SECRET = /^[0-9A-HJKMNP-TV-Z]{16}$/;
/** Most labels one sheet request covers. */
export const MAX_LABELS = 500;

/** What a label's QR code says: `DMS1:<box id>:<secret>` (QR's alphanumeric mode holds it in a small code). */
export const labelPayload = (id: number, secret: string): string => `DMS1:${id}:${secret}`;

/** The secret as a person types it from the label's text: four groups of four. */
export const claimCode = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1-');

/**
 * A claim secret as typed or read: upper-cased, dashes and spaces dropped, and the letters Crockford reads as digits
 * (O as 0, I and L as 1) turned into them. Undefined when it is not one.
 */
export function normalizeClaim(text: string): string | undefined {
  const secret = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CLAIM_SECRET.test(secret) ? secret : undefined;
}

/** What a scanned label says, or null when the text is not one of this product's labels. */
export function parseLabel(text: string): { boxId: number; claim: string } | null {
  const match = /^DMS1:(\d{1,10}):([0-9A-Z]{16})$/.exec(text.trim());
  if (!match) return null;
  const id = boxId.safeParse(match[1]);
  const claim = normalizeClaim(match[2] ?? '');
  return id.success && claim ? { boxId: id.data, claim } : null;
}

/** A range of registered boxes whose labels are printed or voided. */
export const labelRange = z.object({ startBoxId: boxId, endBoxId: boxId }).superRefine((v, ctx) => {
  if (!boxId.safeParse(v.startBoxId).success || !boxId.safeParse(v.endBoxId).success) return;
  if (v.endBoxId < v.startBoxId) ctx.addIssue({ code: 'custom', path: ['endBoxId'], message: 'validation.boxId.order' });
  else if (v.endBoxId - v.startBoxId + 1 > MAX_LABELS)
    ctx.addIssue({ code: 'custom', path: ['endBoxId'], message: 'validation.labels.tooMany' });
});
export type LabelRange = z.input<typeof labelRange>;

/** One box's label: what its QR code says, and its secret as a person types it. */
export const claimLabel = z.object({ boxId: z.number().int(), payload: z.string(), code: z.string() });
export type ClaimLabel = z.infer<typeof claimLabel>;

export const labelSheet = z.object({ labels: z.array(claimLabel) });
export const labelsVoided = z.object({ boxIds: z.array(z.number().int()) });
