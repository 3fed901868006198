import { Badge, Typography, type TableColumnsType } from 'antd';
import type { BoxConnectionRow, DeviceSummary, IpChangeRow } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { detailPath } from '@/features/devices/links';
import { StatusTag } from '@/features/devices/status';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';

const NONE = <Typography.Text type="secondary">—</Typography.Text>;
const KNOWN_EVENTS = new Set(['connect', 'disconnect', 'will', 'timeout']);

/** The box page's tables: its controllers (with their status), its connection history and its address changes. */
export function useBoxColumns() {
  const { t, lang } = useI18n();
  const controllerColumns = useMemo<TableColumnsType<DeviceSummary>>(
    () => [
      {
        key: 'controller',
        title: t('devices.field.controller'),
        dataIndex: 'controller',
        width: 130,
        render: (c: number, d: DeviceSummary) => (
          <Link to={detailPath(d.kind, d.boxId, d.controller)} data-testid={`box-controller-${c}`}>
            {t('devices.list.controllerNo', { controller: c })}
          </Link>
        ),
      },
      {
        key: 'status',
        title: t('devices.field.status'),
        dataIndex: 'status',
        width: 150,
        render: (s: DeviceSummary['status']) => <StatusTag status={s} />,
      },
      {
        key: 'type',
        title: t('devices.field.type'),
        width: 220,
        render: (_: unknown, d: DeviceSummary) => d.typeName ?? d.typeCode ?? NONE,
      },
      { key: 'company', title: t('devices.field.company'), dataIndex: 'company', width: 160, render: (v: string) => v || NONE },
      { key: 'model', title: t('devices.field.model'), dataIndex: 'model', width: 120, render: (v: string) => v || NONE },
      {
        key: 'lastSeen',
        title: t('devices.field.lastSeen'),
        dataIndex: 'lastSeen',
        width: 180,
        render: (v: number | null) => (v === null ? NONE : formatTime(v, lang)),
      },
    ],
    [t, lang],
  );
  const ipColumns = useMemo<TableColumnsType<IpChangeRow>>(
    () => [
      { key: 'time', title: t('devices.box.time'), dataIndex: 'time', width: 180, render: (v: number) => formatTime(v, lang) },
      { key: 'source', title: t('devices.box.sourceIp'), dataIndex: 'sourceIp', width: 160 },
      { key: 'destination', title: t('devices.box.destinationIp'), dataIndex: 'destinationIp', width: 160 },
    ],
    [t, lang],
  );
  const connectionColumns = useMemo<TableColumnsType<BoxConnectionRow>>(
    () => [
      { key: 'time', title: t('devices.box.time'), dataIndex: 'time', width: 180, render: (v: number) => formatTime(v, lang) },
      {
        key: 'event',
        title: t('devices.box.event'),
        dataIndex: 'event',
        width: 200,
        render: (v: string) => (
          <Badge
            status={v === 'connect' ? 'success' : v === 'disconnect' ? 'default' : 'error'}
            text={KNOWN_EVENTS.has(v) ? t(`devices.box.events.${v as 'connect'}`) : v}
            data-event={v}
          />
        ),
      },
      { key: 'ip', title: t('devices.box.ip'), dataIndex: 'ip', width: 160, render: (v: string) => v || NONE },
    ],
    [t, lang],
  );
  return { controllerColumns, ipColumns, connectionColumns };
}
