import { emptyData, loginData, type ChangePasswordBody, type LoginBody, type LoginData } from '@dms/contract';
import { z } from 'zod';
import { request, type RequestOptions } from './client';

/** /user calls of spec 7. */

/** Signs in; the username is trimmed as spec 7 says. Failures are shown by the form itself. */
export function login(body: LoginBody): Promise<LoginData> {
  return request(
    { method: 'POST', path: '/user/login', body: { username: body.username.trim(), password: body.password }, errorDisplay: 'none' },
    loginData,
  );
}

/**
 * The signed-in user's info. The data is checked by the auth module (spec 8's user-info failures have their own
 * messages), so here it is taken as it comes.
 */
export function getInfo(token: string): Promise<unknown> {
  return request({ path: '/user/info', query: { token }, errorDisplay: 'none' }, z.unknown());
}

export function logout(token: string, options: Pick<RequestOptions, 'errorDisplay' | 'quiet'> = {}): Promise<null> {
  return request({ path: '/user/logout', query: { token }, ...options }, emptyData);
}

export function changePassword(body: ChangePasswordBody): Promise<null> {
  return request({ method: 'POST', path: '/user/changepassword', body, errorDisplay: 'none' }, emptyData);
}
