import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { endpointQuery } from '@/api/call';
import { api, type BoxLinkRow } from '@dms/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { LINK_TYPE_COLOR, linkTypeLabel, PERMISSION_COLOR, permissionLabel } from '../labels';

const NO_ROWS: BoxLinkRow[] = [];

/**
 * A box's registration detail (spec 3: device id, sharee, share source, registration type, permission, show value,
 * owners): one row for each device's owner and one for each current assignment, share or helper link. Loaded when
 * the row is expanded.
 */
export function BoxLinks({ boxId }: { boxId: number }) {
  const { t, lang } = useI18n();
  const links = useQuery(endpointQuery(api.boxRegInfo.links, { params: { boxId } }));

  const columns = useMemo<TableColumnsType<BoxLinkRow>>(
    () => [
      {
        key: 'device',
        title: t('boxRegInfo.links.device'),
        // A device as people know it: box id / controller (its internal id is nobody's to read).
        render: (_: unknown, row) => <span data-testid={`box-reg-link-device-${row.deviceId}`}>{`${boxId}/${row.controller}`}</span>,
      },
      { key: 'sharee', title: t('boxRegInfo.links.sharee'), dataIndex: 'sharee' },
      {
        key: 'shareSource',
        title: t('boxRegInfo.links.shareSource'),
        dataIndex: 'shareSource',
        render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
      },
      {
        key: 'type',
        title: t('boxRegInfo.links.type'),
        dataIndex: 'type',
        render: (v: BoxLinkRow['type']) => <Tag color={LINK_TYPE_COLOR[v]}>{linkTypeLabel(t, v)}</Tag>,
      },
      {
        key: 'permission',
        title: t('boxRegInfo.links.permission'),
        dataIndex: 'permission',
        render: (v: BoxLinkRow['permission']) => <Tag color={PERMISSION_COLOR[v]}>{permissionLabel(t, v)}</Tag>,
      },
      {
        key: 'showValue',
        title: t('boxRegInfo.links.showValue'),
        dataIndex: 'showValue',
        render: (v: boolean) => (v ? t('boxRegInfo.links.yes') : t('boxRegInfo.links.no')),
      },
      { key: 'owners', title: t('boxRegInfo.links.owners'), dataIndex: 'owners' },
      { key: 'since', title: t('boxRegInfo.links.since'), dataIndex: 'since', render: (v: number) => formatTime(v, lang) },
    ],
    [t, lang, boxId],
  );

  return (
    <div className="dms-box-reg-links">
      <Typography.Text strong className="dms-box-reg-links-title">
        {t('boxRegInfo.links.title', { boxId })}
      </Typography.Text>
      <Table<BoxLinkRow>
        data-testid="box-reg-links"
        size="small"
        rowKey={(row) => `${row.deviceId}:${row.type}:${row.sharee}`}
        columns={columns}
        dataSource={links.data ?? NO_ROWS}
        loading={links.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('boxRegInfo.links.empty') }}
      />
    </div>
  );
}
