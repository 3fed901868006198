import { DEVICE_STATUSES, NOTIFICATION_KINDS, type DeviceStatus, type NotificationKind, type NotificationListQuery } from '@dms/contract';
import { idParam, oneOfParam, textParam, type ListParams, type ListSpec } from '@/components/list-page/list-params';

export const READ_STATES = ['read', 'unread'] as const;

export interface NotificationFilter {
  /** A box number or a company. */
  q: string | undefined;
  kind: NotificationKind | undefined;
  status: DeviceStatus | undefined;
  read: (typeof READ_STATES)[number] | undefined;
  /** Changes in [from, to] (ms). */
  from: number | undefined;
  to: number | undefined;
}

/** The list's filters as the URL keeps them (`?kind=fault&read=unread&from=…`); newest first. */
export const NOTIFICATION_LIST: ListSpec<NotificationFilter> = {
  filter: {
    q: textParam(64),
    kind: oneOfParam(NOTIFICATION_KINDS),
    status: oneOfParam(DEVICE_STATUSES),
    read: oneOfParam(READ_STATES),
    from: idParam(),
    to: idParam(),
  },
};

export function notificationQuery({ filter, page, pageSize }: ListParams<NotificationFilter>): NotificationListQuery {
  const { q, kind, status, read, from, to } = filter;
  return {
    ...(q ? { q } : {}),
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(read ? { read } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    page,
    page_size: pageSize,
  };
}
