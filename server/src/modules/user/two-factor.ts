import {
  Code,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  type SignedInData,
  type TwoFactorReset,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@dms/contract';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { requireAccess } from '../../access/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import { refusalError } from '../../security/login-limiter.js';
import type { Sealer } from '../../security/sealed.js';
import { hashToken } from '../../security/tokens.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import type { SignInChallenges } from './challenges.js';
import * as repo from './repository.js';
import { secondFactorRequired, type ClientMeta, type UserService } from './service.js';

/** RFC 6238 as authenticator apps read it: HMAC-SHA1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
/** The product's name in the app's list of accounts. */
const ISSUER = 'DMS';
/** What sealing labels the key at rest. */
const KEY_LABEL = 'totp-key';

/** The TOTP of a base32 key for a user name. */
export function totpOf(secret: string, username: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The time step whose code this is, within ±1 step of `at` (clock drift), or null when it is none of them. */
export function stepOfCode(totp: TOTP, code: string, at: number): number | null {
  const delta = totp.validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD_S) + delta;
}

/** A recovery code as typed, reduced to what counts: its letters and digits, lower case. */
function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/** Ten codes of ten hexadecimal digits, written `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

/**
 * Two-factor sign-in with TOTP (issue 27; docs/people.md "Two-factor sign-in"): enrolment in the profile (a key shown as
 * a QR code and as text, confirmed by a code, ten recovery codes), the sign-in's second step, turning it off, and
 * root's reset. Every code is checked through the sign-in protection (the password's limits), a code is accepted
 * once (its time step is remembered), and every change is logged without the key or a code.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'require2faRoles'>,
    private readonly users: UserService,
    private readonly challenges: SignInChallenges,
    private readonly sealer: Sealer,
    private readonly audit: Audit,
    private readonly bus: EventBus,
    private readonly now: () => number,
  ) {}

  /** Whether one of these roles must use two-factor sign-in. */
  required(roles: readonly string[]): boolean {
    return secondFactorRequired(roles, this.config);
  }

  async status(auth: AuthContext): Promise<TwoFactorStatus> {
    const enabledAt = auth.user.totp_enabled_at;
    return {
      enabled: enabledAt !== null,
      required: this.required(auth.roles),
      enabledAt,
      recoveryLeft: enabledAt === null ? 0 : await repo.countRecoveryCodesLeft(this.db, auth.user.id),
    };
  }

  /** A new key, kept (sealed) until a code of it confirms it; a key shown before and not confirmed is replaced. */
  async begin(auth: AuthContext): Promise<TwoFactorSetup> {
    if (auth.user.totp_enabled_at !== null) throw new AppError(Code.REJECTED, 'error.twoFactorAlreadyOn');
    const secret = new Secret({ size: 20 }).base32;
    await repo.setPendingKey(this.db, auth.user.id, this.sealer.seal(KEY_LABEL, Buffer.from(secret)));
    return { secret, uri: totpOf(secret, auth.user.username).toString() };
  }

  /** Turns it on with a code of the key shown: answers the recovery codes, which are not shown again. */
  async confirm(auth: AuthContext, code: string, ip: string): Promise<RecoveryCodes> {
    const { user } = auth;
    if (user.totp_enabled_at !== null) throw new AppError(Code.REJECTED, 'error.twoFactorAlreadyOn');
    if (user.totp_pending === null) throw new AppError(Code.REJECTED, 'error.twoFactorNotStarted');
    const secret = this.sealer.open(KEY_LABEL, user.totp_pending).toString('utf8');
    const step = await this.throttled(user.username, ip, () => stepOfCode(totpOf(secret, user.username), code, this.now()));
    const codes = newRecoveryCodes();
    const on = await this.db.transaction().execute((trx) =>
      repo.enableSecondFactor(trx, user.id, {
        pending: user.totp_pending ?? '',
        at: this.now(),
        step,
        recoveryHashes: codes.map((c) => hashToken(normalRecoveryCode(c))),
      }),
    );
    // Confirmed by another call meanwhile (two tabs): this one's key and codes were not stored.
    if (!on) throw new AppError(Code.REJECTED, 'error.twoFactorAlreadyOn');
    this.bus.publish('userChanged', { userId: user.id });
    await this.audit.record({ user, action: 'user.twoFactorOn', target: user.username, outcome: 'ok', ip });
    return { recoveryCodes: codes };
  }

  /** Turns it off with a code or a recovery code; never for a role that requires it. */
  async off(auth: AuthContext, code: string, ip: string): Promise<void> {
    const { user } = auth;
    if (this.required(auth.roles)) throw new AppError(Code.REJECTED, 'error.twoFactorRoleRequires');
    if (user.totp_enabled_at === null) throw new AppError(Code.REJECTED, 'error.twoFactorNotOn');
    await this.verify(user, code, ip);
    await this.db.transaction().execute((trx) => repo.clearSecondFactor(trx, user.id));
    this.bus.publish('userChanged', { userId: user.id });
    await this.audit.record({ user, action: 'user.twoFactorOff', target: user.username, outcome: 'ok', ip });
  }

  /** The second step: a code or a recovery code for the challenge's user, then a session. */
  async secondStep(body: { challenge: string; code: string }, meta: ClientMeta): Promise<SignedInData> {
    const user = await repo.findUserById(this.db, this.challenges.open(body.challenge));
    // Reset or turned off since the password was checked: the sign-in starts again.
    if (!user || user.totp_enabled_at === null) throw new AppError(Code.SIGN_IN_STEP_EXPIRED, 'error.signInStepExpired');
    if (user.disabled) throw new AppError(Code.ACCOUNT_DISABLED, 'error.accountDisabled');
    await this.verify(user, body.code, meta.ip);
    return this.users.startSession(user, meta);
  }

  /** Root resets another user's second factor: it is off, their recovery codes are gone and their sessions end. */
  async reset(auth: AuthContext, username: string, ip: string): Promise<TwoFactorReset> {
    const target = await repo.findUserByUsername(this.db, username);
    const ended = await this.db.transaction().execute(async (trx) => {
      // A user who does not exist is refused like one root may not reset (the rule fails closed).
      await requireAccess(trx, { auth, permission: 'user.secondFactorReset', ids: [target?.id ?? 0] });
      const id = target?.id ?? 0;
      await repo.clearSecondFactor(trx, id);
      return repo.revokeOtherSessions(trx, id, 0, this.now());
    });
    if (!target) return { sessionsEnded: 0 };
    for (const sessionId of ended) this.bus.publish('sessionEnded', { sessionId, code: Code.TOKEN_REVOKED });
    this.bus.publish('userChanged', { userId: target.id });
    await this.audit.record({
      user: auth.user,
      action: 'user.twoFactorReset',
      target: target.username,
      newValue: String(ended.length),
      outcome: 'ok',
      ip,
    });
    return { sessionsEnded: ended.length };
  }

  /** A code of the app (accepted once) or an unused recovery code (used up now), through the sign-in protection. */
  private async verify(user: UserRow, code: string, ip: string): Promise<void> {
    const secret = user.totp_secret === null ? null : this.sealer.open(KEY_LABEL, user.totp_secret).toString('utf8');
    const kind = await this.throttled(user.username, ip, async () => {
      const typed = code.replace(/\s+/g, '');
      if (/^\d{6}$/.test(typed)) {
        const step = secret === null ? null : stepOfCode(totpOf(secret, user.username), typed, this.now());
        return step !== null && (await repo.acceptStep(this.db, user.id, step)) ? 'app' : null;
      }
      return (await repo.useRecoveryCode(this.db, user.id, hashToken(normalRecoveryCode(code)), this.now())) ? 'recovery' : null;
    });
    if (kind === 'recovery') {
      const left = await repo.countRecoveryCodesLeft(this.db, user.id);
      await this.audit.record({ user, action: 'user.recoveryCodeUsed', target: user.username, newValue: String(left), outcome: 'ok', ip });
    }
  }

  /**
   * Runs a code check counted as the password's are (per user name and address, per address; no lockout by others):
   * refused with 42900 when over the limits, 40006 when the check answers null.
   */
  private async throttled<T>(username: string, ip: string, check: () => T | null | Promise<T | null>): Promise<T> {
    const attempt = await this.users.limiter.begin(username, ip);
    if (attempt.refusal) throw refusalError(attempt.refusal, 'code');
    await attempt.hold();
    const result = await check();
    if (result === null) throw new AppError(Code.WRONG_SECOND_FACTOR, 'error.wrongSecondFactor');
    attempt.succeeded();
    return result;
  }
}
