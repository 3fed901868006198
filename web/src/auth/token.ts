import { TOKEN_COOKIE } from '@dms/contract';
import { getCookie, removeCookie, setCookie } from '../lib/cookie';

/** The session token lives in the Admin-Token cookie (spec 4). */
export function readToken(): string | undefined {
  return getCookie(TOKEN_COOKIE) || undefined;
}

export function writeToken(token: string, expiresAt?: number): void {
  setCookie(TOKEN_COOKIE, token, expiresAt ? { expires: new Date(expiresAt) } : {});
}

export function clearToken(): void {
  removeCookie(TOKEN_COOKIE);
}
