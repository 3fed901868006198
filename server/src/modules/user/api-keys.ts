import {
  API_KEY_MAX_PER_USER,
  API_SCOPES,
  Code,
  sessionRoles,
  type ApiKeyItem,
  type ApiKeysPage,
  type ApiKeyState,
  type ApiScope,
  type CreatedApiKey,
} from '@dms/contract';
import { randomBytes } from 'node:crypto';
import { requireAccess } from '../../access/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ApiKeyRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import { hashToken, tokenMatches } from '../../security/tokens.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import * as repo from './repository.js';
import { parseRoles, secondFactorRequired } from './service.js';

const DAY_MS = 86_400_000;
/** A key's last use is written at most once in this long (most calls write nothing). */
const USE_STEP_MS = 60_000;
/** `dms_<prefix>_<secret>`: ten hex digits that find the key, 43 base64url characters (32 random bytes) that prove it. */
const KEY_FORMAT = /^dms_([0-9a-f]{10})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer token is an API key rather than a session's token. */
export function isApiKey(token: string): boolean {
  return token.startsWith('dms_');
}

function stateOf(row: Pick<ApiKeyRow, 'revoked_at' | 'ended_reason' | 'expires_at'>, now: number): ApiKeyState {
  if (row.revoked_at !== null) {
    const why = row.ended_reason;
    return why === 'userDisabled' || why === 'passwordChanged' || why === 'expired' ? why : 'revoked';
  }
  return row.expires_at <= now ? 'expired' : 'active';
}

function scopesOf(row: Pick<ApiKeyRow, 'scopes'>): ApiScope[] {
  const parsed: unknown = JSON.parse(row.scopes);
  return Array.isArray(parsed) ? parsed.filter((s): s is ApiScope => API_SCOPES.some((scope) => scope === s)) : [];
}

/**
 * Per-key rate limits: a token bucket each, `perSecond` refilled up to `burst`. Bounded: the least recently used keys
 * are forgotten first past `maxKeys` (a forgotten key starts full again, which only ever allows a burst more).
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  constructor(
    private readonly limits: Config['apiKeyRate'],
    private readonly now: () => number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one call of the key: 0 when allowed, else the seconds until one is. */
  take(keyId: number): number {
    const now = this.now();
    const held = this.buckets.get(keyId);
    const tokens = Math.min(
      this.limits.burst,
      (held?.tokens ?? this.limits.burst) + ((now - (held?.at ?? now)) / 1000) * this.limits.perSecond,
    );
    this.buckets.delete(keyId);
    if (tokens < 1) {
      this.buckets.set(keyId, { tokens, at: now });
      return Math.max(1, Math.ceil((1 - tokens) / this.limits.perSecond));
    }
    this.buckets.set(keyId, { tokens: tokens - 1, at: now });
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(oldest);
    }
    return 0;
  }

  forget(keyIds: readonly number[]): void {
    for (const id of keyIds) this.buckets.delete(id);
  }
}

/**
 * API keys for integrators (issue 27; docs/api.md "API keys"). A user creates keys with scopes and an expiry; the key is
 * answered once and stored as the SHA-256 of its secret. A call with `Authorization: Bearer dms_…` is its user's,
 * through the same access module, but only on calls whose descriptor names a scope the key holds (the auth plugin),
 * and within the key's rate limit. Revoking, disabling the user and changing their password end keys at once (every
 * call reads the key), and the ended keys go on the bus (`apiKeysEnded`).
 */
