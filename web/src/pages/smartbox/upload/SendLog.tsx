import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { api, type FileSendRow } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { BoxIdFilter } from '@/components/list-page/BoxIdFilter';
import { endpointQuery } from '@/api/call';
import { ListPage } from '@/components/list-page/ListPage';
import { RefreshButton } from '@/components/list-page/RefreshButton';
import { tableWidth } from '@/components/list-page/table-width';
import { useListState } from '@/components/list-page/useListState';
import { usePagedQuery } from '@/components/list-page/usePagedQuery';
import { boxPath } from '@/features/devices/links';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { formatSize } from '@/lib/format-size';

/**
 * The upload log (root): every image a box downloaded, newest first, filtered by box number. Kept by the page, not the
 * URL (the images list beside it keeps its own filters there).
 */
export function SendLog() {
  const { t, lang } = useI18n();
  const list = useListState<{ boxId: number | undefined }>({ boxId: undefined });
  const { filter, page, pageSize } = list.params;
  const rows = usePagedQuery(
    endpointQuery(api.smartbox.fileSends, {
      query: { ...(filter.boxId === undefined ? {} : { boxId: filter.boxId }), page, page_size: pageSize },
    }),
  );

  const columns = useMemo<TableColumnsType<FileSendRow>>(
    () => [
      {
        key: 'boxId',
        title: t('firmware.upload.sends.box'),
        dataIndex: 'boxId',
        width: 130,
        render: (v: number) => <Link to={boxPath(v)}>{v}</Link>,
      },
      {
        key: 'image',
        title: t('firmware.upload.sends.image'),
        width: 260,
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <Tag color={r.kind === 'firmware' ? 'blue' : 'purple'}>{t(`firmware.upload.kinds.${r.kind}`)}</Tag>
            <span>{r.version}</span>
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.fileName }} style={{ maxWidth: 150 }}>
              {r.fileName}
            </Typography.Text>
          </Space>
        ),
      },
      {
        key: 'bytes',
        title: t('firmware.upload.sends.bytes'),
        dataIndex: 'bytes',
        width: 110,
        render: (v: number) => formatSize(v, lang),
      },
      { key: 'ip', title: t('firmware.upload.sends.ip'), dataIndex: 'ip', width: 150 },
      { key: 'at', title: t('firmware.upload.sends.at'), dataIndex: 'at', width: 190, render: (v: number) => formatTime(v, lang) },
    ],
    [t, lang],
  );

  return (
    <ListPage
      title={t('firmware.upload.sends.title')}
      extra={<RefreshButton onClick={rows.reload} testId="sends-reload" />}
      toolbar={
        <div className="dms-toolbar">
          <Typography.Paragraph type="secondary">{t('firmware.upload.sends.help')}</Typography.Paragraph>
          <BoxIdFilter
            testId="sends-filter-box"
            label={t('firmware.upload.sends.boxFilter')}
            width={200}
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
      data-testid="sends-table"
      rowKey="id"
      scroll={{ x: tableWidth(columns) }}
      showTotal={(total) => t('firmware.upload.sends.total', { total })}
    />
  );
}
