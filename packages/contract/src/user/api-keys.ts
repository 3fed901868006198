import { z } from 'zod';
import { API_SCOPES } from '../endpoint.js';
import { pageOf, pageQuery } from '../envelope.js';

// ---- API keys for integrators (issue 27, docs/api.md "API keys") ----

/** A key's expiry in days: 90 unless chosen, at most a year. */
export const API_KEY_DEFAULT_DAYS = 90;
export const API_KEY_MAX_DAYS = 365;
/** The most live keys a user holds at once. */
export const API_KEY_MAX_PER_USER = 20;

export const apiScope = z.enum(API_SCOPES, { error: 'validation.apiKey.scopes' });

/**
 * Why a key no longer works: expired (its expiry passed; the hourly sweep logs it), revoked by its user, or ended with
 * the user's disabling or password change.
 */
export const API_KEY_STATES = ['active', 'expired', 'revoked', 'userDisabled', 'passwordChanged'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** A key as its user's list shows it: never its secret. */
export const apiKeyItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The part of the key after `dms_` and before the secret: how a key is told apart. */
  prefix: z.string(),
  scopes: z.array(apiScope),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  lastIp: z.string().nullable(),
  state: z.enum(API_KEY_STATES),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;
export const apiKeysPage = pageOf(apiKeyItem);
export type ApiKeysPage = z.infer<typeof apiKeysPage>;
export const apiKeysQuery = pageQuery;

export const createApiKeyBody = z.object({
  name: z.string({ error: 'validation.apiKey.name' }).trim().min(1, 'validation.apiKey.name').max(64, 'validation.apiKey.name'),
  scopes: z
    .array(apiScope, { error: 'validation.apiKey.scopes' })
    .min(1, 'validation.apiKey.scopes')
    .max(API_SCOPES.length, 'validation.apiKey.scopes')
    .refine((s) => new Set(s).size === s.length, 'validation.apiKey.scopes'),
  expiresInDays: z.coerce
    .number({ error: 'validation.apiKey.expiry' })
    .int('validation.apiKey.expiry')
    .min(1, 'validation.apiKey.expiry')
    .max(API_KEY_MAX_DAYS, 'validation.apiKey.expiry')
    .default(API_KEY_DEFAULT_DAYS),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** A new key: the whole key (`dms_<prefix>_<secret>`), shown this once, and its entry of the list. */
export const createdApiKey = z.object({ key: z.string(), item: apiKeyItem });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const revokeApiKeyBody = z.object({ id: z.coerce.number().int().positive() });
export type RevokeApiKeyBody = z.input<typeof revokeApiKeyBody>;
