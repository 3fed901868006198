import { Space, type TableColumnsType } from 'antd';
import { api, type IpChangeRow } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { idParam, type ListSpec } from '@/components/list-page/list-params';
import { ListPage } from '@/components/list-page/ListPage';
import { SearchInput } from '@/components/list-page/SearchInput';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { useListParams } from '@/components/list-page/useListParams';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

/** The URL keeps the box filter (`?boxId=…`) with the page; newest first. */
const IP_LOG_LIST: ListSpec<{ boxId: number | undefined }> = { filter: { boxId: idParam() } };

/** /smartbox/ip-log (root): the boxes' IP changes, as recorded when a box connects from another address. */
export default function IpLogPage() {
  const { t, lang } = useI18n();
  const list = useListParams(IP_LOG_LIST);
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(endpointQuery(api.boxes.ipLog, { query: { ...filter, page, page_size: pageSize } }));

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
          <SearchInput
            data-testid="ip-log-filter-boxid"
            aria-label={t('smartbox.ipLog.boxId')}
            placeholder={t('smartbox.ipLog.boxId')}
            inputMode="numeric"
            maxLength={16}
            style={{ width: 200 }}
            value={filter.boxId === undefined ? '' : String(filter.boxId)}
            sanitize={(text) => text.replace(/\D/g, '').replace(/^0+/, '')}
            onSearch={(value) => {
              list.setFilter({ boxId: IP_LOG_LIST.filter.boxId.read(value) });
            }}
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
