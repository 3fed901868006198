import { Tag } from 'antd';
import { DEVICE_STATUSES, type DeviceStatus, type NotificationKind } from '@dms/contract';
import { StatusTag } from '@/features/devices/status';
import { useI18n } from '@/i18n';
import type { Translate } from '@/i18n/types';

export const KIND_COLOR: Record<NotificationKind, string> = {
  recover: 'green',
  fault: 'red',
  alert: 'orange',
  fault_alert: 'volcano',
  offline: 'default',
  online: 'cyan',
  event: 'purple',
};

/** A notification's type, coloured: faults red, alerts orange, recoveries green. */
export function KindTag({ kind, testId }: { kind: NotificationKind; testId?: string }) {
  const { t } = useI18n();
  return (
    <Tag color={KIND_COLOR[kind]} data-testid={testId} data-kind={kind}>
      {t(`notifications.kind.${kind}`)}
    </Tag>
  );
}

function isDeviceStatus(status: string): status is DeviceStatus {
  return (DEVICE_STATUSES as readonly string[]).includes(status);
}

/** A notification's status: the device's (a status tag), or a rule event's phase in words. */
export function NotificationStatus({ status, testId }: { status: string; testId?: string }) {
  const { t } = useI18n();
  if (isDeviceStatus(status)) return <StatusTag status={status} testId={testId} />;
  return <span data-testid={testId}>{t(`notifications.phase.${status === 'ended' ? 'ended' : 'started'}`)}</span>;
}

/** One line of what a notification says: its type, the device and, for a rule's event, the rule. */
export function notificationTitle(
  t: Translate,
  n: { kind: NotificationKind; boxId: number; controller: number; rule: string | null },
): string {
  const what = n.kind === 'event' && n.rule ? n.rule : t(`notifications.kind.${n.kind}`);
  return `${what} · ${n.boxId}/${n.controller}`;
}
