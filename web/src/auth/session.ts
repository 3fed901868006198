import { api, type LoginBody, type SecondStepData, type SignedInData } from '@dms/contract';
import { z } from 'zod';
import { call } from '../api/call';
import { request } from '../api/client';
import { endLive } from '../api/realtime';
import { currentLanguage } from '../i18n';
import { createStore, useStore } from '../lib/store';
import { clearToken, readToken, writeToken } from './token';
import { parseUserInfo, type SessionUser } from './user-info';

/** The session of spec 4: the token, and once user info is loaded, the user's fields. */
export interface SessionState {
  token: string | undefined;
  /** Null until user info is loaded; the roles in it are never empty. */
  user: SessionUser | null;
  /** Set by logout: where the guard sends the signed-out user (spec 2: /login?redirect=dashboard). */
  signedOutTo?: string;
}

export const sessionStore = createStore<SessionState>({ token: readToken(), user: null });

export function useSession<S>(select: (state: SessionState) => S): S {
  return useStore(sessionStore, select);
}

export const EMPTY_ROLES: readonly string[] = [];
/** The signed-in user's roles; empty until user info is loaded. */
export function useRoles(): readonly string[] {
  return useSession((s) => s.user?.roles ?? EMPTY_ROLES);
}

const signOutListeners = new Set<() => void>();
/** Runs on every sign-out (logout, failed load, re-login): the tags view clears its tabs here. */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * Clears the token and every session field, and tells the listeners (open tabs go with them).
 * `signedOutTo` names where the guard sends the user next, instead of sign-in with the current path.
 */
export function resetSession(signedOutTo?: string): void {
  clearToken();
  sessionStore.set({ token: undefined, user: null, ...(signedOutTo ? { signedOutTo } : {}) });
  for (const listener of [...signOutListeners]) listener();
}

/**
 * Signs in with the password: signed in (null), or, for a user with two-factor sign-in on, the challenge of the second
 * step (`signInSecondStep`).
 */
export async function signIn(body: LoginBody): Promise<SecondStepData | null> {
  // The username is trimmed, as spec 7 says. Failures are shown by the form itself.
  const data = await call(api.user.login, { body: { username: body.username.trim(), password: body.password } }, { errorDisplay: 'none' });
  if ('challenge' in data) return data;
  begin(data);
  return null;
}

/** The second step: a code of the authenticator app, or a recovery code. */
export async function signInSecondStep(challenge: string, code: string): Promise<void> {
  begin(await call(api.user.loginSecondStep, { body: { challenge, code } }, { errorDisplay: 'none' }));
}

function begin(data: SignedInData): void {
  writeToken(data.token, data.expiresAt);
  sessionStore.set({ token: data.token, user: null });
}

/** Reads user info again (after turning two-factor sign-in on, the console opens up). */
export async function reloadUserInfo(): Promise<void> {
  const token = sessionStore.get().token;
  sessionStore.set({ token, user: null });
  await loadUserInfo();
}

let loading: Promise<SessionUser> | undefined;

/** Loads the user's info once per token (concurrent callers share the call). */
export function loadUserInfo(): Promise<SessionUser> {
  const token = sessionStore.get().token;
  if (!token) return Promise.reject(new Error('not signed in'));
  // The data is checked by parseUserInfo (spec 8's user-info failures have their own messages), so the endpoint's
  // path is asked for with no schema of its own.
  loading ??= request({ method: api.user.info.method, path: api.user.info.path, query: { token }, errorDisplay: 'none' }, z.unknown())
    .then((data) => {
      const user = parseUserInfo(data, currentLanguage());
      if (sessionStore.get().token === token) sessionStore.set({ token, user });
      return user;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** Where logout goes (spec 2). */
export const SIGNED_OUT_PATH = '/login?redirect=dashboard';

/**
 * Logout (spec 2): signs out at the server (its failure does not matter: the session ends here either way),
 * then clears the session and the tabs; the guard takes the user to SIGNED_OUT_PATH.
 */
export async function signOut(): Promise<void> {
  const token = sessionStore.get().token;
  // The live push first: the server closes its socket when the session ends, which is no news here.
  endLive();
  if (token) await call(api.user.logout, { query: { token } }, { quiet: true }).catch(() => undefined);
  resetSession(SIGNED_OUT_PATH);
}

/** Forgets where logout was going, once the user is on a page that needs no sign-in. */
export function clearSignedOutTo(): void {
  const state = sessionStore.get();
  if (state.signedOutTo) sessionStore.set({ token: state.token, user: state.user });
}
