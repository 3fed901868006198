import { z } from 'zod';
import { DEVICE_STATUSES } from '../devices/schemas.js';
import { pageOf, pageQuery } from '../envelope.js';
import { isTimeZone, languageSchema } from '../i18n.js';

/**
 * Notifications (issue 22; docs/notifications.md): what a device's change tells the people who reach it. The spec's
 * four (spec 3, 4: recover, fault, alert, fault plus alert), the box going offline and coming back, a rule's event
 * (started or ended); and of a box's IoT card, its expiry coming (`card`: 30, 7 and 0 days before) and the answer to
 * the user's renewal feedback (`feedback`).
 */
export const NOTIFICATION_KINDS = ['recover', 'fault', 'alert', 'fault_alert', 'offline', 'online', 'event', 'card', 'feedback'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds about a box's IoT card, not a change of a device (pushed once, never repeated or folded). */
export const CARD_KINDS = ['card', 'feedback'] as const satisfies readonly NotificationKind[];
export type CardKind = (typeof CARD_KINDS)[number];
export const isCardKind = (kind: NotificationKind): kind is CardKind => (CARD_KINDS as readonly string[]).includes(kind);
/** A card reminder's status: its card expires in 30 days, in 7, or today. */
export const CARD_REMINDERS = { in_30_days: 30, in_7_days: 7, today: 0 } as const;
export type CardReminder = keyof typeof CARD_REMINDERS;

/** What a notification of a card kind tells of its card; for feedback's answer, the reply. */
export const cardFacts = z.object({ iccid: z.string(), expiresOn: z.string().nullable(), reply: z.string().nullable() });
export type CardFacts = z.infer<typeof cardFacts>;

/** Which of the box registration's push times (spec 3) a kind follows. */
export type PushClass = 'warning' | 'fault' | 'normal';
export function pushClassOf(
  kind: NotificationKind,
  severity: 'fault' | 'alert' | 'info' | null,
  phase: 'started' | 'ended' | null,
): PushClass {
  switch (kind) {
    case 'fault':
    case 'fault_alert':
    case 'offline':
      return 'fault';
    case 'alert':
      return 'warning';
    case 'event':
      if (phase === 'ended') return 'normal';
      return severity === 'fault' ? 'fault' : 'warning';
    default:
      return 'normal';
  }
}

/** What a user may be told by other ways than the console (where every notification of a chosen kind is kept). */
export const NOTIFY_CHANNELS = ['browser', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.notify.clock');
/** Quiet hours in the user's zone, `from` to `to` (over midnight when `to` is earlier). */
export const quietHours = z
  .object({ from: clock, to: clock })
  .refine((q) => q.from !== q.to, { message: 'validation.notify.quietSame', path: ['to'] });
export type QuietHours = z.infer<typeof quietHours>;

/** What root chooses for everyone who has not chosen (the defaults) and each user for themselves. */
export const notifyChoices = z.object({
  /** The kinds a user is told of at all; others are not kept for them. */
  kinds: z.array(z.enum(NOTIFICATION_KINDS)).min(1, 'validation.notify.kinds').max(NOTIFICATION_KINDS.length),
  browser: z.boolean(),
  email: z.boolean(),
  quietHours: quietHours.nullable(),
  /** A fault (fault, fault plus alert, offline, a fault rule's event) is sent during quiet hours too. */
  faultBreaksQuiet: z.boolean(),
});
export type NotifyChoices = z.infer<typeof notifyChoices>;

const email = z.string().trim().max(254, 'validation.field.tooLong').pipe(z.email('validation.notify.email'));
/** A user's own preferences: the choices, where e-mail goes, its language, and the zone quiet hours are in. */
export const notifyPrefs = notifyChoices
  .extend({
    emailAddress: z.union([z.literal(''), email]),
    language: languageSchema,
    timeZone: z.string().trim().max(64, 'validation.timeZone').refine(isTimeZone, 'validation.timeZone'),
  })
  .refine((p) => !p.email || p.emailAddress !== '', { message: 'validation.notify.emailNeeded', path: ['emailAddress'] });
export type NotifyPrefs = z.infer<typeof notifyPrefs>;
/** A user's preferences as read: their own, or (`own` false) root's defaults with their zone and language. */
export const notifyPrefsView = z.object({ own: z.boolean(), prefs: notifyPrefs });
export type NotifyPrefsView = z.infer<typeof notifyPrefsView>;
/** Saving: one's own choices, or `null` to follow root's defaults again. */
export const notifyPrefsBody = z.object({ prefs: notifyPrefs.nullable() });

/** One notification as its recipient sees it. */
export const notificationRow = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * The device's status after the change; for a rule's event, `started` or `ended`; for a card's expiry, a
   * `CardReminder`; for the answer to renewal feedback, `done` or `declined`.
   */
  status: z.string(),
  /** The card, for the card kinds (whose device is the first of the card's box). */
  card: cardFacts.nullable(),
  deviceId: z.number().int(),
  boxId: z.number().int(),
  controller: z.number().int(),
  company: z.string(),
  /** The device page's path in the console (by the device's kind). */
  path: z.string(),
  /** The rule's name and severity, for a rule's event. */
  rule: z.string().nullable(),
  severity: z.enum(['fault', 'alert', 'info']).nullable(),
  time: z.number().int(),
  /** A device that flapped: the changes folded into this one, and the last one's time. */
  changes: z.number().int(),
  lastTime: z.number().int(),
  readAt: z.number().int().nullable(),
  ackedAt: z.number().int().nullable(),
  /** Pushes made so far, of how many the box's registration asks for; repeats stop at acknowledgement or recovery. */
  pushes: z.number().int(),
  pushLimit: z.number().int(),
  repeating: z.boolean(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

const time = z.coerce.number({ error: 'validation.field.number' }).int('validation.field.number').min(0, 'validation.field.number');
export const notificationFilter = z.object({
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  read: z.enum(['read', 'unread']).optional(),
  from: time.optional(),
  to: time.optional(),
  /** Box number, or company. */
  q: z.string().trim().max(64, 'validation.field.tooLong').optional(),
});
export const notificationListQuery = pageQuery.extend(notificationFilter.shape);
export type NotificationListQuery = Partial<z.output<typeof notificationListQuery>>;
export const notificationPage = pageOf(notificationRow);
export type NotificationPage = z.infer<typeof notificationPage>;
export const notificationParams = z.object({ id: z.coerce.number().int().positive() });
export const unreadCount = z.object({ count: z.number().int() });

/** Mark some read (`ids`), or every one (`all`). */
export const markReadBody = z
  .object({ ids: z.array(z.number().int().positive()).max(200).optional(), all: z.literal(true).optional() })
  .refine((b) => (b.ids !== undefined && b.ids.length > 0) !== (b.all === true), { message: 'validation.notify.markRead', path: ['ids'] });
export const markReadResult = z.object({ updated: z.number().int() });
