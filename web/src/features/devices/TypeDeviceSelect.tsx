import { Select } from 'antd';
import { api, type RuleDevice } from '@dms/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebounced } from '@/lib/useDebounced';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';

const SEARCH_DELAY_MS = 250;
const NO_DEVICES: RuleDevice[] = [];

/** A device as the selects show it: box/controller · company. */
export function deviceLabel(d: RuleDevice): string {
  return d.company ? `${d.boxId}/${d.controller} · ${d.company}` : `${d.boxId}/${d.controller}`;
}

/**
 * The devices of a type a rule may name (GET /events/rule-devices, at most 50), searched on the server by box number
 * as the user types. The devices seen are remembered, so a device chosen stays named when a later search does not
 * find it; one never seen (a saved rule's, beyond the first 50) reads "#id".
 */
export function useTypeDevices(typeId: number | null) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const devices = useQuery({
    ...endpointQuery(api.events.ruleDevices, { query: { typeId: typeId ?? 1, ...(q ? { q } : {}) } }),
    enabled: typeId !== null,
    placeholderData: keepPreviousData,
  });
  const found = typeId === null ? NO_DEVICES : (devices.data ?? NO_DEVICES);
  const [known, setKnown] = useState<ReadonlyMap<number, RuleDevice>>(new Map());
  const [seen, setSeen] = useState(found);
  if (found !== seen) {
    setSeen(found);
    setKnown((k) => new Map([...k, ...found.map((d) => [d.id, d] as const)]));
  }
  return { found, known, loading: devices.isFetching, search: setText };
}

interface DeviceSelectProps {
  typeId: number | null;
  placeholder: string;
  disabled?: boolean;
  'data-testid': string;
  'aria-label': string;
}

/** Several devices of the type (a rule's devices; none: every device of the type). */
export function DevicesSelect({
  typeId,
  value,
  onChange,
  placeholder,
  disabled,
  'data-testid': testId,
  'aria-label': label,
}: DeviceSelectProps & { value: number[]; onChange: (ids: number[]) => void }) {
  const { found, known, loading, search } = useTypeDevices(typeId);
  const options = useOptions(found, known, value);
  return (
    <Select<number[]>
      mode="multiple"
      data-testid={testId}
      aria-label={label}
      style={{ width: '100%' }}
      placeholder={placeholder}
      disabled={disabled === true || typeId === null}
      loading={loading}
      value={value}
      options={options}
      showSearch={{ filterOption: false, onSearch: search }}
      onChange={onChange}
      allowClear
    />
  );
}

/** One device of the type (the device Test against history runs on). */
export function DeviceSelect({
  typeId,
  value,
  onChange,
  placeholder,
  disabled,
  'data-testid': testId,
  'aria-label': label,
}: DeviceSelectProps & { value: number | null; onChange: (id: number | null) => void }) {
  const { found, known, loading, search } = useTypeDevices(typeId);
  const chosen = useMemo(() => (value === null ? [] : [value]), [value]);
  const options = useOptions(found, known, chosen);
  return (
    <Select<number>
      data-testid={testId}
      aria-label={label}
      style={{ width: 300, maxWidth: '100%' }}
      placeholder={placeholder}
      disabled={disabled === true || typeId === null}
      loading={loading}
      value={value ?? undefined}
      options={options}
      showSearch={{ filterOption: false, onSearch: search }}
      onChange={(id) => {
        onChange(typeof id === 'number' ? id : null);
      }}
      allowClear
    />
  );
}

/** The options: the devices found, then those chosen that the search did not find. */
function useOptions(found: readonly RuleDevice[], known: ReadonlyMap<number, RuleDevice>, chosen: readonly number[]) {
  const { t } = useI18n();
  return useMemo(() => {
    const shown = new Set(found.map((d) => d.id));
    const extra = chosen.filter((id) => !shown.has(id));
    return [
      ...found.map((d) => ({ value: d.id, label: deviceLabel(d) })),
      ...extra.map((id) => {
        const d = known.get(id);
        return { value: id, label: d ? deviceLabel(d) : t('events.form.deviceId', { id }) };
      }),
    ];
  }, [found, known, chosen, t]);
}
