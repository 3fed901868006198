import {
  boxLinkRow,
  boxRegistrationResult,
  boxRegPage,
  userOption,
  type BoxLinkRow,
  type BoxRegistrationBody,
  type BoxRegistrationResult,
  type BoxRegPage,
  type BoxRegQuery,
  type UserOption,
} from '@dms/contract';
import { z } from 'zod';
import { request } from './client';
import { downloadFile } from './download';

/** /box-reg calls (/box-reg-info: root and limited_admin). */

export function getBoxRegs(query: BoxRegQuery, signal?: AbortSignal): Promise<BoxRegPage> {
  return request({ path: '/box-reg', query: { ...query }, ...(signal ? { signal } : {}) }, boxRegPage);
}

/** Registers a range of box ids. Failures (e.g. 40901 already registered) are shown by the form itself. */
export function registerBoxes(body: BoxRegistrationBody): Promise<BoxRegistrationResult> {
  return request({ method: 'POST', path: '/box-reg', body, errorDisplay: 'none' }, boxRegistrationResult);
}

/** Users a box can be registered to (the first 50 whose name contains `q`). */
export function getBoxRegUsers(q: string, signal?: AbortSignal): Promise<UserOption[]> {
  return request({ path: '/box-reg/users', query: { q }, ...(signal ? { signal } : {}) }, z.array(userOption));
}

/** Who holds each device of a box, and how. */
export function getBoxLinks(boxId: number, signal?: AbortSignal): Promise<BoxLinkRow[]> {
  return request({ path: `/box-reg/${boxId}/links`, ...(signal ? { signal } : {}) }, z.array(boxLinkRow));
}

/** The one-time .xlsx of a registration's credentials (404 with a translated message once used or expired). */
export function downloadCredentials(token: string): Promise<Blob> {
  return downloadFile(`/box-reg/credentials/${encodeURIComponent(token)}`);
}
