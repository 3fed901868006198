import { Tag } from 'antd';
import {
  CARD_REMINDERS,
  DEVICE_STATUSES,
  type CardFacts,
  type CardReminder,
  type DeviceStatus,
  type NotificationKind,
} from '@dms/contract';
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
  card: 'gold',
  feedback: 'blue',
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

/**
 * A notification's status: the device's (a status tag), a rule event's phase in words, when a card expires, or the
 * answer to renewal feedback with its reply.
 */
export function NotificationStatus({
  kind,
  status,
  card,
  testId,
}: {
  kind: NotificationKind;
  status: string;
  card: CardFacts | null;
  testId?: string;
}) {
  const { t } = useI18n();
  if (kind === 'card' && isReminder(status)) return <span data-testid={testId}>{t(`notifications.cardStatus.${status}`)}</span>;
  if (kind === 'feedback')
    return (
      <span data-testid={testId}>
        <Tag color={status === 'done' ? 'green' : 'red'}>
          {t(`notifications.feedbackStatus.${status === 'done' ? 'done' : 'declined'}`)}
        </Tag>
        {card?.reply}
      </span>
    );
  if (isDeviceStatus(status)) return <StatusTag status={status} testId={testId} />;
  return <span data-testid={testId}>{t(`notifications.phase.${status === 'ended' ? 'ended' : 'started'}`)}</span>;
}

function isReminder(status: string): status is CardReminder {
  return Object.hasOwn(CARD_REMINDERS, status);
}

/** One line of what a notification says: its type, the device (a card's: the card and box) and, for a rule's event, the rule. */
export function notificationTitle(
  t: Translate,
  n: { kind: NotificationKind; boxId: number; controller: number; rule: string | null; card: CardFacts | null },
): string {
  const what = n.kind === 'event' && n.rule ? n.rule : t(`notifications.kind.${n.kind}`);
  if (n.card) return `${what} · ${t('notifications.card', { iccid: n.card.iccid, box: n.boxId })}`;
  return `${what} · ${n.boxId}/${n.controller}`;
}
