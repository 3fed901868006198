import { Space, type TableColumnsType } from 'antd';
import { api, type IpChangeRow, type IpLogQuery } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { endpointQuery } from '@/api/call';
import { ExportButton } from '@/components/list-page/ExportButton';
import { idParam, textParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { SearchInput } from '@/components/list-page/SearchInput';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { TimeRangeFilter } from '@/components/list-page/TimeRangeFilter';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

interface IpLogFilter {
  boxId: number | undefined;
  /** Part of the source or the destination IP. */
  ip: string | undefined;
  /** Changes in [from, to) (ms). */
  from: number | undefined;
  to: number | undefined;
}

/** The URL keeps the filters (`?boxId=…&ip=…&from=…&to=…`) with the page; newest first. */
const IP_LOG_LIST: ListSpec<IpLogFilter> = { filter: { boxId: idParam(), ip: textParam(45), from: idParam(), to: idParam() } };

/** The filters set, without paging: the list's query without its page, and the export's filter. */
function logFilter({ boxId, ip, from, to }: IpLogFilter): Omit<IpLogQuery, 'page' | 'page_size'> {
  return {
    ...(boxId !== undefined ? { boxId } : {}),
    ...(ip ? { ip } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

/**
 * /smartbox/ip-log (root): the boxes' IP changes, as recorded when a box connects from another address; by box, by part
 * of either IP and by when, newest first, and the same to .xlsx.
 */
export default function IpLogPage() {
  const { t, lang } = useI18n();
  const list = useListParams(IP_LOG_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.boxes.ipLog, { query: { ...logFilter(filter), page, page_size: pageSize } }));

  const columns = useMemo<TableColumnsType<IpChangeRow>>(
    () => [
      {
        key: 'boxId',
        title: t('smartbox.ipLog.boxId'),
        dataIndex: 'boxId',
        width: 140,
        render: (v: number) => <Link to={boxPath(v)}>{v}</Link>,
      },
      { key: 'sourceIp', title: t('smartbox.ipLog.sourceIp'), dataIndex: 'sourceIp', width: 180 },
      { key: 'destinationIp', title: t('smartbox.ipLog.destinationIp'), dataIndex: 'destinationIp', width: 180 },
      { key: 'time', title: t('smartbox.ipLog.time'), dataIndex: 'time', width: 190, render: (v: number) => formatTime(v, lang) },
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('smartbox.route.ipLog')}
      toolbar={
        <Space wrap className="dms-toolbar">
          <BoxIdFilter
            testId="ip-log-filter-boxid"
            label={t('smartbox.ipLog.boxId')}
            width={200}
            value={filter.boxId}
            onChange={(boxId) => {
              list.setFilter({ boxId });
            }}
          />
          <SearchInput
            data-testid="ip-log-filter-ip"
            aria-label={t('smartbox.ipLog.ip')}
            placeholder={t('smartbox.ipLog.ip')}
            maxLength={45}
            style={{ width: 200 }}
            value={filter.ip ?? ''}
            sanitize={(text) => text.replace(/[^0-9A-Fa-f.:]/g, '')}
            onSearch={(value) => {
              list.setFilter({ ip: IP_LOG_LIST.filter.ip.read(value) });
            }}
          />
          <TimeRangeFilter
            testId="ip-log-range"
            label={t('smartbox.ipLog.range')}
            placeholder={[t('smartbox.ipLog.rangeFrom'), t('smartbox.ipLog.rangeTo')]}
            from={filter.from}
            to={filter.to}
            onChange={(range) => {
              list.setFilter(range);
            }}
          />
        </Space>
      }
      extra={
        <Space wrap>
          <ExportButton
            testId="ip-log-export"
            disabled={rows.data.total === 0}
            body={() => ({ kind: 'ip-log', filter: logFilter(filter) })}
          />
          <RefreshButton onClick={rows.reload} testId="ip-log-reload" />
        </Space>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="ip-log-table"
      rowKey="id"
      scroll={{ x: 690 }}
      showTotal={(total) => t('smartbox.ipLog.total', { total })}
    />
  );
}
