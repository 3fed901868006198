import { Select } from 'antd';

export interface ChoiceFilterProps<T extends string> {
  /** The choice now; undefined: all. */
  value: T | undefined;
  values: readonly T[];
  onChange: (value: T | undefined) => void;
  /** The first option's words: every value ("All types"). */
  all: string;
  /** A value's words. */
  labelOf: (value: T) => string;
  /** The select's accessible name. */
  label: string;
  testId: string;
  width?: number;
}

/** A list's filter by one of some values, or all of them (a type, a state, read or unread). */
export function ChoiceFilter<T extends string>({
  value,
  values,
  onChange,
  all,
  labelOf,
  label,
  testId,
  width = 160,
}: ChoiceFilterProps<T>) {
  return (
    <Select<T | ''>
      data-testid={testId}
      aria-label={label}
      style={{ width }}
      value={value ?? ''}
      options={[{ value: '', label: all }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
      onChange={(next) => {
        onChange(next === '' ? undefined : next);
      }}
    />
  );
}
