import { randomBytes } from 'node:crypto';
import {
  canAccess,
  Code,
  LANGUAGES,
  message,
  NOTIFICATION_KINDS,
  TEMPLATE_PLACEHOLDERS,
  unknownPlaceholders,
  type AttemptRow,
  type ChannelsView,
  type Language,
  type MessageTemplateRow,
  type NotificationKind,
  type NotifySettings,
  type smtpBody,
  type webhookBody,
  type SmtpView,
  type WebhookRow,
} from '@dms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { chunksByCursor } from '../exports/chunks.js';
import { sendEmail } from '../msg/channels/email.js';
import { httpAllowed, postWebhook } from '../msg/channels/webhook.js';
import { defaultTemplate, render, type Templates } from '../msg/render.js';
import type { NotifyStore, SmtpConfig } from '../msg/settings.js';
import { attemptRows, attempts, toAttempt, type DeliveryFilter } from './delivery-log.js';
import { sample } from './sample.js';
import { newSecret, toWebhook, webhookNotFound } from './webhook-row.js';

/**
 * Root's notification management (/notice/notification-management, /notice/notification-log; docs/notifications.md):
 * the defaults and pace, the SMTP server and webhook endpoints with their tests, the message templates with a
 * preview, and the delivery log with retry. Each change is logged and goes out on the bus (`notifySettingsChanged`),
 * on which every instance drops what it cached.
 */
