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
  tokenQuery,
  userInfoData,
} from './schemas.js';

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
      "Sign in; the username is trimmed. Failed password checks are limited per (username, address) and per address (HTTP 429): README 'Sign-in protection'.",
  }),
  info: endpoint({
    method: 'GET',
    path: '/user/info',
    access: 'signedIn',
    query: tokenQuery,
    response: userInfoData,
    tags: ['user'],
    summary: "The signed-in user's roles, name, avatar, introduction, level, group_extra and is_manager",
  }),
  logout: endpoint({
    method: 'GET',
    path: '/user/logout',
    access: 'signedIn',
    query: tokenQuery,
    response: emptyData,
    tags: ['user'],
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
};
