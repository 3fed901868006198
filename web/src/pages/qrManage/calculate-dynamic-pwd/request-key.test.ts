import { describe, expect, it } from 'vitest';
import { newRequestId, requestFor } from './request-key';

const KEY = /^[A-Za-z0-9_-]{8,64}$/;

describe('the key of a calculation (requestId)', () => {
  it('is new for a first submission and for other inputs', () => {
    let n = 0;
    const make = () => `request-${++n}`;
    const first = requestFor(null, 'a', make);
    expect(first).toEqual({ inputs: 'a', requestId: 'request-1' });
    expect(requestFor(first, 'b', make)).toEqual({ inputs: 'b', requestId: 'request-2' });
  });

  it('stays the same for a retry of the same submission', () => {
    const first = requestFor(null, 'a', () => 'request-1');
    expect(requestFor(first, 'a', () => 'request-2')).toBe(first);
  });

  it('is what the contract accepts', () => {
    const a = newRequestId();
    expect(a).toMatch(KEY);
    expect(newRequestId()).not.toBe(a);
  });
});
