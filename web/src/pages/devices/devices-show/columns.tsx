import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { DeviceListItem, DeviceStatus } from '@dms/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { boxPath, detailPath } from '@/features/devices/links';
import { StatusIcon, StatusTag } from '@/features/devices/status';
import { ReachTag } from '@/features/reach/ReachTag';
import { useI18n } from '@/i18n';
import { formatTime } from '@/lib/format-time';
import { ActiveFaults } from '../shared/ActiveFaults';
import type { OptionalColumn } from './column-choice';

type Column = TableColumnsType<DeviceListItem>[number];

const NONE = <Typography.Text type="secondary">—</Typography.Text>;
const text = (v: string | null) => (v ? v : NONE);

/** A plain text column of a field. */
function field(key: OptionalColumn, title: string, width: number, ellipsis = true): Column {
  return { key, title, dataIndex: key, width, ellipsis, render: text };
}

/**
 * The device list's columns: status and device (always), the chosen optional ones, and the links. On a phone the
 * status is its icon and nothing is fixed to the sides. Sorting is added by the list (the keys the server sorts by).
 */
export function useDeviceColumns(chosen: readonly OptionalColumn[], mobile: boolean): TableColumnsType<DeviceListItem> {
  const { t, lang } = useI18n();
  return useMemo(() => {
    const optional: Record<OptionalColumn, Column> = {
      reach: {
        key: 'reach',
        title: t('reach.column'),
        width: 130,
        render: (_: unknown, d: DeviceListItem) => <ReachTag compact reach={d.reach} testId={`device-reach-${d.boxId}-${d.controller}`} />,
      },
      company: field('company', t('devices.field.company'), 105),
      stationNo: field('stationNo', t('devices.field.stationNo'), 100),
      model: field('model', t('devices.field.model'), 90),
      type: {
        key: 'type',
        title: t('devices.field.type'),
        dataIndex: 'typeName',
        width: 110,
        ellipsis: true,
        render: (_: unknown, d: DeviceListItem) => (d.typeName ? d.typeName : d.typeCode ? d.typeCode : NONE),
      },
      runStatus: {
        key: 'runStatus',
        title: t('devices.field.runStatus'),
        dataIndex: 'runStatus',
        width: 110,
        render: (v: DeviceListItem['runStatus']) => (
          <Tag color={v === 'fault' ? 'red' : v === 'warning' ? 'orange' : 'green'}>{t(`devices.runStatus.${v}`)}</Tag>
        ),
      },
      owner: field('owner', t('devices.field.owner'), 130),
      remark: field('remark', t('devices.field.remark'), 200),
      iotModule: field('iotModule', t('devices.field.iotModule'), 140),
      iotModel: field('iotModel', t('devices.field.iotModel'), 150),
      iotCard: field('iotCard', t('devices.field.iotCard'), 190),
      installDate: field('installDate', t('devices.field.installDate'), 130, false),
      expiryDate: field('expiryDate', t('devices.field.expiryDate'), 130, false),
      location: {
        key: 'location',
        title: t('devices.field.location'),
        width: 115,
        ellipsis: true,
        render: (_: unknown, d: DeviceListItem) => text([d.province, d.city, d.area, d.street].filter(Boolean).join(' ')),
      },
      province: field('province', t('devices.field.province'), 110),
      city: field('city', t('devices.field.city'), 110),
      area: field('area', t('devices.field.area'), 110),
      street: field('street', t('devices.field.street'), 160),
      contact: field('contact', t('devices.field.contact'), 130),
      phone: field('phone', t('devices.field.phone'), 150, false),
      lastSeen: {
        key: 'lastSeen',
        title: t('devices.field.lastSeen'),
        dataIndex: 'lastSeen',
        width: 140,
        render: (v: number | null) => (v === null ? NONE : formatTime(v, lang)),
      },
    };
    return [
      {
        key: 'status',
        title: t('devices.field.status'),
        dataIndex: 'status',
        width: mobile ? 56 : 130,
        fixed: mobile ? undefined : 'left',
        render: (v: DeviceStatus, d: DeviceListItem) => (
          <span data-testid={`device-status-${d.boxId}-${d.controller}`} data-status={v}>
            {mobile ? <StatusIcon status={v} /> : <StatusTag status={v} />}
          </span>
        ),
      },
      {
        key: 'boxId',
        title: t('devices.field.device'),
        dataIndex: 'boxId',
        width: 110,
        fixed: mobile ? undefined : 'left',
        render: (_: unknown, d: DeviceListItem) => (
          <Link to={detailPath(d.kind, d.boxId, d.controller)} data-testid={`device-link-${d.boxId}-${d.controller}`}>
            {d.boxId} · {d.controller}
          </Link>
        ),
      },
      {
        key: 'activeFaults',
        title: t('devices.activeFaults.column'),
        width: mobile ? 220 : 140,
        render: (_: unknown, d: DeviceListItem) =>
          d.activeFaults.length === 0 ? (
            NONE
          ) : (
            <ActiveFaults faults={d.activeFaults} more={d.moreFaults} testId={`device-faults-${d.boxId}-${d.controller}`} />
          ),
      },
      ...chosen.map((c) => optional[c]),
      {
        key: 'actions',
        title: t('devices.list.actions'),
        width: mobile ? 90 : 100,
        fixed: mobile ? undefined : 'right',
        render: (_: unknown, d: DeviceListItem) => (
          <Space size={mobile ? 4 : 8} wrap>
            <Link to={detailPath(d.kind, d.boxId, d.controller)}>{t('devices.list.detail')}</Link>
            <Link to={boxPath(d.boxId)} data-testid={`box-link-${d.boxId}-${d.controller}`}>
              {t('devices.list.box')}
            </Link>
          </Space>
        ),
      },
    ];
  }, [t, lang, chosen, mobile]);
}
