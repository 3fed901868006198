import type { Generated } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  device_id: number;
  /** The contract's NotificationKind. */
  type: string;
  /** The device's status after the change; `started` or `ended` for a rule's event. */
  status: string;
  time: number;
  /** The rule's event it tells of (0: a change of status). */
  event_id: Generated<number>;
  severity: string | null;
  changes: Generated<number>;
  last_time: number;
  /** How many pushes the box's registration asks for this kind (its push times). */
  push_limit: number;
  /** The card kinds: the card's facts (the contract's CardFacts, JSON). */
  note: string | null;
}

export interface NotificationRecipientsTable {
  user_id: number;
  notification_id: number;
  read_at: number | null;
  /** 1 when the recipient reads the device's values (0: a sub-manager below hid them). */
  data: Generated<number>;
  acked_at: number | null;
  pushes: Generated<number>;
  /** When the next repeat is due (null: none; acknowledged, recovered, or all pushes made). */
  next_push_at: number | null;
}

export interface NotifyPrefsTable {
  user_id: number;
  prefs: string;
  updated_at: number;
}

export interface NotifySettingsTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string;
}

export interface NotifyTemplatesTable {
  kind: string;
  language: string;
  subject: string;
  body: string;
  updated_at: number;
  updated_by: string;
}

export interface NotifyWebhooksTable {
  id: Generated<number>;
  name: string;
  url: string;
  secret: string;
  /** JSON array of NotificationKind. */
  kinds: string;
  enabled: number;
  created_at: number;
}

export interface NotifyDeliveriesTable {
  id: Generated<number>;
  /** What makes it once: notification, recipient or endpoint, channel and push. */
  once_key: string;
  notification_id: number | null;
  user_id: number | null;
  webhook_id: number | null;
  channel: string;
  target: string;
  push: number;
  /** pending, sending, sent, failed, skipped. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  claimed_until: number | null;
  /** JSON: what is sent (subject and text, or the webhook's body). */
  payload: string;
  created_at: number;
}

export interface NotifyAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  time: number;
  outcome: string;
  error: string;
}

/** Notifications, their recipients, and how they are delivered (migrations 0004, 0020). */
export interface NotificationTables {
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notify_prefs: NotifyPrefsTable;
  notify_settings: NotifySettingsTable;
  notify_templates: NotifyTemplatesTable;
  notify_webhooks: NotifyWebhooksTable;
  notify_deliveries: NotifyDeliveriesTable;
  notify_attempts: NotifyAttemptsTable;
  announcements: AnnouncementsTable;
  announcement_targets: AnnouncementTargetsTable;
  announcement_reads: AnnouncementReadsTable;
}

/** Root's announcements (issue 22): `texts` is the contract's AnnouncementTexts as JSON; `pin` 0 none, 1 top, 2 super top. */
export interface AnnouncementsTable {
  id: Generated<number>;
  /** The contract's AnnouncementType. */
  type: string;
  pin: number;
  texts: string;
  /** Every title and text, lower-case: what root's search looks in. */
  words: string;
  expires_at: number | null;
  withdrawn_at: number | null;
  /** Who wrote it (a name, kept when the account goes). */
  author: string;
  created_at: number;
  updated_at: number;
}

/** An announcement's chosen devices (type device) or people (type personal): one of the two per row. */
export interface AnnouncementTargetsTable {
  announcement_id: number;
  device_id: number | null;
  user_id: number | null;
}

export interface AnnouncementReadsTable {
  announcement_id: number;
  user_id: number;
  read_at: number;
}
