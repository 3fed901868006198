import type { LoginBody } from '@dms/contract';
import * as userApi from '../api/user';
import { currentLanguage } from '../i18n';
import { createStore, useStore } from '../lib/store';
import { clearToken, readToken, writeToken } from './token';
import { parseUserInfo, type SessionUser } from './user-info';

/** The session of spec 4: the token, and once user info is loaded, the user's fields. */
export interface SessionState {
  token: string | undefined;
  /** Null until user info is loaded; the roles in it are never empty. */
  user: SessionUser | null;
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

/** Clears the token and every session field, and tells the listeners (open tabs go with them). */
export function resetSession(): void {
  clearToken();
  sessionStore.set({ token: undefined, user: null });
  for (const listener of [...signOutListeners]) listener();
}

export async function signIn(body: LoginBody): Promise<void> {
  const data = await userApi.login(body);
  writeToken(data.token, data.expiresAt);
  sessionStore.set({ token: data.token, user: null });
}

let loading: Promise<SessionUser> | undefined;

/** Loads the user's info once per token (concurrent callers share the call). */
export function loadUserInfo(): Promise<SessionUser> {
  const token = sessionStore.get().token;
  if (!token) return Promise.reject(new Error('not signed in'));
  loading ??= userApi
    .getInfo(token)
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

/** Signs out at the server (failures do not matter: the session ends here either way), then clears it. */
export async function signOut(): Promise<void> {
  const token = sessionStore.get().token;
  if (token) await userApi.logout(token, { quiet: true }).catch(() => undefined);
  resetSession();
}
