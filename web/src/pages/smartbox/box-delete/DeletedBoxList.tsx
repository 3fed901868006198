import { Typography, type TableColumnsType } from 'antd';
import { api, type DeletedBoxRow } from '@dms/contract';
import { useMemo } from 'react';
import { call, endpointQuery } from '@/api/call';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { DeleteRowButton } from '@/components/list-page/DeleteRowButton';
import { ListPage } from '@/components/list-page/ListPage';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { DELETE_CHANGES } from './changes';

const DAY_MS = 86_400_000;

/**
 * The deleted boxes (root): each restorable until it is purged, soonest first, with who deleted it and when. A restore
 * asks first; the box and its devices are back for everyone who reached them.
 */
export function DeletedBoxList() {
  const { t, lang } = useI18n();
  const list = useListState<{ boxId: number | undefined }>({ boxId: undefined });
  const { filter, page, pageSize } = list.params;
  const query = filter.boxId === undefined ? {} : { boxId: filter.boxId };
  const rows = usePagedQuery(endpointQuery(api.smartbox.deletedBoxes, { query: { ...query, page, page_size: pageSize } }));
  // Days left as of when the rows were read.
  const now = rows.loadedAt;

  const columns = useMemo<TableColumnsType<DeletedBoxRow>>(
    () => [
      {
        key: 'box',
        title: t('boxDelete.form.box'),
        width: 130,
        render: (_: unknown, r) => <span data-testid={`deleted-box-${r.boxId}`}>{r.boxId}</span>,
      },
      { key: 'owner', title: t('boxDelete.owner'), width: 150, dataIndex: 'owner' },
      { key: 'company', title: t('boxDelete.company'), width: 200, ellipsis: true, dataIndex: 'company' },
      { key: 'devices', title: t('boxDelete.counts.devices'), width: 90, dataIndex: 'devices' },
      {
        key: 'deleted',
        title: t('boxDelete.list.deleted'),
        width: 220,
        render: (_: unknown, r) => `${formatTime(r.deletedAt, lang)} · ${r.deletedBy}`,
      },
      {
        key: 'purge',
        title: t('boxDelete.list.purgeAt'),
        width: 220,
        render: (_: unknown, r) => (
          <span>
            {formatTime(r.purgeAt, lang)}{' '}
            <Typography.Text type="secondary">
              ({t('boxDelete.list.daysLeft', { days: Math.max(0, Math.ceil((r.purgeAt - now) / DAY_MS)) })})
            </Typography.Text>
          </span>
        ),
      },
      {
        key: 'actions',
        title: t('boxDelete.list.actions'),
        width: 110,
        fixed: 'right',
        render: (_: unknown, r) => (
          <DeleteRowButton
            danger={false}
            confirm={t('boxDelete.list.restoreConfirm', { box: r.boxId, devices: r.devices })}
            label={t('boxDelete.list.restore')}
            testId={`restore-box-${r.boxId}`}
            okTestId="restore-box-ok"
            remove={() => call(api.smartbox.restoreBox, { params: { boxId: r.boxId } })}
            deleted={t('boxDelete.list.restored', { box: r.boxId })}
            invalidates={DELETE_CHANGES}
            list={list}
            rowsOnPage={rows.data.items.length}
          />
        ),
      },
    ],
    [t, lang, list, now, rows.data.items.length],
  );

  return (
    <ListPage
      title={t('boxDelete.list.title')}
      toolbar={
        <div className="dms-toolbar">
          <Typography.Paragraph type="secondary">{t('boxDelete.list.help')}</Typography.Paragraph>
          <BoxIdFilter
            testId="deleted-boxes-filter-box"
            label={t('boxDelete.form.box')}
            value={filter.boxId}
            onChange={(boxId) => {
              list.setFilter({ boxId });
            }}
          />
        </div>
      }
      list={list}
      page={rows}
      columns={columns}
      data-testid="deleted-boxes-table"
      rowKey="boxId"
      scroll={{ x: tableWidth(columns) }}
      showTotal={(total) => t('boxDelete.list.total', { total })}
    />
  );
}
