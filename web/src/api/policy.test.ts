import { Code } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { decide } from './policy.js';

describe('request policy (spec 8)', () => {
  it('20000 is success', () => {
    expect(decide(200, { code: Code.SUCCESS, message: 'ok', data: 1 })).toEqual({ kind: 'success' });
  });
  it('1000 is success only for calls that say so (the top bar)', () => {
    expect(decide(200, { code: 1000, message: 'ok' }, { successCodes: [Code.TOPBAR_SUCCESS] })).toEqual({ kind: 'success' });
    expect(decide(200, { code: 1000, message: 'x' })).toEqual({ kind: 'reject', code: 1000, message: 'x' });
  });
  it('20004 is a warning confirm, rejected', () => {
    expect(decide(200, { code: 20004, message: 'Are you sure?' })).toEqual({ kind: 'warningConfirm', code: 20004, message: 'Are you sure?' });
  });
  it('40111 is rejected with the message', () => {
    expect(decide(400, { code: 40111, message: 'No.' })).toEqual({ kind: 'reject', code: 40111, message: 'No.' });
  });
  it.each([50008, 50012, 50014])('%i is the logged-out confirm, whatever the HTTP status', (code) => {
    expect(decide(200, { code, message: 'gone' })).toEqual({ kind: 'loggedOut', code, message: 'gone' });
    expect(decide(401, { code, message: 'gone' })).toEqual({ kind: 'loggedOut', code, message: 'gone' });
  });
  it('HTTP 401 is the logged-out confirm, with or without an envelope', () => {
    expect(decide(401, { code: 40002, message: 'x' })).toEqual({ kind: 'loggedOut', code: 40002, message: 'x' });
    expect(decide(401, 'Unauthorized')).toEqual({ kind: 'loggedOut', code: 401, message: '' });
  });
  it('other codes are rejected with their message', () => {
    expect(decide(403, { code: 40300, message: 'Forbidden' })).toEqual({ kind: 'reject', code: 40300, message: 'Forbidden' });
  });
  it('other bodies are returned as they are on success, rejected on failure', () => {
    expect(decide(200, { items: [] })).toEqual({ kind: 'raw' });
    expect(decide(200, 'plain text')).toEqual({ kind: 'raw' });
    expect(decide(502, '<html>bad gateway</html>')).toEqual({ kind: 'reject', code: 502, message: '' });
  });
});
