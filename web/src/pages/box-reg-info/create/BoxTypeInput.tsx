import { AutoComplete, Input } from 'antd';
import { api, BOX_TYPE_MAX } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/call';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  'data-testid'?: string;
}

/**
 * The box type: offers the known types and every type registered (GET /box-reg-info/box-types), narrowed to what
 * has been typed, and still takes a new one as typed.
 */
export function BoxTypeInput({ id, value, onChange, onBlur, 'data-testid': testId }: Props) {
  const types = useQuery({ ...endpointQuery(api.boxRegInfo.boxTypes), staleTime: 60_000 });
  const options = useMemo(() => {
    const typed = (value ?? '').trim().toLowerCase();
    return (types.data ?? []).filter((t) => t.toLowerCase().includes(typed)).map((t) => ({ value: t, label: t }));
  }, [types.data, value]);
  return (
    <AutoComplete
      value={value ?? ''}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      {...(onBlur ? { onBlur } : {})}
      popupMatchSelectWidth
      classNames={{ popup: { root: 'dms-box-reg-type-options' } }}
    >
      <Input {...(id ? { id } : {})} data-testid={testId} maxLength={BOX_TYPE_MAX} autoComplete="off" />
    </AutoComplete>
  );
}
