import { z } from 'zod';

// ---- two-factor sign-in (TOTP, RFC 6238; issue 27, docs/people.md "Two-factor sign-in") ----

/** How many one-time recovery codes enrolment gives (each used once, stored hashed). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the step after the password may take before the password is asked again. */
export const SIGN_IN_STEP_MS = 5 * 60_000;
/** The roles that must use two-factor sign-in unless REQUIRE_2FA_ROLES says otherwise. */
export const DEFAULT_2FA_ROLES = ['root', 'limited_admin'] as const;

/** A code of the authenticator app: six digits (spaces are ignored). */
export const totpCode = z
  .string({ error: 'validation.twoFactor.code' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'validation.twoFactor.code'));

/** The sign-in's second step answers a code of the app, or one of the recovery codes. */
export const secondFactorCode = z
  .string({ error: 'validation.twoFactor.required' })
  .trim()
  .min(1, 'validation.twoFactor.required')
  .max(32, 'validation.twoFactor.required');

/** A sign-in whose password was right, of a user with two-factor sign-in on: the second step comes next. */
export const secondStepData = z.object({ challenge: z.string(), expiresAt: z.number().int() });
export type SecondStepData = z.infer<typeof secondStepData>;

export const secondStepBody = z.object({
  challenge: z.string({ error: 'error.signInStepExpired' }).min(1, 'error.signInStepExpired').max(1024, 'error.signInStepExpired'),
  code: secondFactorCode,
});
export type SecondStepBody = z.input<typeof secondStepBody>;

/** The signed-in user's second factor: on or off, required by their role, recovery codes not used yet. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  enabledAt: z.number().int().nullable(),
  recoveryLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** A new key to enrol: its base32 text (to type) and its otpauth:// address (the QR code shows it). */
export const twoFactorSetup = z.object({ secret: z.string(), uri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

export const twoFactorCodeBody = z.object({ code: totpCode });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

/** Turning it off asks for a code of the app or a recovery code. */
export const twoFactorOffBody = z.object({ code: secondFactorCode });
export type TwoFactorOffBody = z.input<typeof twoFactorOffBody>;

/** The recovery codes, shown once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** Root resets another user's second factor (their sessions end). */
export const twoFactorResetBody = z.object({ username: z.string().trim().min(1, 'validation.username.required').max(64) });
export type TwoFactorResetBody = z.input<typeof twoFactorResetBody>;
export const twoFactorReset = z.object({ sessionsEnded: z.number().int() });
export type TwoFactorReset = z.infer<typeof twoFactorReset>;
