import { InputNumber, Space, Tag, type TableColumnsType } from 'antd';
import { api, type BoxCkChange } from '@dms/contract';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/call';
import { ListPage } from '@/components/list-page/ListPage';
import type { ListControl } from '@/components/list-page/list-control';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

export interface HistoryFilter {
  boxId: number | undefined;
}

/** The history of boxes' CK changes, newest first: all of them, or one box's (chosen here or from the box-CK table). */
export function BoxCkHistory({ list }: { list: ListControl<HistoryFilter> }) {
  const { t, lang } = useI18n();
  const { boxId } = list.params.filter;
  const rows = usePagedQuery(
    endpointQuery(api.ck.boxChanges, {
      query: { ...(boxId ? { boxId } : {}), page: list.params.page, page_size: list.params.pageSize },
    }),
  );
  const columns = useMemo<TableColumnsType<BoxCkChange>>(
    () => [
      { key: 'at', title: t('boxCk.at'), dataIndex: 'at', width: 170, render: (v: number) => formatTime(v, lang) },
      { key: 'boxId', title: t('boxCk.box'), dataIndex: 'boxId', width: 130 },
      { key: 'from', title: t('boxCk.from'), dataIndex: 'from', width: 90, render: (v: string | null) => v ?? '—' },
      { key: 'to', title: t('boxCk.to'), dataIndex: 'to', width: 90, render: (v: string | null) => v ?? '—' },
      {
        key: 'source',
        title: t('boxCk.source'),
        dataIndex: 'source',
        width: 120,
        render: (v: BoxCkChange['source']) => <Tag>{t(`boxCk.sources.${v}`)}</Tag>,
      },
      { key: 'by', title: t('boxCk.by'), dataIndex: 'by', width: 130, render: (v: string | null) => v ?? '—' },
    ],
    [t, lang],
  );
  return (
    <ListPage
      title={t('boxCk.tabs.history')}
      extra={<RefreshButton onClick={rows.reload} testId="box-ck-history-reload" />}
      toolbar={
        <Space wrap className="dms-toolbar">
          <InputNumber<number>
            data-testid="box-ck-history-box"
            aria-label={t('boxCk.historyBox')}
            placeholder={t('boxCk.historyBox')}
            min={1}
            precision={0}
            controls={false}
            style={{ width: 200 }}
            value={boxId ?? null}
            onChange={(v) => {
              list.setFilter({ boxId: v ?? undefined });
            }}
          />
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="box-ck-history-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns) }}
      showTotal={(total) => t('boxCk.historyTotal', { total })}
    />
  );
}
