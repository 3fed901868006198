import { describe, expect, it } from 'vitest';
import { browserOf } from './browser';

describe('browserOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
      { browser: 'Chrome 120', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', system: 'iOS · mobile' },
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', { browser: 'Firefox 121', system: 'Linux' }],
    ['curl/8.4.0', { browser: 'curl/8.4.0', system: '' }],
    ['', { browser: '', system: '' }],
  ])('names %s', (agent, named) => {
    expect(browserOf(agent)).toEqual(named);
  });
});
