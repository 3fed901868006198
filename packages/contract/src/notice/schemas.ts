import { z } from 'zod';
import { pageOf, pageQuery } from '../envelope.js';
import { LANGUAGES, languageSchema } from '../i18n.js';
import { NOTIFICATION_KINDS, notifyChoices } from '../msg/schemas.js';
import { trimmedText } from '../validation.js';

/** Root's side of notifications (/notice/notification-management, /notice/notification-log; issue 22). */

// ---- Defaults and pace ----

export const notifySettings = z.object({
  /** What a user who has not chosen is told, and how. */
  defaults: notifyChoices,
  /** Minutes between repeats of a notification not yet acknowledged (the box's push times say how many). */
  repeatMinutes: z.number().int().min(1, 'validation.notify.repeat').max(1440, 'validation.notify.repeat'),
  /** A device with this many notifications within the window flaps: later changes fold into its last one. */
  flapThreshold: z.number().int().min(2, 'validation.notify.flap').max(100, 'validation.notify.flap'),
  flapWindowMinutes: z.number().int().min(1, 'validation.notify.flap').max(1440, 'validation.notify.flap'),
});
export type NotifySettings = z.infer<typeof notifySettings>;

// ---- E-mail ----

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
const host = z
  .string()
  .trim()
  .max(253, 'validation.field.tooLong')
  .regex(/^[A-Za-z0-9.-]*$/, 'validation.notify.host');
const sender = z.string().trim().max(254, 'validation.field.tooLong').pipe(z.email('validation.notify.email'));
/** The SMTP server as root saw it: the password never leaves the server. `fromEnv`: read from SMTP_URL, not saved. */
export const smtpView = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z.enum(SMTP_SECURITY),
  user: z.string(),
  hasPassword: z.boolean(),
  from: z.string(),
  fromEnv: z.boolean(),
});
export type SmtpView = z.infer<typeof smtpView>;
/** Saving: an empty host turns e-mail off; `password` left out keeps the one stored. */
export const smtpBody = z
  .object({
    host,
    port: z.number().int().min(1, 'validation.notify.port').max(65535, 'validation.notify.port'),
    security: z.enum(SMTP_SECURITY),
    user: trimmedText(128),
    password: z.string().max(256, 'validation.field.tooLong').optional(),
    from: z.union([z.literal(''), sender]),
  })
  .refine((s) => s.host === '' || s.from !== '', { message: 'validation.notify.sender', path: ['from'] });
export type SmtpBody = z.input<typeof smtpBody>;
export const smtpTestBody = z.object({ to: sender });
export const testResult = z.object({ ok: z.boolean(), detail: z.string() });

// ---- Webhooks ----

const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'validation.field.tooLong')
  .refine((u) => URL.canParse(u) && ['https:', 'http:'].includes(new URL(u).protocol), 'validation.notify.url');
export const webhookBody = z.object({
  name: trimmedText(64).pipe(z.string().min(1, 'validation.notify.webhookName')),
  url: webhookUrl,
  kinds: z.array(z.enum(NOTIFICATION_KINDS)).min(1, 'validation.notify.kinds').max(NOTIFICATION_KINDS.length),
  enabled: z.boolean(),
});
export type WebhookBody = z.input<typeof webhookBody>;
export const webhookRow = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  enabled: z.boolean(),
  /** The secret's last four characters, to tell it apart; the whole is shown once, when made. */
  secretHint: z.string(),
  createdAt: z.number().int(),
});
export type WebhookRow = z.infer<typeof webhookRow>;
/** A new webhook, or a new secret: shown this once. */
export const webhookWithSecret = z.object({ webhook: webhookRow, secret: z.string() });
export const webhookParams = z.object({ id: z.coerce.number().int().positive() });
export const channelsView = z.object({ smtp: smtpView, webhooks: z.array(webhookRow) });
export type ChannelsView = z.infer<typeof channelsView>;

// ---- Templates ----

/** What a template may put in (docs/notifications.md). */
export const TEMPLATE_PLACEHOLDERS = [
  'device',
  'box',
  'controller',
  'company',
  'status',
  'time',
  'kind',
  'rule',
  'changes',
  'link',
  'iccid',
  'expires',
  'reply',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const messageTemplateText = z.object({
  subject: trimmedText(200).pipe(z.string().min(1, 'validation.notify.subject')),
  body: z.string().max(4000, 'validation.field.tooLong').pipe(z.string().trim().min(1, 'validation.notify.body')),
});
export const messageTemplateParams = z.object({ kind: z.enum(NOTIFICATION_KINDS), language: languageSchema });
export const messageTemplateRow = messageTemplateText.extend({
  kind: z.enum(NOTIFICATION_KINDS),
  language: z.enum(LANGUAGES),
  /** Root changed it (false: the product's text). */
  custom: z.boolean(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRow>;
export const messageTemplateList = z.array(messageTemplateRow);
export const previewBody = messageTemplateText.extend({ kind: z.enum(NOTIFICATION_KINDS), language: languageSchema });
export const previewResult = z.object({ subject: z.string(), body: z.string() });

// ---- The log ----

export const DELIVERY_CHANNELS = ['email', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const ATTEMPT_OUTCOMES = ['sent', 'retrying', 'failed', 'skipped'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
const time = z.coerce.number({ error: 'validation.field.number' }).int('validation.field.number').min(0, 'validation.field.number');
export const deliveryFilter = z.object({
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  outcome: z.enum(ATTEMPT_OUTCOMES).optional(),
  /** User name (the recipient; a webhook has none). */
  user: z.string().trim().max(20, 'validation.field.tooLong').optional(),
  boxId: z.coerce
    .number({ error: 'validation.field.number' })
    .int('validation.field.number')
    .positive('validation.field.number')
    .optional(),
  from: time.optional(),
  to: time.optional(),
});
export const deliveryListQuery = pageQuery.extend(deliveryFilter.shape);
export type DeliveryListQuery = Partial<z.output<typeof deliveryListQuery>>;
/** One delivery attempt. */
export const attemptRow = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** The address or the webhook's name. */
  target: z.string(),
  username: z.string().nullable(),
  notificationId: z.number().int().nullable(),
  kind: z.enum(NOTIFICATION_KINDS).nullable(),
  boxId: z.number().int().nullable(),
  controller: z.number().int().nullable(),
  push: z.number().int(),
  attempt: z.number().int(),
  time: z.number().int(),
  outcome: z.enum(ATTEMPT_OUTCOMES),
  error: z.string(),
  /** Its delivery failed for good and may be sent again. */
  retryable: z.boolean(),
});
export type AttemptRow = z.infer<typeof attemptRow>;
export const attemptPage = pageOf(attemptRow);
export const deliveryParams = z.object({ id: z.coerce.number().int().positive() });
