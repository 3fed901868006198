import { Select } from 'antd';
import type { RegisterDef } from '@dms/contract';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import { registerName } from '@/features/devices/registers';

/** Most registers one history query takes (the API's limit). */
export const MAX_REGISTERS = 20;

export interface RegisterSelectProps {
  registers: readonly RegisterDef[];
  value: readonly number[];
  onChange: (value: number[]) => void;
  /** One register (k-line) instead of several. */
  single?: boolean;
  /** Most that may be chosen; MAX_REGISTERS by default. */
  max?: number;
  testId?: string;
}

/** Chooses registers by name in the user's language (with the register number), searchable. */
export function RegisterSelect({
  registers,
  value,
  onChange,
  single,
  max = MAX_REGISTERS,
  testId = 'history-registers',
}: RegisterSelectProps) {
  const { t, lang } = useI18n();
  const options = useMemo(
    () =>
      registers.map((r) => ({
        value: r.number,
        label: `${registerName(r, lang)}${r.unit && r.format === 'number' ? ` (${r.unit})` : ''}`,
        search: `${registerName(r, lang)} ${r.number} ${r.key}`.toLowerCase(),
      })),
    [registers, lang],
  );
  const common = {
    className: 'dms-history-registers',
    options,
    showSearch: { filterOption: (input: string, option?: { search: string }) => (option?.search ?? '').includes(input.toLowerCase()) },
    placeholder: t('history.registers.placeholder'),
    'aria-label': t('history.registers.label'),
    'data-testid': testId,
  };
  if (single) {
    return (
      <Select<number, (typeof options)[number]>
        {...common}
        value={value[0]}
        onChange={(v) => {
          onChange([v]);
        }}
      />
    );
  }
  return (
    <Select<number[], (typeof options)[number]>
      {...common}
      mode="multiple"
      maxCount={max}
      maxTagCount="responsive"
      value={[...value]}
      onChange={(v) => {
        onChange(v);
      }}
    />
  );
}

/** The registers a page starts with: the first `n` of the map's number registers. */
export function defaultRegisters(registers: readonly RegisterDef[], n: number): number[] {
  return registers
    .filter((r) => r.format === 'number')
    .slice(0, n)
    .map((r) => r.number);
}
