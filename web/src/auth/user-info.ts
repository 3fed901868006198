import { message, sessionRoles, userInfoData, type Language, type MessageKey, type UserInfoData } from '@dms/contract';

/** A user-info answer the console cannot use (spec 8: shown, then back to sign-in). */
export class UserInfoError extends Error {
  override readonly name = 'UserInfoError';
  constructor(
    readonly key: MessageKey,
    text: string,
  ) {
    super(text);
  }
}

/** The session fields spec 4 names, taken from a user-info answer. */
export interface SessionUser {
  name: string;
  username: string;
  avatar: string;
  introduction: string;
  /** The stored roles plus dmck1333 when the group gets it (spec 6). */
  roles: string[];
  /** From user.group_extra. */
  ck: string | null;
  /** From level. */
  userLevel: number;
  /** From user.is_manager. */
  isManager: boolean;
  /** Two-factor sign-in on, and required by the role: required and off, the console shows only enrolment. */
  twoFactor: { enabled: boolean; required: boolean };
}

function problem(data: unknown): MessageKey | null {
  if (data === null || data === undefined) return 'info.userInfoNull';
  if (typeof data !== 'object') return 'info.verificationFailed';
  const roles = (data as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0) return 'info.rolesMustBeArray';
  return userInfoData.safeParse(data).success ? null : 'info.verificationFailed';
}

/** Checks a user-info answer as spec 8 says and turns it into session fields; throws UserInfoError otherwise. */
export function parseUserInfo(data: unknown, lang: Language): SessionUser {
  const key = problem(data);
  if (key) throw new UserInfoError(key, message(lang, key));
  const info: UserInfoData = userInfoData.parse(data);
  return {
    name: info.name,
    username: info.user.username,
    avatar: info.avatar,
    introduction: info.introduction,
    roles: sessionRoles(info.roles, info.user.group_extra),
    ck: info.user.group_extra,
    userLevel: info.level,
    isManager: info.user.is_manager,
    twoFactor: info.twoFactor,
  };
}
