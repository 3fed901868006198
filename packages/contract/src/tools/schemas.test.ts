import { describe, expect, it } from 'vitest';
import { cacheDeleteKeyBody, cacheGroupOf, cacheKeyQuery, cachePattern } from './schemas.js';

describe("the cache tool's groups", () => {
  it('names the group of each of the product’s keys, and of no other', () => {
    expect(cacheGroupOf('members')).toBe('members');
    expect(cacheGroupOf('login:pair:demo_root@10.0.0.1')).toBe('login');
    expect(cacheGroupOf('export:abc')).toBe('export');
    expect(cacheGroupOf('export-file:abc')).toBe('export-file');
    expect(cacheGroupOf('values:100001')).toBe('values');
    for (const other of ['', 'members:x', 'login', 'login:', ':x', 'bus', 'other:thing', 'exports:abc', 'dms:login:x'])
      expect(cacheGroupOf(other), other).toBeNull();
  });

  it('gives each group the beginning of its keys', () => {
    expect(cachePattern('members')).toBe('members');
    expect(cachePattern('export-file')).toBe('export-file:');
  });

  it('lets through only the product’s keys, with the message that says which', () => {
    expect(cacheKeyQuery.safeParse({ key: 'login:address:10.0.0.1' }).success).toBe(true);
    const refused = cacheDeleteKeyBody.safeParse({ key: 'session:1' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('validation.tools.key');
    expect(cacheKeyQuery.safeParse({ key: 'x'.repeat(513) }).success).toBe(false);
  });
});
