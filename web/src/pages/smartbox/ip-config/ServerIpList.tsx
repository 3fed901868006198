import { Typography, type TableColumnsType } from 'antd';
import { api, type ServerIpRow } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '@/api/call';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { ExportButton } from '@/components/list-page/ExportButton';
import { ListPage } from '@/components/list-page/ListPage';
import { QuerySearch } from '@/components/list-page/QuerySearch';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

/**
 * The box server-IP table (spec 3; root): the address each box is told, when it was added and last changed, by box
 * number; filtered by box and by a part of the address; exported as .xlsx (kind `server-ips`) with the same filter.
 */
export function ServerIpList() {
  const { t, lang } = useI18n();
  const list = useListState<{ boxId: number | undefined; q: string | undefined }>({ boxId: undefined, q: undefined });
  const { filter, page, pageSize } = list.params;
  const query = { ...(filter.boxId === undefined ? {} : { boxId: filter.boxId }), ...(filter.q ? { address: filter.q } : {}) };
  const rows = usePagedQuery(endpointQuery(api.smartbox.serverIps, { query: { ...query, page, page_size: pageSize } }));

  const columns = useMemo<TableColumnsType<ServerIpRow>>(
    () => [
      { key: 'box', title: t('moves.ips.box'), width: 140, render: (_: unknown, r) => <Link to={boxPath(r.boxId)}>{r.boxId}</Link> },
      {
        key: 'address',
        title: t('moves.ips.address'),
        width: 240,
        render: (_: unknown, r) => <span data-testid={`server-ip-${r.boxId}`}>{r.address}</span>,
      },
      { key: 'added', title: t('moves.ips.added'), width: 180, render: (_: unknown, r) => formatTime(r.addedAt, lang) },
      { key: 'updated', title: t('moves.ips.updated'), width: 180, render: (_: unknown, r) => formatTime(r.updatedAt, lang) },
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('moves.ips.title')}
      extra={<ExportButton testId="server-ips-export" disabled={rows.data.total === 0} body={{ kind: 'server-ips', filter: query }} />}
      toolbar={
        <div className="dms-toolbar">
          <Typography.Paragraph type="secondary">{t('moves.ips.help')}</Typography.Paragraph>
          <BoxIdFilter
            testId="server-ips-filter-box"
            label={t('moves.ips.boxFilter')}
            value={filter.boxId}
            onChange={(boxId) => {
              list.setFilter({ boxId });
            }}
          />
          <QuerySearch list={list} label={t('moves.ips.address')} testId="server-ips-search" width={220} />
        </div>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="server-ips-table"
      rowKey="boxId"
      scroll={{ x: tableWidth(columns) }}
      showTotal={(total) => t('moves.ips.total', { total })}
    />
  );
}
