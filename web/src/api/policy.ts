import { Code, LOGGED_OUT_CODES, errorEnvelope } from '@dms/contract';

/**
 * What an answer of the server means for the console (spec 8), decided from the HTTP status and the body alone.
 * Pure, so every branch is tested without a browser; the client carries out what it says.
 */
export type ResponseDecision =
  /** 20000 (or a call's own success code): the data is handed to the caller. */
  | { kind: 'success'; data: unknown }
  /** 20004: the server's message goes into a warning confirm box; the request is rejected. */
  | { kind: 'warningConfirm'; status: number; code: number; message: string }
  /** 40111: rejected, with the server's message shown. */
  | { kind: 'rejected'; status: number; code: number; message: string; data: unknown }
  /** 50008, 50012, 50014 or HTTP 401: the session is gone; the auth module decides what to do. */
  | { kind: 'loggedOut'; status: number; code: number | null; message: string }
  /** Any other code: the body is returned as it is, as a rejection carrying its code and message. */
  | { kind: 'failed'; status: number; code: number; message: string; data: unknown }
  /** Not an envelope at all (a proxy's error page, an empty body). */
  | { kind: 'badResponse'; status: number };

export const HTTP_UNAUTHORIZED = 401;

export function decideResponse(httpStatus: number, body: unknown, successCodes: readonly number[] = [Code.SUCCESS]): ResponseDecision {
  const parsed = errorEnvelope.safeParse(body);
  if (!parsed.success) {
    return httpStatus === HTTP_UNAUTHORIZED
      ? { kind: 'loggedOut', status: httpStatus, code: null, message: '' }
      : { kind: 'badResponse', status: httpStatus };
  }
  const { code, message, data } = parsed.data;
  if (LOGGED_OUT_CODES.includes(code) || httpStatus === HTTP_UNAUTHORIZED) {
    return { kind: 'loggedOut', status: httpStatus, code, message };
  }
  if (successCodes.includes(code)) return { kind: 'success', data };
  if (code === Code.WARNING_CONFIRM) return { kind: 'warningConfirm', status: httpStatus, code, message };
  if (code === Code.REJECTED) return { kind: 'rejected', status: httpStatus, code, message, data };
  return { kind: 'failed', status: httpStatus, code, message, data };
}

/** The ways a call can fail, as carried by ApiError. */
export type FailureKind =
  | Exclude<ResponseDecision['kind'], 'success'>
  /** The answer was a success but its data did not match the contract's schema. */
  | 'invalidData'
  /** No answer within the timeout. */
  | 'timeout'
  /** No answer at all (offline, refused). */
  | 'network'
  /** The caller cancelled the call (its signal aborted): nothing to show. */
  | 'aborted';

/** How a call wants its failures shown. */
export interface DisplayOptions {
  /** 'message' (default): failures are shown as an error message; 'none': the caller shows them itself. */
  errorDisplay?: 'message' | 'none';
  /** Nothing at all is shown or reported (used by the console's own error reporting). */
  quiet?: boolean;
  /**
   * A 20004 answer's box offers OK: what it does (a call marked `confirms` sends itself again, confirmed). Without it
   * the box only informs, and the request stays rejected (spec 8).
   */
  onConfirm?: () => unknown;
}

/** What the client does about one failure: the named policy of spec 8, per kind, with the caller's opt-outs. */
export interface FailureEffects {
  /** Show the message as an error toast. */
  showMessage: boolean;
  /** Open the warning confirm box with the server's message. */
  confirmWarning: boolean;
  /** Tell the auth module the session is gone. */
  reportLoggedOut: boolean;
}

export function failureEffects(kind: FailureKind, options: DisplayOptions = {}): FailureEffects {
  const none: FailureEffects = { showMessage: false, confirmWarning: false, reportLoggedOut: false };
  if (options.quiet) return none;
  switch (kind) {
    case 'aborted':
      return none;
    case 'warningConfirm':
      return { ...none, confirmWarning: true };
    case 'loggedOut':
      return { ...none, reportLoggedOut: true };
    case 'rejected':
    case 'failed':
    case 'badResponse':
    case 'invalidData':
    case 'timeout':
    case 'network':
      return { ...none, showMessage: options.errorDisplay !== 'none' };
  }
}
