import { z } from 'zod';
import type { MessageKey } from './messages.js';

/**
 * The rules of spec section 5. Each rule yields a message key (see messages.ts), never a sentence,
 * so the server and the console translate the same rule the same way.
 */
const CHINESE_OR_SPACE = /[\u3400-\u9fff\uf900-\ufaff\s]/u;
const USERNAME_CHARSET = /^[A-Za-z0-9\-+@#&*^%_]+$/;

export const USERNAME_MIN = 6;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const CK_CODE = /^\d{4}$/;

/** The first rule a username breaks, or null when it passes. Order: empty, Chinese/space, length, charset. */
export function usernameProblem(value: string): MessageKey | null {
  if (value.length === 0) return 'validation.username.required';
  if (CHINESE_OR_SPACE.test(value)) return 'validation.username.noChineseOrSpace';
  if (value.length < USERNAME_MIN || value.length > USERNAME_MAX) return 'validation.username.length';
  if (!USERNAME_CHARSET.test(value)) return 'validation.username.charset';
  return null;
}

/** The first rule a password breaks, or null. Order: empty, Chinese/space, length. */
export function passwordProblem(value: string): MessageKey | null {
  if (value.length === 0) return 'validation.password.required';
  if (CHINESE_OR_SPACE.test(value)) return 'validation.password.noChineseOrSpace';
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return 'validation.password.length';
  return null;
}

function ruled(problem: (v: string) => MessageKey | null, required: MessageKey) {
  return z.string({ error: required }).superRefine((value, ctx) => {
    const key = problem(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });
}

/** A username as typed at sign-in: trimmed first (spec 7), then the section 5 rules. */
export const usernameSchema = z
  .string({ error: 'validation.username.required' })
  .transform((v) => v.trim())
  .pipe(ruled(usernameProblem, 'validation.username.required'));

export const passwordSchema = ruled(passwordProblem, 'validation.password.required');

/** Numeric field rules of section 5; `field` is shown in the message. */
export type NumericKind = 'number' | 'positiveInteger' | 'nonNegativeInteger';
const NUMERIC: Record<NumericKind, RegExp> = {
  number: /^[+-]?(\d+(\.\d+)?|\.\d+)$/,
  positiveInteger: /^[1-9]\d*$/,
  nonNegativeInteger: /^(0|[1-9]\d*)$/,
};

export function numericProblem(value: string, kind: NumericKind): MessageKey | null {
  const trimmed = value.trim();
  if (trimmed.length === 0) return 'validation.field.required';
  if (!NUMERIC[kind].test(trimmed)) return `validation.field.${kind}`;
  return null;
}

export function ckProblem(value: string): MessageKey | null {
  return CK_CODE.test(value) ? null : 'validation.ck.format';
}

/** A positive integer id, as a body field or a query parameter (coerced from text). */
export const positiveId = () =>
  z.coerce
    .number({ error: 'validation.field.positiveInteger' })
    .int('validation.field.positiveInteger')
    .positive('validation.field.positiveInteger');

/** Free text, trimmed, at most `max` characters. */
export const trimmedText = (max: number) => z.string().trim().max(max, 'validation.field.tooLong');
