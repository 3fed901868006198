import { SearchOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { BOX_TYPE_MAX } from '@dms/contract';
import type { ChangeEvent, ReactNode } from 'react';
import { useDraft } from '@/components/list-page/useDraft';
import { useI18n, type TKey } from '@/i18n';
import type { BoxRegFilter } from './list-spec';

interface Draft {
  boxId: string;
  username: string;
  companyName: string;
  boxType: string;
}

/** The filter inputs of the toolbar, in order. */
const FILTERS: ReadonlyArray<{ key: keyof Draft; testId: string; label: TKey; maxLength: number }> = [
  { key: 'boxId', testId: 'box-reg-filter-boxid', label: 'boxRegInfo.filter.boxId', maxLength: 10 },
  { key: 'username', testId: 'box-reg-filter-username', label: 'boxRegInfo.filter.username', maxLength: 64 },
  { key: 'companyName', testId: 'box-reg-filter-company', label: 'boxRegInfo.filter.companyName', maxLength: 128 },
  { key: 'boxType', testId: 'box-reg-filter-type', label: 'boxRegInfo.filter.boxType', maxLength: BOX_TYPE_MAX },
];

const NO_FILTER: BoxRegFilter = { boxId: undefined, username: undefined, companyName: undefined, boxType: undefined };

const draftOf = (f: BoxRegFilter): Draft => ({
  boxId: f.boxId === undefined ? '' : String(f.boxId),
  username: f.username ?? '',
  companyName: f.companyName ?? '',
  boxType: f.boxType ?? '',
});

const filterOf = (d: Draft): BoxRegFilter => ({
  boxId: d.boxId ? Number(d.boxId) : undefined,
  username: d.username.trim() || undefined,
  companyName: d.companyName.trim() || undefined,
  boxType: d.boxType.trim() || undefined,
});

/**
 * The list's four filter inputs, applied by Search (or Enter) and cleared by Reset; what is typed stays until a
 * filter applied elsewhere (a link, Reset) replaces it.
 */
export function Filters({
  value,
  onApply,
  children,
}: {
  value: BoxRegFilter;
  onApply: (filter: BoxRegFilter) => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useDraft(draftOf(value));

  const search = () => {
    onApply(filterOf(draft));
  };
  const reset = () => {
    setDraft(draftOf(NO_FILTER));
    onApply(NO_FILTER);
  };
  const edit = (field: keyof Draft) => (e: ChangeEvent<HTMLInputElement>) => {
    const text = field === 'boxId' ? e.target.value.replace(/\D/g, '').replace(/^0+/, '') : e.target.value;
    setDraft((d) => ({ ...d, [field]: text }));
  };

  return (
    <div className="dms-toolbar dms-box-reg-toolbar">
      {FILTERS.map((f) => (
        <Input
          key={f.key}
          data-testid={f.testId}
          aria-label={t(f.label)}
          placeholder={t(f.label)}
          inputMode={f.key === 'boxId' ? 'numeric' : undefined}
          maxLength={f.maxLength}
          value={draft[f.key]}
          onChange={edit(f.key)}
          onPressEnter={search}
          className="dms-box-reg-filter"
        />
      ))}
      <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="box-reg-search">
        {t('boxRegInfo.filter.search')}
      </Button>
      <Button onClick={reset} data-testid="box-reg-reset">
        {t('boxRegInfo.filter.reset')}
      </Button>
      {children}
    </div>
  );
}
