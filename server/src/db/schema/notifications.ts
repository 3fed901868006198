import type { Generated } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  device_id: number;
  type: string;
  status: string;
  time: number;
}

export interface NotificationRecipientsTable {
  user_id: number;
  notification_id: number;
  read_at: number | null;
}

/** Notifications of a device's change of condition, and who receives each (migration 0004). */
export interface NotificationTables {
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
}
