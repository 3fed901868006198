import { Select } from 'antd';
import { api, type AudienceDevice, type AudienceUser } from '@dms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { deviceLabel } from '@/features/devices/TypeDeviceSelect';

const SEARCH_DELAY_MS = 250;

/** The text typed, once typing pauses. */
function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => {
      setPaused(text.trim());
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text]);
  return paused;
}

interface Props<T> {
  value: readonly T[];
  onChange: (value: T[]) => void;
  placeholder: string;
  status?: 'error';
  'data-testid': string;
  'aria-label': string;
}

/** Several items searched on the server as the user types; those chosen stay named whatever the search finds. */
function SearchSelect<T extends { id: number }>({
  value,
  onChange,
  found,
  loading,
  search,
  label,
  placeholder,
  status,
  'data-testid': testId,
  'aria-label': ariaLabel,
}: Props<T> & { found: readonly T[]; loading: boolean; search: (text: string) => void; label: (item: T) => string }) {
  const byId = new Map([...found, ...value].map((x) => [x.id, x]));
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: search }}
      loading={loading}
      value={value.map((x) => x.id)}
      options={[...byId.values()].map((x) => ({ value: x.id, label: label(x) }))}
      onChange={(ids) => {
        onChange(ids.flatMap((id) => byId.get(id) ?? []));
        search('');
      }}
      placeholder={placeholder}
      status={status}
      data-testid={testId}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
    />
  );
}

/** The devices an announcement is for (GET /notice/audience/devices, by box number or company). */
export function DevicesSelect(props: Props<AudienceDevice>) {
  const [text, setText] = useState('');
  const q = usePaused(text);
  const found = useQuery({ ...endpointQuery(api.notice.audienceDevices, { query: q ? { q } : {} }), placeholderData: keepPreviousData });
  return <SearchSelect {...props} found={found.data ?? []} loading={found.isFetching} search={setText} label={deviceLabel} />;
}

/** The people an announcement is for (GET /notice/audience/users, by name). */
export function UsersSelect(props: Props<AudienceUser>) {
  const [text, setText] = useState('');
  const q = usePaused(text);
  const found = useQuery({ ...endpointQuery(api.notice.audienceUsers, { query: q ? { q } : {} }), placeholderData: keepPreviousData });
  return <SearchSelect {...props} found={found.data ?? []} loading={found.isFetching} search={setText} label={(u) => u.username} />;
}
