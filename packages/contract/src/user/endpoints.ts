import { endpoint } from '../endpoint.js';
import {
  changePasswordBody,
  emptyData,
  endSessionBody,
  loginBody,
  loginData,
  sessionsEnded,
  sessionsPage,
  sessionsQuery,
  signedInData,
  tokenQuery,
  userInfoData,
} from './schemas.js';
import { apiKeysPage, apiKeysQuery, createApiKeyBody, createdApiKey, revokeApiKeyBody } from './api-keys.js';
import { recoveryCodes, secondStepBody, twoFactorCodeBody, twoFactorOffBody, twoFactorSetup, twoFactorStatus } from './two-factor.js';

/** Spec section 7, /user: sign-in, user info, sign-out, change password. */
export const endpoints = {
  login: endpoint({
    method: 'POST',
    path: '/user/login',
    access: 'public',
    body: loginBody,
    response: loginData,
    tags: ['user'],
    summary:
      "Sign in; the username is trimmed. Failed password checks are limited per (username, address) and per address (HTTP 429): README 'Sign-in protection'. A user with two-factor sign-in on gets `challenge` instead of a token: POST /user/login/second-step",
  }),
  loginSecondStep: endpoint({
    method: 'POST',
    path: '/user/login/second-step',
    access: 'public',
    body: secondStepBody,
    response: signedInData,
    tags: ['user'],
    summary:
      "Sign-in's second step (two-factor on): the challenge of POST /user/login with a code of the app (accepted once, ±1 step of 30 s) or a recovery code (used once). Throttled like the password (HTTP 429); 40006 wrong or used code, 40007 challenge expired (5 min)",
  }),
  info: endpoint({
    method: 'GET',
    path: '/user/info',
    access: 'signedIn',
    query: tokenQuery,
    response: userInfoData,
    tags: ['user'],
    beforeSecondFactor: true,
    summary:
      "The signed-in user's roles, name, avatar, introduction, level, group_extra and is_manager; whether two-factor sign-in is on and required",
  }),
  logout: endpoint({
    method: 'GET',
    path: '/user/logout',
    access: 'signedIn',
    query: tokenQuery,
    response: emptyData,
    tags: ['user'],
    beforeSecondFactor: true,
    summary: 'Sign out: the token is revoked and refused afterwards (50012)',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/user/changepassword',
    access: 'signedIn',
    body: changePasswordBody,
    response: emptyData,
    tags: ['user'],
    summary: "Change the signed-in user's password; their other sessions are signed out",
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/user/sessions',
    access: 'signedIn',
    query: sessionsQuery,
    response: sessionsPage,
    tags: ['user'],
    summary: "The signed-in user's own live sessions (not ended, not expired): the current one first, then the most recently active",
  }),
  endSession: endpoint({
    method: 'POST',
    path: '/user/sessions/end',
    access: 'signedIn',
    body: endSessionBody,
    response: sessionsEnded,
    tags: ['user'],
    summary:
      "End a session (permission session.end: one's own; root, anyone's): refused afterwards (50012), its live sockets closed; logged. Ending one's current session signs one out",
  }),
  endOtherSessions: endpoint({
    method: 'POST',
    path: '/user/sessions/end-others',
    access: 'signedIn',
    response: sessionsEnded,
    tags: ['user'],
    summary: 'End every live session of the signed-in user but the current one: their live sockets closed; logged with the count',
  }),
  twoFactor: endpoint({
    method: 'GET',
    path: '/user/two-factor',
    access: 'signedIn',
    response: twoFactorStatus,
    tags: ['user'],
    beforeSecondFactor: true,
    summary: "The signed-in user's two-factor sign-in: on or off, required by their role, recovery codes left",
  }),
  twoFactorBegin: endpoint({
    method: 'POST',
    path: '/user/two-factor/begin',
    access: 'signedIn',
    response: twoFactorSetup,
    tags: ['user'],
    beforeSecondFactor: true,
    summary:
      'Start enrolling: a new TOTP key (base32 and otpauth:// address), kept until a code confirms it. Refused (40111) when it is on already',
  }),
  twoFactorConfirm: endpoint({
    method: 'POST',
    path: '/user/two-factor/confirm',
    access: 'signedIn',
    body: twoFactorCodeBody,
    response: recoveryCodes,
    tags: ['user'],
    beforeSecondFactor: true,
    summary:
      'Turn two-factor sign-in on with a code of the new key (throttled like the password): answers the 10 recovery codes, shown once and stored hashed; logged',
  }),
  twoFactorOff: endpoint({
    method: 'POST',
    path: '/user/two-factor/off',
    access: 'signedIn',
    body: twoFactorOffBody,
    response: emptyData,
    tags: ['user'],
    summary:
      'Turn two-factor sign-in off with a code of the app or a recovery code (throttled like the password); refused (40111) when the role requires it; logged',
  }),
  apiKeys: endpoint({
    method: 'GET',
    path: '/user/api-keys',
    access: 'signedIn',
    query: apiKeysQuery,
    response: apiKeysPage,
    tags: ['user'],
    summary:
      "The signed-in user's API keys, newest first: prefix, scopes, created, expires, last used and from where, state; never a secret",
  }),
  createApiKey: endpoint({
    method: 'POST',
    path: '/user/api-keys',
    access: 'signedIn',
    body: createApiKeyBody,
    response: createdApiKey,
    tags: ['user'],
    summary:
      'Create an API key with a name, scopes and an expiry (default 90 days, at most 365): the key `dms_<prefix>_<secret>` is answered this once and stored hashed; at most 20 live keys; logged',
  }),
  revokeApiKey: endpoint({
    method: 'POST',
    path: '/user/api-keys/revoke',
    access: 'signedIn',
    body: revokeApiKeyBody,
    response: emptyData,
    tags: ['user'],
    summary: "Revoke one's own API key (permission apiKey.revoke): refused from the next call on; logged",
  }),
};