export class NoticeService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly store: NotifyStore,
    private readonly templates: Templates,
    private readonly audit: Audit,
    private readonly changed: () => void,
    private readonly kick: () => void,
    private readonly publicUrl: string,
  ) {}

  settings(): Promise<NotifySettings> {
    return this.store.settings();
  }

  async saveSettings(auth: AuthContext, body: NotifySettings, ip: string): Promise<NotifySettings> {
    const before = await this.store.settings();
    await this.store.saveSetting('settings', body, auth.user.username, this.now());
    this.changed();
    await this.audit.record({
      user: auth.user,
      action: 'notice.settings',
      oldValue: JSON.stringify(before),
      newValue: JSON.stringify(body),
      outcome: 'ok',
      ip,
    });
    return this.store.settings();
  }

  async channels(): Promise<ChannelsView> {
    const webhooks = await this.db.selectFrom('notify_webhooks').selectAll().orderBy('id').execute();
    return { smtp: await this.smtpView(), webhooks: webhooks.map(toWebhook) };
  }

  private async smtpView(): Promise<SmtpView> {
    const { config, fromEnv } = await this.store.smtp();
    const c = config ?? { host: '', port: 587, security: 'starttls' as const, user: '', password: '', from: '' };
    return { host: c.host, port: c.port, security: c.security, user: c.user, hasPassword: c.password !== '', from: c.from, fromEnv };
  }

  async saveSmtp(auth: AuthContext, body: z.output<typeof smtpBody>, ip: string): Promise<SmtpView> {
    const { config } = await this.store.smtp();
    const next: SmtpConfig = {
      host: body.host,
      port: body.port,
      security: body.security,
      user: body.user,
      password: body.password ?? config?.password ?? '',
      from: body.from,
    };
    await this.store.saveSetting('smtp', next, auth.user.username, this.now());
    this.changed();
    const shown = { ...next, password: next.password ? '***' : '' };
    await this.audit.record({ user: auth.user, action: 'notice.smtp', newValue: JSON.stringify(shown), outcome: 'ok', ip });
    return this.smtpView();
  }

  async testSmtp(to: string, lang: Language): Promise<{ ok: boolean; detail: string }> {
    const { config } = await this.store.smtp();
    if (!config) throw new AppError(Code.VALIDATION_FAILED, 'error.smtpOff');
    const sent = await sendEmail(config, {
      to,
      subject: message(lang, 'notice.test.subject'),
      text: message(lang, 'notice.test.body'),
      messageId: `<test-${randomBytes(8).toString('hex')}@dms>`,
    });
    return sent.ok ? { ok: true, detail: message(lang, 'notice.test.sent', { response: sent.detail }) } : sent;
  }

  private checkUrl(url: string): void {
    if (!httpAllowed(url)) throw new AppError(Code.VALIDATION_FAILED, 'error.webhookHttp');
  }

  async createWebhook(auth: AuthContext, body: z.output<typeof webhookBody>, ip: string) {
    this.checkUrl(body.url);
    const secret = newSecret();
    const row = await this.db
      .insertInto('notify_webhooks')
      .values({
        name: body.name,
        url: body.url,
        secret,
        kinds: JSON.stringify(body.kinds),
        enabled: body.enabled ? 1 : 0,
        created_at: this.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    this.changed();
    await this.audit.record({ user: auth.user, action: 'notice.webhookCreate', target: body.name, newValue: body.url, outcome: 'ok', ip });
    return { webhook: toWebhook(row), secret };
  }

  private async webhook(id: number) {
    const row = await this.db.selectFrom('notify_webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw webhookNotFound(id);
    return row;
  }

  async updateWebhook(auth: AuthContext, id: number, body: z.output<typeof webhookBody>, ip: string): Promise<WebhookRow> {
    this.checkUrl(body.url);
    const before = await this.webhook(id);
    const row = await this.db
      .updateTable('notify_webhooks')
      .set({ name: body.name, url: body.url, kinds: JSON.stringify(body.kinds), enabled: body.enabled ? 1 : 0 })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw webhookNotFound(id);
    this.changed();
    await this.audit.record({
      user: auth.user,
      action: 'notice.webhookUpdate',
      target: body.name,
      oldValue: JSON.stringify({ ...toWebhook(before), secretHint: undefined }),
      newValue: JSON.stringify({ ...toWebhook(row), secretHint: undefined }),
      outcome: 'ok',
      ip,
    });
    return toWebhook(row);
  }

  async rotateSecret(auth: AuthContext, id: number, ip: string) {
    const secret = newSecret();
    const row = await this.db.updateTable('notify_webhooks').set({ secret }).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw webhookNotFound(id);
    await this.audit.record({ user: auth.user, action: 'notice.webhookSecret', target: row.name, outcome: 'ok', ip });
    return { webhook: toWebhook(row), secret };
  }

  async removeWebhook(auth: AuthContext, id: number, ip: string): Promise<null> {
    const row = await this.webhook(id);
    await this.db.deleteFrom('notify_webhooks').where('id', '=', id).execute();
    this.changed();
    await this.audit.record({ user: auth.user, action: 'notice.webhookDelete', target: row.name, oldValue: row.url, outcome: 'ok', ip });
    return null;
  }

  async testWebhook(id: number, lang: Language): Promise<{ ok: boolean; detail: string }> {
    const row = await this.webhook(id);
    const body = JSON.stringify({
      delivery: 0,
      push: 0,
      attempt: 1,
      test: true,
      notification: { ...sample('fault', lang, this.now()), id: 0 },
    });
    const sent = await postWebhook(row.url, row.secret, 0, body);
    const status = /^HTTP (\d+)$/.exec(sent.detail)?.[1];
    return { ok: sent.ok, detail: status ? message(lang, 'notice.test.status', { status }) : sent.detail };
  }

  async templateList(): Promise<MessageTemplateRow[]> {
    const custom = await this.templates.custom();
    return NOTIFICATION_KINDS.flatMap((kind) =>
      LANGUAGES.map((language) => {
        const own = custom.get(`${kind}/${language}`);
        return { kind, language, ...(own ?? defaultTemplate(kind, language)), custom: own !== undefined };
      }),
    );
  }

  private checkPlaceholders(text: { subject: string; body: string }): void {
    const unknown = unknownPlaceholders(`${text.subject}\n${text.body}`);
    if (unknown.length > 0)
      throw new AppError(Code.VALIDATION_FAILED, 'error.templatePlaceholder', {
        placeholder: `{${unknown[0]}}`,
        known: TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
      });
  }

  async saveTemplate(
    auth: AuthContext,
    kind: NotificationKind,
    language: Language,
    text: { subject: string; body: string },
    ip: string,
  ): Promise<MessageTemplateRow> {
    this.checkPlaceholders(text);
    const now = this.now();
    const values = { subject: text.subject, body: text.body, updated_at: now, updated_by: auth.user.username };
    await this.db
      .insertInto('notify_templates')
      .values({ kind, language, ...values })
      .onConflict((oc) => oc.columns(['kind', 'language']).doUpdateSet(values))
      .execute();
    this.templates.forget();
    this.changed();
    await this.audit.record({
      user: auth.user,
      action: 'notice.template',
      target: `${kind}/${language}`,
      newValue: JSON.stringify(text),
      outcome: 'ok',
      ip,
    });
    return { kind, language, ...text, custom: true };
  }

  async resetTemplate(auth: AuthContext, kind: NotificationKind, language: Language, ip: string): Promise<MessageTemplateRow> {
    await this.db.deleteFrom('notify_templates').where('kind', '=', kind).where('language', '=', language).execute();
    this.templates.forget();
    this.changed();
    await this.audit.record({ user: auth.user, action: 'notice.templateReset', target: `${kind}/${language}`, outcome: 'ok', ip });
    return { kind, language, ...defaultTemplate(kind, language), custom: false };
  }

  preview(body: { kind: NotificationKind; language: Language; subject: string; body: string }, tz: string) {
    this.checkPlaceholders(body);
    return render(sample(body.kind, body.language, this.now()), body, body.language, tz, this.publicUrl);
  }

  async count(f: DeliveryFilter): Promise<number> {
    const row = await attempts(this.db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deliveries({ page, page_size, ...f }: DeliveryFilter & { page: number; page_size: number }) {
    const [total, rows] = await Promise.all([
      this.count(f),
      attemptRows(this.db, f)
        .offset((page - 1) * page_size)
        .limit(page_size)
        .execute(),
    ]);
    return { total, items: rows.map(toAttempt) };
  }

  /**
   * Every attempt of the filter (the export), newest first, read by a cursor (time, id): attempts made meanwhile
   * neither repeat rows nor are taken half-way.
   */
  async *all(auth: AuthContext, f: DeliveryFilter): AsyncGenerator<AttemptRow[]> {
    if (!canAccess(auth.roles, 'notice')) throw forbidden();
    const chunks = chunksByCursor(
      (after: { time: number; id: number } | null, limit) =>
        (after === null
          ? attemptRows(this.db, f)
          : attemptRows(this.db, f).where((eb) =>
              eb.or([eb('a.time', '<', after.time), eb.and([eb('a.time', '=', after.time), eb('a.id', '<', after.id)])]),
            )
        )
          .limit(limit)
          .execute(),
      (r) => ({ time: r.time, id: r.id }),
    );
    for await (const rows of chunks) yield rows.map(toAttempt);
  }

  async retry(auth: AuthContext, id: number, ip: string): Promise<null> {
    const row = await this.db.selectFrom('notify_deliveries').select(['id', 'status', 'target']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(Code.NOT_FOUND, 'error.deliveryNotFound', { id });
    const res = await this.db
      .updateTable('notify_deliveries')
      .set({ status: 'pending', attempts: 0, next_attempt_at: this.now(), claimed_until: null })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.deliveryNotFailed');
    await this.audit.record({ user: auth.user, action: 'notice.retry', target: `#${id} ${row.target}`, outcome: 'ok', ip });
    this.kick();
    return null;
  }
}
