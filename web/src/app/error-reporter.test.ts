import { CLIENT_ERROR_LIMITS, type ClientErrorBody } from '@dms/contract';
import { describe, expect, it } from 'vitest';
import { createReporter, MAX_REPORTS_PER_PAGE } from './error-reporter';

function setup(signedIn: boolean) {
  const sent: Array<Required<ClientErrorBody>> = [];
  const logged: unknown[] = [];
  const state = { signedIn, now: 1_000_000_000_000 };
  const report = createReporter({
    send: (body) => sent.push(body),
    signedIn: () => state.signedIn,
    log: (_text, reason) => logged.push(reason),
    href: () => 'https://dms.example/dashboard',
    now: () => state.now,
  });
  return { report, sent, logged, state };
}

describe('console error reporter', () => {
  it('keeps an error in the browser console before sign-in, and sends nothing', () => {
    const { report, sent, logged } = setup(false);
    const error = new TypeError('boom');
    report(error);
    expect(sent).toEqual([]);
    expect(logged).toEqual([error]);
  });

  it("sends a signed-in console's error, cut to the server's limits", () => {
    const { report, sent } = setup(true);
    const error = new Error('m'.repeat(CLIENT_ERROR_LIMITS.message + 50));
    error.stack = 's'.repeat(CLIENT_ERROR_LIMITS.detail + 50);
    report(error);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(sent[0]?.detail).toHaveLength(CLIENT_ERROR_LIMITS.detail);
    expect(sent[0]?.url).toBe('https://dms.example/dashboard');
  });

  it("stays within the server's budget per minute and the page's, and skips a repeat", () => {
    const { report, sent, state } = setup(true);
    report('same');
    report('same');
    expect(sent).toHaveLength(1);
    for (let i = 0; i < 20; i++) report(`error ${i}`);
    expect(sent).toHaveLength(CLIENT_ERROR_LIMITS.perSessionPerMinute);
    state.now += 60_000;
    for (let i = 0; i < 30; i++) report(`later ${i}`);
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });
});
