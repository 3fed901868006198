import { Select } from 'antd';
import { api, CK_CODE } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/call';
import { useI18n } from '@/i18n';

/** The CK codes a rule is kept to: chosen from the configured codes, or typed (four digits; anything else is dropped). */
export function CkSelect({ value, onChange }: { value: string[]; onChange: (cks: string[]) => void }) {
  const { t } = useI18n();
  const cks = useQuery(endpointQuery(api.ck.list, { query: { page_size: 100 } }));
  const options = useMemo(
    () => (cks.data?.items ?? []).map((c) => ({ value: c.ck, label: c.company ? `${c.ck} · ${c.company}` : c.ck })),
    [cks.data],
  );
  return (
    <Select<string[]>
      mode="tags"
      data-testid="rule-cks"
      aria-label={t('events.form.cks')}
      placeholder={t('events.form.cksPlaceholder')}
      style={{ width: '100%' }}
      loading={cks.isPending}
      value={value}
      options={options}
      tokenSeparators={[',', ' ']}
      showSearch={{ optionFilterProp: ['value', 'label'] }}
      onChange={(codes) => {
        onChange([...new Set(codes.map((c) => c.trim()).filter((c) => CK_CODE.test(c)))]);
      }}
      allowClear
    />
  );
}
