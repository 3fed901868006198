import { describe, expect, it } from 'vitest';
import { idParam, initialListParams, oneOfParam, readListParams, textParam, writeListParams, type ListSpec } from './list-params';

const STATUSES = ['online', 'offline', 'fault'] as const;
const SORTS = ['boxId', 'company', 'lastSeen'] as const;

const spec: ListSpec<
  { status: (typeof STATUSES)[number] | undefined; q: string | undefined; boxId: number | undefined },
  (typeof SORTS)[number]
> = {
  filter: { status: oneOfParam(STATUSES), q: textParam(8), boxId: idParam() },
  sort: { keys: SORTS, default: 'boxId' },
};

describe('list URL', () => {
  it('reads the filters, sort and page from the query string', () => {
    expect(readListParams(spec, new URLSearchParams('status=fault&q=acme&boxId=42&sort=company&order=desc&page=3&size=50'))).toEqual({
      filter: { status: 'fault', q: 'acme', boxId: 42 },
      sort: 'company',
      order: 'desc',
      page: 3,
      pageSize: 50,
    });
  });

  it('drops what is unknown or malformed, and cuts long text', () => {
    const read = readListParams(
      spec,
      new URLSearchParams('status=broken&q=%20abcdefghijk&boxId=007&sort=password&order=up&page=-2&size=7'),
    );
    expect(read).toEqual({ ...initialListParams(spec), filter: { status: undefined, q: 'abcdefg', boxId: undefined } });
    expect(readListParams(spec, new URLSearchParams('boxId=1.5&page=2.5')).filter.boxId).toBeUndefined();
    expect(readListParams(spec, new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(writeListParams(spec, initialListParams(spec)).toString()).toBe('');
    const state = {
      filter: { status: 'online' as const, q: 'x y', boxId: 7 },
      sort: 'lastSeen' as const,
      order: 'desc' as const,
      page: 2,
      pageSize: 50,
    };
    expect(writeListParams(spec, state).toString()).toBe('status=online&q=x+y&boxId=7&sort=lastSeen&order=desc&page=2&size=50');
    expect(readListParams(spec, writeListParams(spec, state))).toEqual(state);
  });

  it('leaves a filter with a fallback out of the URL when it has that value', () => {
    const preset: ListSpec<{ status: (typeof STATUSES)[number] }> = {
      filter: { status: oneOfParam(['fault', 'offline'] as const, 'fault') },
    };
    expect(readListParams(preset, new URLSearchParams('status=online')).filter.status).toBe('fault');
    expect(writeListParams(preset, { ...initialListParams(preset), filter: { status: 'fault' } }).toString()).toBe('');
    expect(writeListParams(preset, { ...initialListParams(preset), filter: { status: 'offline' } }).toString()).toBe('status=offline');
  });

  it('keeps no sort for a list the server orders by itself', () => {
    const unsorted: ListSpec<{ q: string | undefined }> = { filter: { q: textParam(10) } };
    expect(readListParams(unsorted, new URLSearchParams('sort=company&order=desc'))).toEqual({
      filter: { q: undefined },
      sort: null,
      order: 'asc',
      page: 1,
      pageSize: 20,
    });
  });
});
