import { Code } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { decideResponse, failureEffects, type FailureKind } from './policy';

const body = (code: number, message = 'server says', data: unknown = null) => ({ code, message, data });

describe('decideResponse (spec 8)', () => {
  it('20000 is success and hands over the data', () => {
    expect(decideResponse(200, body(Code.SUCCESS, 'ok', { a: 1 }))).toEqual({ kind: 'success', data: { a: 1 } });
  });

  it('a call may name its own success codes (the top bar uses 1000)', () => {
    expect(decideResponse(200, body(Code.TOPBAR_SUCCESS, 'ok', 3), [Code.TOPBAR_SUCCESS])).toEqual({ kind: 'success', data: 3 });
    expect(decideResponse(200, body(Code.TOPBAR_SUCCESS, 'ok', 3)).kind).toBe('failed');
  });

  it('20004 is a warning confirm with the server message, and the request is rejected', () => {
    expect(decideResponse(200, body(Code.WARNING_CONFIRM, 'Are you sure?'))).toEqual({
      kind: 'warningConfirm',
      status: 200,
      code: Code.WARNING_CONFIRM,
      message: 'Are you sure?',
    });
  });

  it('40111 is rejected with the message', () => {
    expect(decideResponse(400, body(Code.REJECTED, 'No.'))).toMatchObject({ kind: 'rejected', code: Code.REJECTED, message: 'No.' });
  });

  it.each([Code.TOKEN_ILLEGAL, Code.TOKEN_REVOKED, Code.TOKEN_EXPIRED])('%i means logged out', (code) => {
    expect(decideResponse(401, body(code, 'gone'))).toEqual({ kind: 'loggedOut', status: 401, code, message: 'gone' });
    // The code decides even when a proxy changed the status.
    expect(decideResponse(200, body(code, 'gone')).kind).toBe('loggedOut');
  });

  it('HTTP 401 means logged out, with or without an envelope', () => {
    expect(decideResponse(401, body(Code.FORBIDDEN, 'Unauthorized')).kind).toBe('loggedOut');
    expect(decideResponse(401, undefined)).toEqual({ kind: 'loggedOut', status: 401, code: null, message: '' });
    expect(decideResponse(401, '<html>Unauthorized</html>').kind).toBe('loggedOut');
  });

  it('other codes are returned as they are: a failure with their code, message and data', () => {
    expect(decideResponse(400, body(Code.WRONG_CREDENTIALS, 'Incorrect user name or password.'))).toEqual({
      kind: 'failed',
      status: 400,
      code: Code.WRONG_CREDENTIALS,
      message: 'Incorrect user name or password.',
      data: null,
    });
    const issues = { issues: [{ path: 'username', message: 'x' }] };
    expect(decideResponse(400, body(Code.VALIDATION_FAILED, 'x', issues))).toMatchObject({ kind: 'failed', data: issues });
    expect(decideResponse(403, body(Code.FORBIDDEN)).kind).toBe('failed');
    expect(decideResponse(429, body(Code.TOO_MANY_ATTEMPTS)).kind).toBe('failed');
    expect(decideResponse(500, body(Code.INTERNAL_ERROR)).kind).toBe('failed');
  });

  it('a body that is not an envelope is a bad response', () => {
    expect(decideResponse(502, '<html>Bad gateway</html>')).toEqual({ kind: 'badResponse', status: 502 });
    expect(decideResponse(200, undefined)).toEqual({ kind: 'badResponse', status: 200 });
    expect(decideResponse(200, { code: 'x', message: 1 })).toEqual({ kind: 'badResponse', status: 200 });
  });
});

describe('failureEffects: what the client does about each failure', () => {
  const kinds: FailureKind[] = ['failed', 'rejected', 'badResponse', 'invalidData', 'timeout', 'network'];

  it('shows the message of ordinary failures unless the caller opts out', () => {
    for (const kind of kinds) {
      expect(failureEffects(kind)).toEqual({ showMessage: true, confirmWarning: false, reportLoggedOut: false });
      expect(failureEffects(kind, { errorDisplay: 'none' }).showMessage).toBe(false);
    }
  });

  it('20004 opens the warning confirm; logged out goes to the auth module; neither is a plain message', () => {
    expect(failureEffects('warningConfirm')).toEqual({ showMessage: false, confirmWarning: true, reportLoggedOut: false });
    expect(failureEffects('loggedOut')).toEqual({ showMessage: false, confirmWarning: false, reportLoggedOut: true });
    expect(failureEffects('loggedOut', { errorDisplay: 'none' }).reportLoggedOut).toBe(true);
  });

  it('a call its caller cancelled shows nothing', () => {
    expect(failureEffects('aborted')).toEqual({ showMessage: false, confirmWarning: false, reportLoggedOut: false });
  });

  it('quiet calls do nothing at all', () => {
    for (const kind of [...kinds, 'warningConfirm', 'loggedOut'] as const) {
      expect(failureEffects(kind, { quiet: true })).toEqual({ showMessage: false, confirmWarning: false, reportLoggedOut: false });
    }
  });
});
