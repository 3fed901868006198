import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { BoxLinkRow } from '@dms/contract';
import { useEffect, useMemo, useState } from 'react';
import { getBoxLinks } from '../../../api/box-reg';
import { useI18n } from '../../../i18n';
import { formatTime } from '../../../lib/format-time';
import { LINK_TYPE_COLOR, linkTypeLabel, PERMISSION_COLOR, permissionLabel } from '../labels';

/**
 * A box's registration detail (spec 3: device id, sharee, share source, registration type, permission, show value,
 * owners): one row for each device's owner and one for each current assignment, share or helper link. Loaded when
 * the row is expanded.
 */
export function BoxLinks({ boxId }: { boxId: number }) {
  const { t, lang } = useI18n();
  const [rows, setRows] = useState<BoxLinkRow[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const abort = new AbortController();
    setLoading(true);
    getBoxLinks(boxId, abort.signal)
      .then(setRows)
      .catch(() => undefined)
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [boxId]);

  const columns = useMemo<TableColumnsType<BoxLinkRow>>(
    () => [
      {
        key: 'device',
        title: t('boxReg.links.device'),
        render: (_: unknown, row) => (
          <span>
            #{row.deviceId} <Typography.Text type="secondary">· {t('boxReg.links.controller', { controller: row.controller })}</Typography.Text>
          </span>
        ),
      },
      { key: 'sharee', title: t('boxReg.links.sharee'), dataIndex: 'sharee' },
      {
        key: 'shareSource',
        title: t('boxReg.links.shareSource'),
        dataIndex: 'shareSource',
        render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text>,
      },
      {
        key: 'type',
        title: t('boxReg.links.type'),
        dataIndex: 'type',
        render: (v: BoxLinkRow['type']) => <Tag color={LINK_TYPE_COLOR[v]}>{linkTypeLabel(t, v)}</Tag>,
      },
      {
        key: 'permission',
        title: t('boxReg.links.permission'),
        dataIndex: 'permission',
        render: (v: BoxLinkRow['permission']) => <Tag color={PERMISSION_COLOR[v]}>{permissionLabel(t, v)}</Tag>,
      },
      {
        key: 'showValue',
        title: t('boxReg.links.showValue'),
        dataIndex: 'showValue',
        render: (v: boolean) => (v ? t('boxReg.links.yes') : t('boxReg.links.no')),
      },
      { key: 'owners', title: t('boxReg.links.owners'), dataIndex: 'owners' },
      { key: 'since', title: t('boxReg.links.since'), dataIndex: 'since', render: (v: number) => formatTime(v, lang) },
    ],
    [t, lang],
  );

  return (
    <div className="dms-box-reg-links">
      <Typography.Text strong className="dms-box-reg-links-title">
        {t('boxReg.links.title', { boxId })}
      </Typography.Text>
      <Table<BoxLinkRow>
        data-testid="box-reg-links"
        size="small"
        rowKey={(row) => `${row.deviceId}:${row.type}:${row.sharee}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('boxReg.links.empty') }}
      />
    </div>
  );
}
