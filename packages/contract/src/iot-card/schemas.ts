import { z } from 'zod';
import { uploadBody, uploadProblem } from '../controller-types/upload.js';
import { pageOf, pageQuery } from '../envelope.js';
import { trimmedText } from '../validation.js';

/**
 * IoT cards (spec 2 top bar, 3 device's "IoT card code", 7 `/iot_card/*`; issue 22; docs/iot-cards.md): the SIM card
 * each cloud box reports in its hello (ICCID), its provider and expiry date (set per card or imported from a sheet), and
 * the history of a box's card changes.
 */

/** The expired-device list's months: expiring this calendar month (not yet expired), next month, or expired already. */
export const EXPIRY_MONTHS = ['this_month', 'next_month', 'expired'] as const;
export type ExpiryMonth = (typeof EXPIRY_MONTHS)[number];

/** An ICCID: 18 to 22 digits (ITU-T E.118; the last may be a letter F on some cards). */
export const ICCID = /^\d{17,21}[\dF]$/;
/** A card's expiry: a calendar date, `YYYY-MM-DD`. */
export const EXPIRY_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const expiredListFilter = z.object({
  month: z.enum(EXPIRY_MONTHS, { error: 'validation.iotCard.month' }).default('this_month'),
  /** Box number, ICCID, company or provider. */
  query: trimmedText(64).optional(),
});
export const expiredListQuery = pageQuery.extend(expiredListFilter.shape);
export type ExpiredListQuery = Partial<z.output<typeof expiredListQuery>>;

/** One card as the lists show it. */
export const cardRow = z.object({
  id: z.number().int(),
  iccid: z.string(),
  provider: z.string(),
  /** `YYYY-MM-DD`, or null while nobody set it. */
  expiresOn: z.string().nullable(),
  /** Days from today (the server's UTC date) to the expiry: negative once expired; null without an expiry. */
  daysLeft: z.number().int().nullable(),
  /** The box reporting it now (null: none does any more). */
  boxId: z.number().int().nullable(),
  devices: z.array(z.object({ id: z.number().int(), controller: z.number().int(), path: z.string() })),
  company: z.string(),
});
export type CardRow = z.infer<typeof cardRow>;
export const cardPage = pageOf(cardRow);

export const cardParams = z.object({ id: z.coerce.number().int().positive() });
/** What root or limited_admin set on one card. */
export const cardBody = z.object({
  provider: trimmedText(64),
  expiresOn: z.string().regex(EXPIRY_DATE, 'validation.iotCard.date').nullable(),
});
export type CardBody = z.input<typeof cardBody>;

/** A sheet of cards (ICCID, expiry date, provider): previewed, or applied (`apply`) when it has no problem. */
export const cardImportBody = uploadBody.extend({ apply: z.boolean().default(false) });
export type CardImportBody = z.input<typeof cardImportBody>;
export const cardImportRow = z.object({
  row: z.number().int(),
  iccid: z.string(),
  /** Whether the product knew the card (a box reported it, or an earlier import). */
  known: z.boolean(),
  expiresOn: z.string(),
  provider: z.string(),
});
export type CardImportRow = z.infer<typeof cardImportRow>;
export const cardImportResult = z.object({
  changes: z.array(cardImportRow),
  unchanged: z.number().int(),
  problems: z.array(uploadProblem),
  applied: z.boolean(),
});
export type CardImportResult = z.infer<typeof cardImportResult>;

/** A box's card changes, newest first. */
export const cardChange = z.object({ boxId: z.number().int(), from: z.string().nullable(), to: z.string(), at: z.number().int() });
export type CardChange = z.infer<typeof cardChange>;
export const cardHistoryQuery = z.object({ boxId: z.coerce.number().int().positive() });
