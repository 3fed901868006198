import {
  Code,
  SESSION_ACTIVITY_STEP_MS,
  sessionRoles,
  type ChangePasswordBody,
  type LoginData,
  type Role,
  type SignedInData,
  type UserInfoData,
} from '@dms/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { LoginLimiter, refusalError, type FailureStore } from '../../security/login-limiter.js';
import { burnVerification, hashPassword, verifyPassword } from '../../security/passwords.js';
import type { EventBus } from '../../events/bus.js';
import type { LiveSession } from '../../security/live-session.js';
import { hashToken, randomToken } from '../../security/tokens.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import * as repo from './repository.js';
import type { SignInChallenges } from './challenges.js';

export function parseRoles(user: Pick<UserRow, 'roles'>): string[] {
  const parsed: unknown = JSON.parse(user.roles);
  return Array.isArray(parsed) ? parsed.filter((r): r is string => typeof r === 'string') : [];
}

/** Whether one of a session's roles must use two-factor sign-in (REQUIRE_2FA_ROLES). */
export function secondFactorRequired(roles: readonly string[], config: Pick<Config, 'require2faRoles'>): boolean {
  return roles.some((r) => config.require2faRoles.includes(r));
}

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/** Sign-in, sessions and the signed-in user's own account. */
export class UserService {
  /** Sign-in protection: failed password checks counted per (username, address), address and username. */
  readonly limiter: LoginLimiter;
  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'sessionTtlMs' | 'loginLimit' | 'require2faRoles'>,
    private readonly audit: Audit,
    /** Sessions that end and users whose sessions or rights change are published here; the live push listens. */
    private readonly bus: EventBus,
    private readonly now: () => number,
    /** The second step of a user with two-factor sign-in on (two-factor.ts). */
    private readonly challenges: SignInChallenges,
    /** Where failures are counted: this process unless given (Redis, for every instance). */
    failures?: FailureStore,
  ) {
    this.limiter = new LoginLimiter(config.loginLimit, { now, ...(failures ? { store: failures } : {}) });
  }

  async login(input: { username: string; password: string }, meta: ClientMeta): Promise<LoginData> {
    // Counted as failed from here until the password proves right (README "Sign-in protection").
    const attempt = await this.limiter.begin(input.username, meta.ip);
    if (attempt.refusal) throw refusalError(attempt.refusal, 'signIn');
    await attempt.hold();
    const user = await repo.findUserByUsername(this.db, input.username);
    if (!user) {
      await burnVerification(input.password);
      throw new AppError(Code.WRONG_CREDENTIALS, 'error.wrongCredentials');
    }
    if (!(await verifyPassword(user.password_hash, input.password))) {
      await this.audit.record({ user, action: 'user.login', target: user.username, outcome: 'failed', ip: meta.ip });
      throw new AppError(Code.WRONG_CREDENTIALS, 'error.wrongCredentials');
    }
    attempt.succeeded();
    if (user.disabled) throw new AppError(Code.ACCOUNT_DISABLED, 'error.accountDisabled');
    // Two-factor sign-in on: a code comes next (POST /user/login/second-step), and only then a session.
    if (user.totp_enabled_at !== null) return this.challenges.issue(user);
    return this.startSession(user, meta);
  }

  /** A new session of a user whose sign-in is complete (password, and code when two-factor sign-in is on). */
  async startSession(user: UserRow, meta: ClientMeta): Promise<SignedInData> {
    const token = randomToken(32);
    const now = this.now();
    const expiresAt = now + this.config.sessionTtlMs;
    await repo.insertSession(this.db, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: now,
      expires_at: expiresAt,
      last_active_at: now,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 512),
    });
    await this.audit.record({ user, action: 'user.login', target: user.username, outcome: 'ok', ip: meta.ip });
    return { token, expiresAt };
  }

  /** The session behind a token, or the spec's logged-out codes: 50008 unknown, 50012 revoked, 50014 expired. */
  async authenticate(token: string | null): Promise<AuthContext> {
    return (await this.sessionOfToken(token)).auth;
  }

  /** `authenticate`, with when the session expires. */
  async sessionOfToken(token: string | null): Promise<LiveSession> {
    if (!token) throw new AppError(Code.TOKEN_ILLEGAL, 'error.tokenIllegal');
    const found = await repo.findSessionWithUser(this.db, hashToken(token));
    const live = this.liveSession(found);
    // Its last activity, to the minute (the sessions lists): most calls find it recent and write nothing.
    const now = this.now();
    if (found && (found.session.last_active_at ?? 0) <= now - SESSION_ACTIVITY_STEP_MS) {
      await repo.touchSession(this.db, found.session.id, now, SESSION_ACTIVITY_STEP_MS);
    }
    return live;
  }

  /** A session by its id, checked as `authenticate` checks a token, with the user's current row and roles. */
  async sessionById(sessionId: number): Promise<LiveSession> {
    return this.liveSession(await repo.findSessionWithUserById(this.db, sessionId));
  }

  private liveSession(found: repo.SessionWithUser | undefined): LiveSession {
    if (!found) throw new AppError(Code.TOKEN_ILLEGAL, 'error.tokenIllegal');
    const { session, user } = found;
    if (session.revoked_at !== null) throw new AppError(Code.TOKEN_REVOKED, 'error.tokenRevoked');
    if (session.expires_at <= this.now()) throw new AppError(Code.TOKEN_EXPIRED, 'error.tokenExpired');
    if (user.disabled) throw new AppError(Code.TOKEN_REVOKED, 'error.tokenRevoked');
    const roles = sessionRoles(parseRoles(user), user.group_extra);
    const secondFactorMissing = user.totp_enabled_at === null && secondFactorRequired(roles, this.config);
    return { auth: { user, roles, sessionId: session.id, secondFactorMissing }, expiresAt: session.expires_at };
  }

  info(auth: AuthContext): UserInfoData {
    const { user } = auth;
    return {
      roles: auth.roles,
      name: user.name,
      avatar: user.avatar,
      introduction: user.introduction,
      level: user.level,
      user: { id: user.id, username: user.username, group_extra: user.group_extra, is_manager: user.is_manager === 1 },
      twoFactor: {
        enabled: user.totp_enabled_at !== null,
        required: secondFactorRequired(auth.roles, this.config),
      },
    };
  }

  async logout(auth: AuthContext, ip: string): Promise<void> {
    await repo.revokeSession(this.db, auth.sessionId, this.now());
    this.bus.publish('sessionEnded', { sessionId: auth.sessionId, code: Code.TOKEN_REVOKED });
    await this.audit.record({ user: auth.user, action: 'user.logout', target: auth.user.username, outcome: 'ok', ip });
  }

  /** Changes the password and ends the user's other sessions and API keys; this one stays signed in. */
  async changePassword(auth: AuthContext, body: ChangePasswordBody, ip: string): Promise<void> {
    const op = { user: auth.user, action: 'user.changePassword', target: auth.user.username, ip } as const;
    // A wrong old password counts like a failed sign-in of this username from this address.
    const attempt = await this.limiter.begin(auth.user.username, ip);
    if (attempt.refusal) throw refusalError(attempt.refusal, 'oldPassword');
    await attempt.hold();
    if (!(await verifyPassword(auth.user.password_hash, body.oldPassword))) {
      await this.audit.record({ ...op, outcome: 'failed' });
      throw new AppError(Code.WRONG_OLD_PASSWORD, 'error.wrongOldPassword');
    }
    attempt.succeeded();
    if (body.oldPassword === body.newPassword) {
      throw new AppError(Code.VALIDATION_FAILED, 'validation.password.sameAsOld');
    }
    const now = this.now();
    const passwordHash = await hashPassword(body.newPassword);
    const keyIds = await this.db.transaction().execute(async (trx) => {
      await repo.updatePassword(trx, auth.user.id, passwordHash, now);
      await repo.revokeOtherSessions(trx, auth.user.id, auth.sessionId, now);
      return repo.endApiKeys(trx, { userId: auth.user.id }, 'passwordChanged', now);
    });
    this.bus.publish('userChanged', { userId: auth.user.id });
    if (keyIds.length > 0) this.bus.publish('apiKeysEnded', { keyIds });
    await this.audit.record({ ...op, outcome: 'ok' });
  }

  /** Replaces a user's roles: their live connections keep only what the new roles may see. */
  async setRoles(userId: number, roles: readonly Role[]): Promise<void> {
    await repo.updateRoles(this.db, userId, roles);
    this.bus.publish('userChanged', { userId });
  }

  /** Drops sessions that expired more than a day ago. */
  async pruneSessions(): Promise<void> {
    await repo.deleteStaleSessions(this.db, this.now() - 86_400_000);
  }
}
