import { Select } from 'antd';
import { api, type DeviceListItem } from '@dms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { endpointQuery } from '@/api/call';
import { deviceLabel } from '@/features/devices/TypeDeviceSelect';
import { useDebounced } from '@/lib/useDebounced';

const SEARCH_DELAY_MS = 250;
/** How many devices a search offers. */
const OFFERED = 20;

interface DeviceSelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The device chosen (null when cleared), for what the form shows of it. */
  onPick?: (device: DeviceListItem | null) => void;
  placeholder: string;
  'data-testid': string;
  'aria-label': string;
}

/**
 * One device the user sees (GET /devices), searched on the server as the user types (box number, company, station,
 * model). The device chosen stays named when a later search does not find it.
 */
export function DeviceSelect({ value, onChange, onPick, placeholder, 'data-testid': testId, 'aria-label': label }: DeviceSelectProps) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const devices = useQuery({
    ...endpointQuery(api.devices.list, { query: { page_size: OFFERED, ...(q ? { q } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const [chosen, setChosen] = useState<DeviceListItem | null>(null);
  const found = devices.data?.items;
  const options = useMemo(() => {
    const items = found ?? [];
    const extra = chosen && chosen.id === value && !items.some((d) => d.id === chosen.id) ? [chosen] : [];
    return [...items, ...extra].map((d) => ({ value: d.id, label: deviceLabel(d) }));
  }, [found, chosen, value]);

  return (
    <Select<number>
      data-testid={testId}
      aria-label={label}
      style={{ width: '100%' }}
      placeholder={placeholder}
      loading={devices.isFetching}
      value={value ?? undefined}
      options={options}
      showSearch={{ filterOption: false, onSearch: setText }}
      onChange={(id) => {
        const device = found?.find((d) => d.id === id) ?? null;
        setChosen(device);
        onPick?.(device);
        onChange?.(typeof id === 'number' ? id : null);
      }}
      allowClear
    />
  );
}
