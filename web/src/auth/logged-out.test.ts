import { describe, expect, it } from 'vitest';
import { loggedOutAction } from './logged-out';

describe('logged-out decision (spec 8)', () => {
  it('prompts a signed-in user once', () => {
    expect(loggedOutAction({ infoLoaded: true, promptOpen: false })).toBe('prompt');
    expect(loggedOutAction({ infoLoaded: true, promptOpen: true })).toBe('ignore');
  });
  it('leaves a failed user-info load to the guard (error shown, then sign-in)', () => {
    expect(loggedOutAction({ infoLoaded: false, promptOpen: false })).toBe('ignore');
  });
});
