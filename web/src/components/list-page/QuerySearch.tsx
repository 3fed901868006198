import type { ListControl } from './list-control';
import { textParam } from './list-params';
import { SearchInput } from './SearchInput';

export interface QuerySearchProps<S extends string> {
  /** A list whose filter has the free-text `q` (the URL's `?q=`). */
  list: ListControl<{ q: string | undefined }, S>;
  /** Its label and placeholder: what it searches in. */
  label: string;
  testId: string;
  width?: number;
  maxLength?: number;
}

/** A list's search in free text (`q`, trimmed, at most `maxLength` characters; empty is no filter), as its first filter. */
export function QuerySearch<S extends string>({ list, label, testId, width = 240, maxLength = 64 }: QuerySearchProps<S>) {
  return (
    <SearchInput
      data-testid={testId}
      aria-label={label}
      placeholder={label}
      maxLength={maxLength}
      style={{ width, maxWidth: '100%' }}
      value={list.params.filter.q ?? ''}
      onSearch={(value) => {
        list.setFilter({ q: textParam(maxLength).read(value) });
      }}
    />
  );
}
