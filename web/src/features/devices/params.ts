import { BOX_ID_MAX, Code } from '@dms/contract';
import { isApiError } from '@/api/client';

/**
 * Route parameters of the device pages (docs/console.md): a numeric tag_id is the box id (1..BOX_ID_MAX),
 * controller_id the controller index (1-32), `time` epoch milliseconds; history-charts and maglev-charts take the tag
 * `{boxId}-{controller}`, k-line `{boxId}` or `{boxId}-{register}`. Digits only, no sign, no leading zero: each parser
 * answers null for a malformed value, and the page then goes to /404.
 */

/** A whole number in plain decimal digits, no sign or leading zeros (at most 16 digits: within safe integers). */
const DIGITS = /^(0|[1-9]\d{0,15})$/;

function whole(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !DIGITS.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

export const parseBoxId = (text: string | undefined): number | null => whole(text, 1, BOX_ID_MAX);
export const parseController = (text: string | undefined): number | null => whole(text, 1, 32);
export const parseRegister = (text: string | undefined): number | null => whole(text, 0, 65_535);
/** Epoch milliseconds, up to a day from now. */
export const parseTime = (text: string | undefined, now = Date.now()): number | null => whole(text, 0, now + 86_400_000);

export interface DeviceAddress {
  boxId: number;
  controller: number;
}

export function parseDevice(tagId: string | undefined, controllerId: string | undefined): DeviceAddress | null {
  const boxId = parseBoxId(tagId);
  const controller = parseController(controllerId);
  return boxId === null || controller === null ? null : { boxId, controller };
}

/** `{boxId}-{controller}` (history-charts, maglev-charts). */
export function parseBoxController(tag: string | undefined): DeviceAddress | null {
  const m = /^(\d+)-(\d+)$/.exec(tag ?? '');
  return m ? parseDevice(m[1], m[2]) : null;
}

/** `{boxId}` or `{boxId}-{register}` (k-line). */
export function parseKlineTag(tag: string | undefined): { boxId: number; register: number | null } | null {
  const m = /^(\d+)(?:-(\d+))?$/.exec(tag ?? '');
  if (!m) return null;
  const boxId = parseBoxId(m[1]);
  if (boxId === null) return null;
  if (m[2] === undefined) return { boxId, register: null };
  const register = parseRegister(m[2]);
  return register === null ? null : { boxId, register };
}

/**
 * Where a page goes when loading its device or box failed: 40300 (the user may not see it) → /401, 40400 (no such
 * device) or a 40001 on the parameters → /404; anything else stays on the page (the error is shown there).
 */
export function failureRoute(error: unknown): '/401' | '/404' | null {
  if (!isApiError(error)) return null;
  if (error.code === Code.FORBIDDEN) return '/401';
  if (error.code === Code.NOT_FOUND || error.code === Code.VALIDATION_FAILED) return '/404';
  return null;
}

/**
 * What a device page shows when loading its device or box failed: nothing when it goes to /401 or /404 instead
 * (failureRoute) or when the session ended (the logged-out confirm shows); otherwise the failure's message.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (failureRoute(error)) return null;
  if (isApiError(error) && error.kind === 'loggedOut') return null;
  return isApiError(error) && error.message ? error.message : fallback;
}
