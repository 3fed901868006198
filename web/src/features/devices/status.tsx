import {
  CheckCircleFilled,
  CloseCircleFilled,
  DisconnectOutlined,
  ExclamationCircleFilled,
  QuestionCircleFilled,
  WarningFilled,
} from '@ant-design/icons';
import { Tag } from 'antd';
import type { DeviceStatus, SpecificStatus } from '@dms/contract';
import type { ComponentType, CSSProperties } from 'react';
import { useI18n, type Translate } from '@/i18n';

/**
 * The one place device statuses get their colour, icon and name (the list, the detail, history pages, the map, the
 * dashboard and the large screen all use these): online green, offline grey, alert orange/gold, fault red,
 * unregistered purple. The offline variants of alert and fault are the darker shade of the same colour.
 */
export const STATUS_HEX: Record<DeviceStatus, string> = {
  online: '#52c41a',
  offline: '#8c8c8c',
  alert: '#fa8c16',
  online_alert: '#fa8c16',
  offline_alert: '#d48806',
  fault: '#f5222d',
  online_fault: '#f5222d',
  offline_fault: '#a8071a',
  unregistered: '#722ed1',
};

/** antd Tag preset colour of each status. */
export const STATUS_TAG_COLOR: Record<DeviceStatus, string> = {
  online: 'success',
  offline: 'default',
  alert: 'orange',
  online_alert: 'orange',
  offline_alert: 'gold',
  fault: 'red',
  online_fault: 'red',
  offline_fault: 'volcano',
  unregistered: 'purple',
};

/** Icon components of each status (they take a style, e.g. their colour). */
export const STATUS_ICON: Record<DeviceStatus, ComponentType<{ style?: CSSProperties; className?: string }>> = {
  online: CheckCircleFilled,
  offline: DisconnectOutlined,
  alert: WarningFilled,
  online_alert: WarningFilled,
  offline_alert: ExclamationCircleFilled,
  fault: CloseCircleFilled,
  online_fault: CloseCircleFilled,
  offline_fault: CloseCircleFilled,
  unregistered: QuestionCircleFilled,
};

/** The specific statuses in the order lists and charts show them. */
export const SPECIFIC_STATUSES: readonly SpecificStatus[] = [
  'online',
  'offline',
  'online_alert',
  'offline_alert',
  'online_fault',
  'offline_fault',
  'unregistered',
];

/** The translated name of a status (or status group). */
export function statusLabel(t: Translate, status: DeviceStatus): string {
  return t(`devices.status.${status}`);
}

/** A status as a coloured tag with its icon and name; `data-status` carries the status for tests. */
export function StatusTag({ status, testId }: { status: DeviceStatus; testId?: string }) {
  const { t } = useI18n();
  const Icon = STATUS_ICON[status];
  return (
    <Tag color={STATUS_TAG_COLOR[status]} icon={<Icon />} data-status={status} data-testid={testId} className="dms-status-tag">
      {statusLabel(t, status)}
    </Tag>
  );
}

/** Just the icon of a status in its colour, with the name as its accessible label and tooltip. */
export function StatusIcon({ status }: { status: DeviceStatus }) {
  const { t } = useI18n();
  const Icon = STATUS_ICON[status];
  const label = statusLabel(t, status);
  return (
    <span role="img" aria-label={label} title={label} data-status={status} style={{ color: STATUS_HEX[status] }}>
      <Icon />
    </span>
  );
}
