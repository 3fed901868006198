/** What the operation log records of this area; each is named in the area's messages as `action.<name>`. */
export const actions = [
  'user.login',
  'user.logout',
  'user.changePassword',
  'user.endSession',
  'user.endOtherSessions',
  'user.twoFactorOn',
  'user.twoFactorOff',
  'user.twoFactorReset',
  'user.recoveryCodeUsed',
  'user.createApiKey',
  'user.revokeApiKey',
  'user.apiKeyExpired',
] as const;
