import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { isTransient, shouldRetry } from './query-client';

describe('query retries', () => {
  it('tries again only after a transient failure', () => {
    expect(isTransient(new ApiError('network', 0, null, 'offline'))).toBe(true);
    expect(isTransient(new ApiError('timeout', 0, null, 'slow'))).toBe(true);
    expect(isTransient(new ApiError('badResponse', 502, null, 'proxy'))).toBe(true);
    expect(isTransient(new ApiError('failed', 500, 50000, 'boom'))).toBe(true);
  });

  it('never after a refusal, a lost session, a cancel or bad data', () => {
    expect(isTransient(new ApiError('failed', 404, 40400, 'no such device'))).toBe(false);
    expect(isTransient(new ApiError('failed', 403, 40300, 'forbidden'))).toBe(false);
    expect(isTransient(new ApiError('failed', 400, 40001, 'invalid'))).toBe(false);
    expect(isTransient(new ApiError('rejected', 200, 40111, 'rejected'))).toBe(false);
    expect(isTransient(new ApiError('warningConfirm', 200, 20004, 'sure?'))).toBe(false);
    expect(isTransient(new ApiError('loggedOut', 401, 50012, 'gone'))).toBe(false);
    expect(isTransient(new ApiError('aborted', 0, null, ''))).toBe(false);
    expect(isTransient(new ApiError('invalidData', 200, null, 'bad'))).toBe(false);
    expect(isTransient(new Error('not an API error'))).toBe(false);
  });

  it('gives up after two more tries', () => {
    const offline = new ApiError('network', 0, null, 'offline');
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(1, offline)).toBe(true);
    expect(shouldRetry(2, offline)).toBe(false);
  });
});
