import { z } from 'zod';
import { CHALLENGE_MAX, PASSWORD_MODE_NAMES } from './dynamic-password.js';

/*
 * /qrManage (issue 24, docs/dynamic-password.md): the dynamic passwords that unlock a controller, each paid for with
 * one unit of its caller's quota (CK factories and root have no limit) and recorded.
 */

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
