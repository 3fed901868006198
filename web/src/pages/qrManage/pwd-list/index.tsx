import { Empty, Space, Typography, type TableColumnsType } from 'antd';
import { api, PASSWORD_MODE_NAMES, type PasswordMode, type PwdRecordQuery, type PwdRecordRow } from '@dms/contract';
import { useMemo } from 'react';
import { endpointQuery } from '@/api/call';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { ChoiceFilter } from '@/components/list-page/ChoiceFilter';
import { ExportButton } from '@/components/list-page/ExportButton';
import { idParam, oneOfParam, textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { TimeRangeFilter } from '@/components/list-page/TimeRangeFilter';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { useAppState } from '@/settings/app-state';
import { MODE_LABEL } from '../modes';
import { RecordTotals } from './RecordTotals';
import '../qr-manage.css';

interface RecordFilter {
  /** Part of the username or name of who calculated. */
  q: string | undefined;
  boxId: number | undefined;
  mode: PasswordMode | undefined;
  /** Calculations in [from, to) (ms). */
  from: number | undefined;
  to: number | undefined;
}

/** The URL keeps the filters (`?q=…&boxId=…&mode=…&from=…&to=…`) with the page; newest first. */
const RECORD_LIST: ListSpec<RecordFilter> = {
  filter: { q: textParam(64), boxId: idParam(), mode: oneOfParam(PASSWORD_MODE_NAMES), from: idParam(), to: idParam() },
};

/** The filters set, without paging: the list's query without its page, and the export's filter. */
function recordFilter({ q, boxId, mode, from, to }: RecordFilter): Omit<PwdRecordQuery, 'page' | 'page_size'> {
  return {
    ...(q ? { q } : {}),
    ...(boxId !== undefined ? { boxId } : {}),
    ...(mode ? { mode } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

/**
 * /qrManage/pwd-list (root, manufacturer, district and regional distributors; issue 24): the passwords calculated by
 * the caller and the users below them (root: everyone's), newest first; by user, box, mode and time, with each user's
 * count per mode over the filter drawn above the table, and the same rows to .xlsx. docs/dynamic-password.md.
 */
export default function PwdListPage() {
  const { t, lang } = useI18n();
  const mobile = useAppState((st) => st.device === 'mobile');
  const list = useListParams(RECORD_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.qrManage.records, { query: { ...recordFilter(filter), page, page_size: pageSize } }));
  const totals = rows.answer?.totals ?? [];

  const columns = useMemo<TableColumnsType<PwdRecordRow>>(
    () => [
      {
        key: 'time',
        title: t('qrManage.records.time'),
        dataIndex: 'calculatedAt',
        width: 180,
        fixed: mobile ? undefined : 'left',
        render: (v: number) => formatTime(v, lang),
      },
      { key: 'user', title: t('qrManage.records.user'), dataIndex: 'username', width: 170, ellipsis: true },
      { key: 'box', title: t('qrManage.records.box'), dataIndex: 'boxId', width: 110 },
      { key: 'serial', title: t('qrManage.records.serial'), dataIndex: 'serial', width: 170 },
      {
        key: 'challenge',
        title: t('qrManage.records.challenge'),
        dataIndex: 'challenge',
        width: 110,
        render: (v: string) => <span className="dms-qr-digits">{v}</span>,
      },
      {
        key: 'mode',
        title: t('qrManage.records.mode'),
        width: 180,
        render: (_: unknown, r) => <span data-testid={`qr-record-mode-${r.id}`}>{t(MODE_LABEL[r.mode])}</span>,
      },
      {
        key: 'remaining',
        title: t('qrManage.records.remaining'),
        width: 120,
        render: (_: unknown, r) =>
          r.remaining === null ? <Typography.Text type="secondary">{t('qrManage.records.noLimit')}</Typography.Text> : r.remaining,
      },
    ],
    [t, lang, mobile],
  );

  return (
    <div data-testid="qr-pwd-list-page">
      <ListPage
        title={t('qrManage.records.title')}
        extra={
          <Space wrap>
            <ExportButton
              testId="qr-records-export"
              disabled={rows.data.total === 0}
              body={() => ({ kind: 'pwd-records', filter: recordFilter(filter) })}
            />
            <RefreshButton onClick={rows.reload} testId="qr-records-reload" />
          </Space>
        }
        toolbar={
          <>
            <Typography.Paragraph type="secondary">{t('qrManage.records.help')}</Typography.Paragraph>
            <Space wrap className="dms-toolbar">
              <QuerySearch list={list} label={t('qrManage.records.search')} testId="qr-records-search" />
              <BoxIdFilter
                testId="qr-records-box"
                label={t('qrManage.records.boxId')}
                value={filter.boxId}
                onChange={(boxId) => {
                  list.setFilter({ boxId });
                }}
              />
              <ChoiceFilter
                testId="qr-records-mode"
                label={t('qrManage.records.mode')}
                all={t('qrManage.records.allModes')}
                width={190}
                value={filter.mode}
                values={PASSWORD_MODE_NAMES}
                labelOf={(mode) => t(MODE_LABEL[mode])}
                onChange={(mode) => {
                  list.setFilter({ mode });
                }}
              />
              <TimeRangeFilter
                testId="qr-records-range"
                label={t('qrManage.records.range')}
                placeholder={[t('qrManage.records.rangeFrom'), t('qrManage.records.rangeTo')]}
                from={filter.from}
                to={filter.to}
                onChange={(range) => {
                  list.setFilter(range);
                }}
              />
            </Space>
            {totals.length > 0 && <RecordTotals totals={totals} />}
          </>
        }
        list={list}
        page={rows}
        columns={columns}
        data-testid="qr-records-table"
        rowKey="id"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('qrManage.records.empty')} /> }}
        scroll={{ x: tableWidth(columns) }}
        showTotal={(total) => t('qrManage.records.total', { total })}
      />
    </div>
  );
}