export class ApiKeyService {
  readonly limiter: KeyRateLimiter;
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'require2faRoles' | 'apiKeyRate'>,
    private readonly audit: Audit,
    private readonly bus: EventBus,
    private readonly now: () => number,
  ) {
    this.limiter = new KeyRateLimiter(config.apiKeyRate, now);
    bus.on('apiKeysEnded', ({ keyIds }) => {
      this.limiter.forget(keyIds);
    });
  }

  async list(auth: AuthContext, q: { page: number; page_size: number }): Promise<ApiKeysPage> {
    const { total, rows } = await repo.listApiKeys(this.db, auth.user.id, q.page, q.page_size);
    const now = this.now();
    return { total, items: rows.map((r) => this.item(r, now)) };
  }

  async create(auth: AuthContext, body: { name: string; scopes: ApiScope[]; expiresInDays: number }, ip: string): Promise<CreatedApiKey> {
    const now = this.now();
    const prefix = randomBytes(5).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const row = await this.db.transaction().execute(async (trx) => {
      if ((await repo.countLiveApiKeys(trx, auth.user.id, now)) >= API_KEY_MAX_PER_USER) {
        throw new AppError(Code.REJECTED, 'error.apiKeyLimit', { max: API_KEY_MAX_PER_USER });
      }
      return repo.insertApiKey(trx, {
        user_id: auth.user.id,
        name: body.name,
        prefix,
        secret_hash: hashToken(secret),
        scopes: JSON.stringify([...new Set(body.scopes)]),
        created_at: now,
        expires_at: now + body.expiresInDays * DAY_MS,
      });
    });
    await this.audit.record({
      user: auth.user,
      action: 'user.createApiKey',
      target: `${body.name} (${prefix})`,
      newValue: `${body.scopes.join(' ')}, ${String(body.expiresInDays)} d`,
      outcome: 'ok',
      ip,
    });
    return { key: `dms_${prefix}_${secret}`, item: this.item(row, now) };
  }

  /** Revokes one of one's own keys (permission apiKey.revoke, checked in the transaction that revokes it). */
  async revoke(auth: AuthContext, id: number, ip: string): Promise<void> {
    const row = await this.db.transaction().execute(async (trx) => {
      await requireAccess(trx, { auth, permission: 'apiKey.revoke', ids: [id] });
      await repo.endApiKeys(trx, { id }, 'revoked', this.now());
      return repo.findApiKey(trx, id);
    });
    this.bus.publish('apiKeysEnded', { keyIds: [id] });
    await this.audit.record({
      user: auth.user,
      action: 'user.revokeApiKey',
      target: `${row?.name ?? ''} (${row?.prefix ?? ''})`,
      outcome: 'ok',
      ip,
    });
  }

  /**
   * Ends the keys whose expiry has passed (the hourly sweep): each is logged once, as its user's `user.apiKeyExpired`
   * (they are refused from their expiry on either way). At most `limit` a sweep; the count ended.
   */
  async endExpired(limit = 500): Promise<number> {
    const now = this.now();
    const ended = await this.db.transaction().execute(async (trx) => {
      const due = await repo.expiredApiKeys(trx, now, limit);
      const ids = await repo.endApiKeys(trx, { ids: due.map((k) => k.id) }, 'expired', now);
      return due.filter((k) => ids.includes(k.id));
    });
    if (ended.length === 0) return 0;
    this.bus.publish('apiKeysEnded', { keyIds: ended.map((k) => k.id) });
    for (const k of ended) {
      await this.audit.record({
        user: { id: k.user_id, username: k.username },
        action: 'user.apiKeyExpired',
        target: `${k.name} (${k.prefix})`,
        outcome: 'ok',
        ip: '',
      });
    }
    return ended.length;
  }

  /**
   * The user a key acts for, with the key's scopes: 50008 unknown or malformed, 50012 revoked or its user disabled,
   * 50014 expired; 429 past its rate. Notes its last use (at most once a minute).
   */
  async authenticate(token: string, ip: string): Promise<AuthContext> {
    const parts = KEY_FORMAT.exec(token);
    const found = parts ? await repo.findApiKeyWithUser(this.db, parts[1] ?? '') : undefined;
    if (!found || !tokenMatches(parts?.[2] ?? '', found.key.secret_hash)) throw new AppError(Code.TOKEN_ILLEGAL, 'error.apiKeyInvalid');
    const { key, user } = found;
    const now = this.now();
    if (key.expires_at <= now) throw new AppError(Code.TOKEN_EXPIRED, 'error.apiKeyExpired');
    if (key.revoked_at !== null || user.disabled) throw new AppError(Code.TOKEN_REVOKED, 'error.apiKeyRevoked');
    const wait = this.limiter.take(key.id);
    if (wait > 0) throw new AppError(Code.TOO_MANY_ATTEMPTS, 'error.apiKeyRate', { seconds: wait }, { retryAfterSeconds: wait });
    if ((key.last_used_at ?? 0) <= now - USE_STEP_MS || key.last_ip !== ip) await repo.touchApiKey(this.db, key.id, now, ip.slice(0, 64));
    const roles = sessionRoles(parseRoles(user), user.group_extra);
    return {
      user,
      roles,
      sessionId: 0,
      secondFactorMissing: user.totp_enabled_at === null && secondFactorRequired(roles, this.config),
      apiKey: { id: key.id, scopes: scopesOf(key) },
    };
  }

  private item(r: ApiKeyRow, now: number): ApiKeyItem {
    return {
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      scopes: scopesOf(r),
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      lastUsedAt: r.last_used_at,
      lastIp: r.last_ip,
      state: stateOf(r, now),
    };
  }
}
