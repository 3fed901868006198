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

// ---- Renewal feedback (the top bar's recharge-feedback page) ----

/** What a user says about a card's renewal: they renewed it (please check), or it needs renewing (please renew). */
export const FEEDBACK_KINDS = ['renewed', 'please_renew'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
/** Pending until root or limited_admin handle it: done, or declined (with a reply either way). */
export const FEEDBACK_STATUSES = ['pending', 'done', 'declined'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const HANDLED_STATUSES = ['done', 'declined'] as const;

/** Sending feedback about a card the user sees. */
export const feedbackBody = z.object({
  cardId: z.number({ error: 'validation.feedback.card' }).int('validation.feedback.card').positive('validation.feedback.card'),
  kind: z.enum(FEEDBACK_KINDS, { error: 'validation.feedback.kind' }),
  note: trimmedText(500).default(''),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

/** Handling it: a status and the reply the sender is told. */
export const handleFeedbackBody = z.object({
  status: z.enum(HANDLED_STATUSES, { error: 'validation.feedback.status' }),
  reply: trimmedText(500).pipe(z.string().min(1, 'validation.feedback.reply')),
});
export type HandleFeedbackBody = z.input<typeof handleFeedbackBody>;

export const feedbackRow = z.object({
  id: z.number().int(),
  cardId: z.number().int(),
  iccid: z.string(),
  /** The box reporting the card now, and its expiry (as the lists show it). */
  boxId: z.number().int().nullable(),
  expiresOn: z.string().nullable(),
  kind: z.enum(FEEDBACK_KINDS),
  note: z.string(),
  sender: z.string(),
  /** The caller sent it. */
  mine: z.boolean(),
  status: z.enum(FEEDBACK_STATUSES),
  reply: z.string(),
  handledBy: z.string().nullable(),
  createdAt: z.number().int(),
  handledAt: z.number().int().nullable(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;
export const feedbackPage = pageOf(feedbackRow);
export const feedbackListQuery = pageQuery.extend({
  status: z.enum(FEEDBACK_STATUSES, { error: 'validation.feedback.status' }).optional(),
  /** Box number, ICCID or sender. */
  query: trimmedText(64).optional(),
});
export type FeedbackListQuery = Partial<z.output<typeof feedbackListQuery>>;
export const feedbackParams = z.object({ id: z.coerce.number().int().positive() });

// ---- The renewal prompt (spec 9) ----

/** The provider engineer's phone number, as the prompt's {phone} shows it. */
export const PHONE = /^\+?[\d\s()-]{3,32}$/;
/** The prompt as root saved it (or the product's): its text per language, each with {phone}, and the number. */
export const renewalPrompt = z.object({
  phone: z.string(),
  texts: z.object({ en: z.string(), zh: z.string(), ja: z.string(), es: z.string() }),
  /** Root changed it (false: the product's default). */
  custom: z.boolean(),
});
export type RenewalPrompt = z.infer<typeof renewalPrompt>;
const promptText = z.string().max(1000, 'validation.field.tooLong').pipe(z.string().trim().min(1, 'validation.prompt.text'));
export const renewalPromptBody = z.object({
  phone: z.string().trim().regex(PHONE, 'validation.prompt.phone'),
  texts: z.object({ en: promptText, zh: promptText, ja: promptText, es: promptText }),
});
export type RenewalPromptBody = z.input<typeof renewalPromptBody>;
