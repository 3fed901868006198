import { Tag, Typography, type TableColumnsType } from 'antd';
import type { BoxRegRow } from '@dms/contract';
import { useMemo } from 'react';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { CONNECTION_COLOR, connectionLabel } from '../labels';

const NONE = <Typography.Text type="secondary">—</Typography.Text>;

/** The registered boxes' columns (spec 3): who has the box, its push settings, its connection and its registration. */
export function useBoxRegColumns(): TableColumnsType<BoxRegRow> {
  const { t, lang } = useI18n();
  return useMemo<TableColumnsType<BoxRegRow>>(() => {
    const time = (v: number | null) => (v === null ? NONE : formatTime(v, lang));
    const text = (v: string | null) => (v ? v : NONE);
    return [
      { key: 'boxId', title: t('boxRegInfo.column.boxId'), dataIndex: 'boxId', width: 120, fixed: 'left' },
      { key: 'owner', title: t('boxRegInfo.column.owner'), dataIndex: 'owner', width: 140, ellipsis: true },
      { key: 'boxType', title: t('boxRegInfo.column.boxType'), dataIndex: 'boxType', width: 120, ellipsis: true },
      { key: 'companyName', title: t('boxRegInfo.column.companyName'), dataIndex: 'companyName', width: 160, ellipsis: true, render: text },
      { key: 'ck', title: t('boxRegInfo.column.ck'), dataIndex: 'ck', width: 80, render: text },
      { key: 'contact', title: t('boxRegInfo.column.contact'), dataIndex: 'contact', width: 140, ellipsis: true, render: text },
      {
        key: 'push',
        title: t('boxRegInfo.column.push'),
        children: [
          { key: 'pushWarning', title: t('boxRegInfo.column.pushWarning'), dataIndex: 'pushWarning', width: 90, align: 'center' },
          { key: 'pushFault', title: t('boxRegInfo.column.pushFault'), dataIndex: 'pushFault', width: 90, align: 'center' },
          { key: 'pushNormal', title: t('boxRegInfo.column.pushNormal'), dataIndex: 'pushNormal', width: 110, align: 'center' },
        ],
      },
      {
        key: 'connection',
        title: t('boxRegInfo.column.connection'),
        dataIndex: 'connection',
        width: 150,
        render: (v: BoxRegRow['connection']) => (
          <Tag color={CONNECTION_COLOR[v]} data-connection={v}>
            {connectionLabel(t, v)}
          </Tag>
        ),
      },
      { key: 'lastSeen', title: t('boxRegInfo.column.lastSeen'), dataIndex: 'lastSeen', width: 180, render: time },
      { key: 'ip', title: t('boxRegInfo.column.ip'), dataIndex: 'ip', width: 140, render: text },
      { key: 'devices', title: t('boxRegInfo.column.devices'), dataIndex: 'devices', width: 110, align: 'right' },
      { key: 'registeredAt', title: t('boxRegInfo.column.registeredAt'), dataIndex: 'registeredAt', width: 180, render: time },
      { key: 'registeredBy', title: t('boxRegInfo.column.registeredBy'), dataIndex: 'registeredBy', width: 150, ellipsis: true },
    ];
  }, [t, lang]);
}
