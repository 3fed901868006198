import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { CHALLENGE_MAX, PASSWORD_MODE_NAMES } from './dynamic-password.js';

/*
 * /qrManage (issue 24, docs/dynamic-password.md): the dynamic passwords that unlock a controller, each paid for with
 * one unit of its caller's quota (CK factories and root have no limit) and recorded.
 */

/** The most one change of a quota moves. */
export const QUOTA_CHANGE_MAX = 100_000;

/** Calculate a password: the device (its serial and its box's CK factory follow), the challenge it shows, the mode. */
export const calculateBody = z
  .object({
    deviceId: z.number({ error: 'validation.qrManage.device' }).int('validation.qrManage.device').positive('validation.qrManage.device'),
    challenge: z
      .string({ error: 'validation.qrManage.challenge' })
      .regex(/^\d{6}$/, 'validation.qrManage.challenge')
      .transform(Number)
      .pipe(z.number().max(CHALLENGE_MAX)),
    mode: z.enum(PASSWORD_MODE_NAMES, { error: 'validation.qrManage.mode' }),
    /** Made by the console once per calculation: a retry with the same key answers the same, debited once. */
    requestId: z.string({ error: 'validation.qrManage.requestId' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.qrManage.requestId'),
  })
  .strict();
export type CalculateBody = z.input<typeof calculateBody>;
/** The body as the server reads it (the challenge as a number). */
export type CalculateInput = z.output<typeof calculateBody>;

/** A password calculated: shown once, with what it unlocks and until when it is accepted. */
export const calculated = z.object({
  password: z.string(),
  mode: z.enum(PASSWORD_MODE_NAMES),
  deviceId: z.number().int(),
  serial: z.string(),
  challenge: z.string(),
  /** How long the controller stays unlocked, in days; null: for good. */
  unlockDays: z.number().int().nullable(),
  /** When the controller stops accepting it (the end of the UTC day after it was calculated). */
  validUntil: z.number().int(),
  calculatedAt: z.number().int(),
  /** The caller's quota left after it; null: no limit (a CK factory, root). */
  remaining: z.number().int().nullable(),
});
export type Calculated = z.infer<typeof calculated>;

/** The caller's own quota: calculations left, or no limit (root, a CK factory). */
export const myQuota = z.object({ unlimited: z.boolean(), remaining: z.number().int().nullable() });
export type MyQuota = z.infer<typeof myQuota>;

/** The users directly below the caller, whose quota they give and take back; `q` finds a username or name. */
export const quotaQuery = pageQuery.extend({ q: z.string().trim().max(64).optional() });
export type QuotaQuery = Partial<z.output<typeof quotaQuery>>;
export const quotaRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  remaining: z.number().int(),
  /** Passwords they calculated, and when last. */
  used: z.number().int(),
  lastAt: z.number().int().nullable(),
});
export type QuotaRow = z.infer<typeof quotaRow>;
export const quotaPage = pageOf(quotaRow);
export type QuotaPage = z.infer<typeof quotaPage>;

/** Raise (a positive change) or lower (a negative one) a user's quota: units move from the caller to them, or back. */
export const quotaChangeBody = z
  .object({
    userId: z.number({ error: 'validation.qrManage.user' }).int('validation.qrManage.user').positive('validation.qrManage.user'),
    change: z
      .number({ error: 'validation.qrManage.change' })
      .int('validation.qrManage.change')
      .min(-QUOTA_CHANGE_MAX, 'validation.qrManage.change')
      .max(QUOTA_CHANGE_MAX, 'validation.qrManage.change')
      .refine((n) => n !== 0, 'validation.qrManage.change'),
  })
  .strict();
export type QuotaChangeBody = z.input<typeof quotaChangeBody>;
/** Both balances after the change (the caller's null: no limit). */
export const quotaChanged = z.object({ userId: z.number().int(), remaining: z.number().int(), mine: z.number().int().nullable() });
export type QuotaChanged = z.infer<typeof quotaChanged>;

/** Which calculations /qrManage/pwd-list shows (and exports): a user (their username or name), a box, a mode, a time span. */
export const pwdRecordFilter = z.object({
  q: z.string().trim().max(64).optional(),
  boxId: z.coerce.number().int().positive().optional(),
  mode: z.enum(PASSWORD_MODE_NAMES, { error: 'validation.qrManage.mode' }).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export const pwdRecordQuery = pageQuery.extend(pwdRecordFilter.shape);
export type PwdRecordQuery = Partial<z.output<typeof pwdRecordQuery>>;
export const pwdRecordRow = z.object({
  id: z.number().int(),
  calculatedAt: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  boxId: z.number().int(),
  serial: z.string(),
  challenge: z.string(),
  mode: z.enum(PASSWORD_MODE_NAMES),
  /** The quota left after it; null: no limit. */
  remaining: z.number().int().nullable(),
});
export type PwdRecordRow = z.infer<typeof pwdRecordRow>;
/** A page of calculations, newest first, and over the whole filter how many each user made of each mode. */
export const pwdRecordPage = pageOf(pwdRecordRow).extend({
  totals: z.array(z.object({ userId: z.number().int(), username: z.string(), mode: z.enum(PASSWORD_MODE_NAMES), count: z.number().int() })),
});
export type PwdRecordPage = z.infer<typeof pwdRecordPage>;
