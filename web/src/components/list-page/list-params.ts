/**
 * What a list page keeps in its URL (`?status=fault&q=acme&sort=company&order=desc&page=2&size=50`): its filters,
 * its sort and its page, so a link can open a filtered list and a reload keeps it. Each filter has a codec that reads
 * its query parameter (an unknown or malformed value gives the default) and writes it (the default is left out).
 */

export interface ParamCodec<T> {
  read(raw: string | null): T;
  /** The parameter's text, or null to leave it out of the URL (the default). */
  write(value: T): string | null;
}

export type FilterCodecs<F> = { readonly [K in keyof F]: ParamCodec<F[K]> };
export type SortOrder = 'asc' | 'desc';

export interface ListParams<F, S extends string = never> {
  filter: F;
  /** The sort column; null for a list the server orders by itself. */
  sort: S | null;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export interface ListSpec<F, S extends string = never> {
  filter: FilterCodecs<F>;
  /** The columns the server can sort by, and the one it sorts by unless the URL says otherwise (ascending). */
  sort?: { keys: readonly S[]; default: S };
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Free text, trimmed, at most `max` characters; empty is no filter. */
export function textParam(max: number): ParamCodec<string | undefined> {
  return {
    read: (raw) => raw?.slice(0, max).trim() || undefined,
    write: (value) => value?.trim() || null,
  };
}

/** A positive whole number in plain digits (an id). */
export function idParam(): ParamCodec<number | undefined> {
  return {
    read: (raw) => {
      if (raw === null || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
      const n = Number(raw);
      return Number.isSafeInteger(n) ? n : undefined;
    },
    write: (value) => (value === undefined ? null : String(value)),
  };
}

/** One of `values`; anything else (or nothing) is `fallback`, which is left out of the URL. */
export function oneOfParam<T extends string>(values: readonly T[]): ParamCodec<T | undefined>;
export function oneOfParam<T extends string>(values: readonly T[], fallback: T): ParamCodec<T>;
export function oneOfParam<T extends string>(values: readonly T[], fallback?: T): ParamCodec<T | undefined> {
  const known = (raw: string | null): raw is T => raw !== null && (values as readonly string[]).includes(raw);
  return {
    read: (raw) => (known(raw) ? raw : fallback),
    write: (value) => (value === undefined || value === fallback ? null : value),
  };
}

function readPage(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function readSize(raw: string | null): number {
  const size = Number(raw);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

export function readListParams<F, S extends string>(spec: ListSpec<F, S>, params: URLSearchParams): ListParams<F, S> {
  const filter = {} as F;
  for (const key of Object.keys(spec.filter) as Array<keyof F & string>) filter[key] = spec.filter[key].read(params.get(key));
  const sortRaw = params.get('sort');
  const sort = spec.sort ? (spec.sort.keys.find((k) => k === sortRaw) ?? spec.sort.default) : null;
  return {
    filter,
    sort,
    order: spec.sort && params.get('order') === 'desc' ? 'desc' : 'asc',
    page: readPage(params.get('page')),
    pageSize: readSize(params.get('size')),
  };
}

/** The query string of a list's state, leaving defaults out. */
export function writeListParams<F, S extends string>(spec: ListSpec<F, S>, state: ListParams<F, S>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(spec.filter) as Array<keyof F & string>) {
    const text = spec.filter[key].write(state.filter[key]);
    if (text !== null) params.set(key, text);
  }
  if (spec.sort && state.sort !== null && state.sort !== spec.sort.default) params.set('sort', state.sort);
  if (spec.sort && state.order !== 'asc') params.set('order', state.order);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params;
}

/** A list's first state: its filters' defaults, its default sort, page 1. */
export function initialListParams<F, S extends string>(spec: ListSpec<F, S>): ListParams<F, S> {
  return readListParams(spec, new URLSearchParams());
}
