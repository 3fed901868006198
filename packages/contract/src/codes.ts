/**
 * Response codes carried in every `{ code, message, data }` envelope.
 * The first six are the codes of spec section 8; the rest are ours, one per kind of failure.
 * `httpStatus` is the HTTP status the server answers with for each code.
 */
export const Code = {
  /** Success (spec 8). */
  SUCCESS: 20000,
  /** The server asks the user to confirm a warning; the request itself was rejected (spec 8). */
  WARNING_CONFIRM: 20004,
  /** Rejected, with the message shown to the user (spec 8). */
  REJECTED: 40111,
  /** No token, or a token the server never issued (spec 8: logged out). */
  TOKEN_ILLEGAL: 50008,
  /** The token was revoked: signed out, or the password was changed elsewhere (spec 8: logged out). */
  TOKEN_REVOKED: 50012,
  /** The token is past its expiry (spec 8: logged out). */
  TOKEN_EXPIRED: 50014,
  /** Top-bar list and notification calls use 1000 as success (spec 8). */
  TOPBAR_SUCCESS: 1000,
  /** Input failed validation; `message` is the first problem, `data.issues` all of them. */
  VALIDATION_FAILED: 40001,
  /** Username or password is wrong. */
  WRONG_CREDENTIALS: 40002,
  /** The current password given to change-password is wrong. */
  WRONG_OLD_PASSWORD: 40003,
  /** The account is disabled. */
  ACCOUNT_DISABLED: 40004,
  /** add-device: the CK code does not match the box's (docs/people.md). */
  WRONG_CK_CODE: 40005,
  /** Two-factor sign-in: the code (or recovery code) is wrong, or was accepted once already. */
  WRONG_SECOND_FACTOR: 40006,
  /** Two-factor sign-in: the step after the password was not finished in time (or its challenge is not ours). */
  SIGN_IN_STEP_EXPIRED: 40007,
  /** The user's role requires two-factor sign-in (REQUIRE_2FA_ROLES) and they have not turned it on yet. */
  SECOND_FACTOR_NEEDED: 40302,
  /** A sub-manager below hid this device's data from its superiors: they see it exists, not its values. */
  DATA_HIDDEN: 40301,
  /** add-device: no box is registered with this id. */
  BOX_NOT_REGISTERED: 40401,
  /** add-device: the box is held by another company (`data.company`); nothing personal is said. */
  BOX_HELD_ELSEWHERE: 40904,
  /** A permission template that users hold cannot be deleted (`count` in the message). */
  TEMPLATE_IN_USE: 40905,
  /** A type's map was saved by someone else since the editor opened it (`version` in the message: the one now saved). */
  TYPE_VERSION_CHANGED: 40906,
  /** Renewal feedback: the sender's earlier feedback on the card is still pending, or it was handled already. */
  FEEDBACK_CONFLICT: 40907,
  /** A box command has left the server (sent, answered or ended): it can no longer be cancelled. */
  COMMAND_NOT_CANCELLABLE: 40908,
  /** A box image of this kind, box type and version is uploaded already. */
  IMAGE_EXISTS: 40909,
  /** A box image that was rolled out: it stays with its rollouts' records. */
  IMAGE_IN_USE: 40910,
  /** A rollout's state does not allow this (pausing one that is not running, resuming one that ended...). */
  ROLLOUT_STATE: 40911,
  /** Boxes of a new rollout are in another rollout that has not ended. */
  BOXES_IN_ROLLOUT: 40912,
  /** A dynamic password was asked for with no quota left (docs/dynamic-password.md). */
  QUOTA_USED_UP: 40913,
  /** Signed in, but the access table denies this role the area. */
  FORBIDDEN: 40300,
  /** No such route or resource. */
  NOT_FOUND: 40400,
  /** A box id of the registration is already registered; `data.boxIds` lists them. */
  BOX_ALREADY_REGISTERED: 40901,
  /** The device's box is not connected, so nothing can be sent to it. */
  DEVICE_OFFLINE: 40902,
  /** The export's file is not written yet (GET /exports/{id}/file before its state is ready). */
  EXPORT_NOT_READY: 40903,
  /** Too many attempts (sign-in, console error reports); `data.retryAfterSeconds` says when to try again. */
  TOO_MANY_ATTEMPTS: 42900,
  /** The request body is over its limit (1 MiB; 16 KiB for a console error report). */
  PAYLOAD_TOO_LARGE: 41300,
  /** A path segment is longer than the router takes. */
  URI_TOO_LONG: 41400,
  /** The body's content type is not one the server reads (JSON). */
  UNSUPPORTED_MEDIA_TYPE: 41500,
  /** The request line and headers are over Node's limit (16 KiB): answered before routing, in English unless asked. */
  HEADERS_TOO_LARGE: 43100,
  /** The request did not arrive in time: answered before routing. */
  REQUEST_TIMEOUT: 40800,
  /** Anything unexpected; the message never carries internals. */
  INTERNAL_ERROR: 50000,
  /** A part the server needs is down (`GET /health`); `data` says which. */
  SERVICE_UNAVAILABLE: 50300,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** The codes after which the console shows the logged-out confirm (spec 8). */
export const LOGGED_OUT_CODES: readonly number[] = [Code.TOKEN_ILLEGAL, Code.TOKEN_REVOKED, Code.TOKEN_EXPIRED];

export const httpStatus: Record<CodeValue, number> = {
  [Code.SUCCESS]: 200,
  [Code.TOPBAR_SUCCESS]: 200,
  [Code.WARNING_CONFIRM]: 200,
  [Code.REJECTED]: 400,
  [Code.TOKEN_ILLEGAL]: 401,
  [Code.TOKEN_REVOKED]: 401,
  [Code.TOKEN_EXPIRED]: 401,
  [Code.VALIDATION_FAILED]: 400,
  [Code.WRONG_CREDENTIALS]: 400,
  [Code.WRONG_OLD_PASSWORD]: 400,
  [Code.ACCOUNT_DISABLED]: 403,
  [Code.FORBIDDEN]: 403,
  [Code.WRONG_CK_CODE]: 400,
  [Code.DATA_HIDDEN]: 403,
  [Code.WRONG_SECOND_FACTOR]: 400,
  [Code.SIGN_IN_STEP_EXPIRED]: 400,
  [Code.SECOND_FACTOR_NEEDED]: 403,
  [Code.BOX_NOT_REGISTERED]: 404,
  [Code.BOX_HELD_ELSEWHERE]: 409,
  [Code.TEMPLATE_IN_USE]: 409,
  [Code.TYPE_VERSION_CHANGED]: 409,
  [Code.FEEDBACK_CONFLICT]: 409,
  [Code.COMMAND_NOT_CANCELLABLE]: 409,
  [Code.IMAGE_EXISTS]: 409,
  [Code.IMAGE_IN_USE]: 409,
  [Code.ROLLOUT_STATE]: 409,
  [Code.BOXES_IN_ROLLOUT]: 409,
  [Code.QUOTA_USED_UP]: 409,
  [Code.NOT_FOUND]: 404,
  [Code.BOX_ALREADY_REGISTERED]: 409,
  [Code.DEVICE_OFFLINE]: 409,
  [Code.EXPORT_NOT_READY]: 409,
  [Code.TOO_MANY_ATTEMPTS]: 429,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.URI_TOO_LONG]: 414,
  [Code.UNSUPPORTED_MEDIA_TYPE]: 415,
  [Code.HEADERS_TOO_LARGE]: 431,
  [Code.REQUEST_TIMEOUT]: 408,
  [Code.INTERNAL_ERROR]: 500,
  [Code.SERVICE_UNAVAILABLE]: 503,
};
