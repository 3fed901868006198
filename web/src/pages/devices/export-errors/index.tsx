import { SearchOutlined } from '@ant-design/icons';
import { endpointQuery } from '@/api/call';
import { Button, Card, Input, Segmented, type TableColumnsType } from 'antd';
import { api, DEVICE_SEARCH_MAX, type FaultRecordRow } from '@dms/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ExportButton } from '@/components/list-page/ExportButton';
import { ListTable } from '@/components/list-page/ListTable';
import { tableWidth } from '@/components/list-page/table-width';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useListState } from '@/components/list-page/useListState';
import { useI18n } from '@/i18n';
import { historyPaths } from '@/features/devices/links';
import { RangeBar } from '../shared/history/RangeBar';
import { presetRange, type TimeRange } from '../shared/history/range';
import { KindTag, recordTimeColumns } from '../shared/history/records';
import '../shared/history/history.css';

type KindFilter = 'all' | 'fault' | 'alert';

/**
 * /devices/export-errors: fault and alert records across the user's devices over a range, by kind and search (box id,
 * company, station number, model), paged on the server, and their export to .xlsx with progress.
 */
export default function ExportErrorsPage() {
  const { t, lang } = useI18n();
  const [range, setRange] = useState<TimeRange>(() => presetRange('7d'));
  const [kind, setKind] = useState<KindFilter>('all');
  const [draft, setDraft] = useState('');
  const list = useListState({
    from: range.from,
    to: range.to,
    kind: undefined as 'fault' | 'alert' | undefined,
    q: undefined as string | undefined,
  });
  const { setFilter } = list;
  const { filter } = list.params;
  const page = usePagedQuery(
    endpointQuery(api.history.faultRecords, { query: { ...filter, page: list.params.page, page_size: list.params.pageSize } }),
  );
  // An ongoing record's duration runs to when the page was loaded.
  const now = page.loadedAt;

  const changeRange = (next: TimeRange) => {
    setRange(next);
    setFilter({ from: next.from, to: next.to });
  };
  const changeKind = (next: KindFilter) => {
    setKind(next);
    setFilter({ kind: next === 'all' ? undefined : next });
  };
  const search = () => {
    setFilter({ q: draft.trim() || undefined });
  };

  const columns = useMemo<TableColumnsType<FaultRecordRow>>(
    () => [
      {
        key: 'device',
        title: t('history.export.device'),
        width: 110,
        fixed: 'left',
        render: (_, r) => (
          <Link to={historyPaths.errorRecord(r.boxId, r.controller)} data-testid={`export-errors-device-${r.id}`}>
            {r.boxId}-{r.controller}
          </Link>
        ),
      },
      {
        key: 'company',
        title: t('history.export.company'),
        dataIndex: 'company',
        width: 120,
        ellipsis: true,
        render: (v: string) => v || '—',
      },
      {
        key: 'model',
        title: t('history.export.model'),
        dataIndex: 'model',
        width: 100,
        ellipsis: true,
        responsive: ['md'],
        render: (v: string) => v || '—',
      },
      {
        key: 'kind',
        title: t('history.record.kind'),
        dataIndex: 'kind',
        width: 80,
        render: (k: FaultRecordRow['kind']) => <KindTag kind={k} />,
      },
      {
        key: 'name',
        title: t('history.record.name'),
        dataIndex: 'name',
        width: 160,
        render: (v: string | null, r) => v ?? t('history.record.unknownBit', { register: r.register, bit: r.bit }),
      },
      ...recordTimeColumns<FaultRecordRow>(t, lang, now),
      {
        key: 'details',
        title: t('history.record.details'),
        width: 80,
        render: (_, r) => <Link to={historyPaths.errorDetails(r.boxId, r.controller, r.startedAt, r.id)}>{t('history.record.view')}</Link>,
      },
    ],
    [t, lang, now],
  );

  return (
    <Card title={t('history.route.exportErrors')} data-testid="page-exportErrors">
      <div className="dms-history-toolbar">
        <RangeBar value={range} onChange={changeRange} testId="export-errors-range" />
        <Segmented<KindFilter>
          value={kind}
          onChange={changeKind}
          options={(['all', 'fault', 'alert'] as const).map((k) => ({
            value: k,
            label: <span data-testid={`export-errors-kind-${k}`}>{t(k === 'all' ? 'history.kind.all' : `history.kind.${k}`)}</span>,
          }))}
        />
        <Input
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
          }}
          onPressEnter={search}
          maxLength={DEVICE_SEARCH_MAX}
          placeholder={t('history.export.search')}
          aria-label={t('history.export.search')}
          style={{ width: 240, maxWidth: '100%' }}
          allowClear
          data-testid="export-errors-q"
        />
        <Button type="primary" icon={<SearchOutlined />} onClick={search} data-testid="export-errors-search">
          {t('history.export.searchButton')}
        </Button>
        <ExportButton
          testId="export-errors-export"
          disabled={page.data.total === 0}
          body={() => ({
            kind: 'fault-records',
            filter: {
              from: filter.from,
              to: filter.to,
              ...(filter.kind ? { kind: filter.kind } : {}),
              ...(filter.q ? { q: filter.q } : {}),
            },
          })}
        />
      </div>
      <ListTable
        data-testid="export-errors-table"
        rowKey="id"
        size="small"
        bordered
        list={list}
        page={page}
        columns={columns}
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('history.table.records', { total })}
      />
    </Card>
  );
}
