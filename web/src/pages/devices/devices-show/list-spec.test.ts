import { describe, expect, it } from 'vitest';
import { cappedDeviceCounts, type DeviceStatus } from '@dms/contract';
import { initialListParams, readListParams, writeListParams } from '@/components/list-page/list-params';
import { DEFAULT_COLUMNS, readColumns } from './column-choice';
import { countLabel, countOf, DEVICE_LIST_SPECS, deviceQuery } from './list-spec';

const all = DEVICE_LIST_SPECS.all;

describe('device list URL', () => {
  it('reads the filter, sort and page from the query string, dropping what is unknown', () => {
    expect(readListParams(all, new URLSearchParams('status=fault&q=acme&sort=company&order=desc&page=3&size=50'))).toEqual({
      filter: { status: 'fault', q: 'acme' },
      sort: 'company',
      order: 'desc',
      page: 3,
      pageSize: 50,
    });
    expect(readListParams(all, new URLSearchParams('status=broken&sort=password&order=up&page=-2&size=7'))).toEqual(initialListParams(all));
    expect(initialListParams(all)).toEqual({
      filter: { status: undefined, q: undefined },
      sort: 'boxId',
      order: 'asc',
      page: 1,
      pageSize: 20,
    });
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeListParams(all, initialListParams(all)).toString()).toBe('');
    const state = {
      ...initialListParams(all),
      filter: { status: 'online' as const, q: 'x y' },
      sort: 'lastSeen' as const,
      order: 'desc' as const,
    };
    expect(readListParams(all, writeListParams(all, state))).toEqual(state);
  });

  it('keeps a menu list to its quick filters, its own status left out of the URL', () => {
    const fault = DEVICE_LIST_SPECS.fault;
    expect(readListParams(fault, new URLSearchParams('')).filter.status).toBe('fault');
    expect(readListParams(fault, new URLSearchParams('status=online')).filter.status).toBe('fault');
    expect(readListParams(fault, new URLSearchParams('status=offline_fault')).filter.status).toBe('offline_fault');
    expect(writeListParams(fault, initialListParams(fault)).toString()).toBe('');
    expect(readListParams(all, new URLSearchParams('status=online_fault')).filter.status).toBeUndefined();
  });

  it('asks the API for what the list shows', () => {
    expect(deviceQuery(initialListParams(all))).toEqual({ sort: 'boxId', order: 'asc', page: 1, page_size: 20 });
    expect(deviceQuery(readListParams(all, new URLSearchParams('status=alert&q=acme&page=2')))).toEqual({
      status: 'alert',
      q: 'acme',
      sort: 'boxId',
      order: 'asc',
      page: 2,
      page_size: 20,
    });
  });

  it('counts a group as the sum of its statuses', () => {
    const counts = {
      all: 9,
      capped: false,
      online: 1,
      offline: 2,
      online_alert: 1,
      offline_alert: 1,
      online_fault: 2,
      offline_fault: 1,
      unregistered: 1,
    };
    expect(countOf(null, 'online')).toBeNull();
    expect(countOf(counts, undefined)).toBe(9);
    expect(countOf(counts, 'fault')).toBe(3);
    expect(countOf(counts, 'alert')).toBe(2);
    expect(countOf(counts, 'offline')).toBe(2);
    expect([undefined, 'fault', 'unregistered'].map((s) => countLabel(counts, s as DeviceStatus | undefined))).toEqual(['9', '3', '1']);
    expect(countLabel(null, undefined)).toBe('…');
  });

  it("shows a search's capped count on the whole list and none on its statuses", () => {
    const capped = cappedDeviceCounts();
    expect(countOf(capped, undefined)).toBe(1000);
    expect(countOf(capped, 'fault')).toBeNull();
    expect(countOf(capped, 'online')).toBeNull();
    expect(countLabel(capped, undefined)).toBe('1000+');
    expect(countLabel(capped, 'alert')).toBe('');
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
