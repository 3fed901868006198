import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, readColumns } from './columns';
import { DEFAULT_QUERY, readQuery, writeQuery } from './query';

describe('device list URL', () => {
  it('reads the filter, sort and page from the query string, dropping what is unknown', () => {
    expect(readQuery(new URLSearchParams('status=fault&q=acme&sort=company&order=desc&page=3&size=50'))).toEqual({
      status: 'fault',
      q: 'acme',
      sort: 'company',
      order: 'desc',
      page: 3,
      pageSize: 50,
    });
    expect(readQuery(new URLSearchParams('status=broken&sort=password&order=up&page=-2&size=7'))).toEqual(DEFAULT_QUERY);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeQuery(DEFAULT_QUERY).toString()).toBe('');
    const query = { ...DEFAULT_QUERY, status: 'online' as const, q: 'x y', sort: 'lastSeen' as const, order: 'desc' as const };
    expect(readQuery(writeQuery(query))).toEqual(query);
  });
});

describe('device list columns', () => {
  it('keeps known columns in the list order, default when nothing valid is stored', () => {
    expect(readColumns(null)).toEqual(DEFAULT_COLUMNS);
    expect(readColumns('not json')).toEqual(DEFAULT_COLUMNS);
    expect(readColumns('{"a":1}')).toEqual(DEFAULT_COLUMNS);
    expect(readColumns('["phone","company","nope"]')).toEqual(['company', 'phone']);
    expect(readColumns('[]')).toEqual([]);
  });
});
