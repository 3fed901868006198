import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  /** JSON array of role names. */
  roles: string;
  level: number;
  is_manager: number;
  group_extra: string | null;
  ck: string | null;
  name: string;
  avatar: string;
  introduction: string;
  remark: string;
  parent_id: number | null;
  disabled: ColumnType<number, number | undefined, number>;
  created_at: number;
  password_changed_at: number;
  /** The permission template the user is given (migration 0008); null: the default of their role (docs/people.md). */
  template_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A helper's type and region (spec 3); null for other users. */
  helper_type: ColumnType<string | null, string | null | undefined, string | null>;
  region: ColumnType<string | null, string | null | undefined, string | null>;
  phone: Generated<string>;
  company: Generated<string>;
  /** Two-factor sign-in (migration 0043): the TOTP key in use, sealed; null while it is off. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The key shown while enrolling, sealed, until a code confirms it. */
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>;
  /** When two-factor sign-in was turned on; null: off. */
  totp_enabled_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha-256 of the token, hex: the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
  /** When it last made a call, to the minute (migration 0042); null until then. */
  last_active_at: number | null;
}

/** A one-time recovery code of two-factor sign-in (migration 0043): sha-256 of it, and when it was used. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
}

/** An API key of a user (migration 0044): never the secret, only its SHA-256. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  secret_hash: string;
  /** JSON array of scopes (contract API_SCOPES). */
  scopes: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Why it ended: `revoked` by its user, `userDisabled`, `passwordChanged`, `expired` (the hourly sweep); null while it has not. */
  ended_reason: string | null;
  last_used_at: number | null;
  last_ip: string | null;
}

/** Accounts and their sign-ins (migration 0001), their second factor's recovery codes (0043), their API keys (0044). */
export interface UserTables {
  users: UsersTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  api_keys: ApiKeysTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
