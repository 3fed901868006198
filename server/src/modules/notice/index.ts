import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { deliveriesSource } from './export.js';
import { NoticeService } from './service.js';

/**
 * Root's notification management and delivery log (/notice/notification-management, notification-log;
 * docs/notifications.md): thin routes over the service, on the engine of modules/msg.
 */
export default fp(
  (app) => {
    const { store, templates, deliverer, announcements } = app.notify;
    const notice = new NoticeService(
      app.db,
      app.clock,
      store,
      templates,
      app.datalog,
      () => {
        app.bus.publish('notifySettingsChanged', {});
      },
      () => {
        deliverer.kick();
      },
      app.config.notify.publicUrl,
    );
    app.exports.register('deliveries', deliveriesSource(notice));
    const n = api.notice;
    route(app, n.settings, () => notice.settings());
    route(app, n.saveSettings, ({ auth, body, ip }) => notice.saveSettings(auth, body, ip));
    route(app, n.channels, () => notice.channels());
    route(app, n.saveSmtp, ({ auth, body, ip }) => notice.saveSmtp(auth, body, ip));
    route(app, n.testSmtp, ({ body, lang }) => notice.testSmtp(body.to, lang));
    route(app, n.createWebhook, ({ auth, body, ip }) => notice.createWebhook(auth, body, ip));
    route(app, n.updateWebhook, ({ auth, params, body, ip }) => notice.updateWebhook(auth, params.id, body, ip));
    route(app, n.rotateWebhookSecret, ({ auth, params, ip }) => notice.rotateSecret(auth, params.id, ip));
    route(app, n.removeWebhook, ({ auth, params, ip }) => notice.removeWebhook(auth, params.id, ip));
    route(app, n.testWebhook, ({ params, lang }) => notice.testWebhook(params.id, lang));
    route(app, n.templates, () => notice.templateList());
    route(app, n.saveTemplate, ({ auth, params, body, ip }) => notice.saveTemplate(auth, params.kind, params.language, body, ip));
    route(app, n.resetTemplate, ({ auth, params, ip }) => notice.resetTemplate(auth, params.kind, params.language, ip));
    route(app, n.previewTemplate, ({ body }) => notice.preview(body, 'UTC'));
    route(app, n.deliveries, ({ query }) => notice.deliveries(query));
    route(app, n.retryDelivery, ({ auth, params, ip }) => notice.retry(auth, params.id, ip));
    route(app, n.announcements, ({ query, lang }) => announcements.list(query, lang));
    route(app, n.announcement, ({ params }) => announcements.detail(params.id));
    route(app, n.createAnnouncement, ({ auth, body, ip }) => announcements.create(auth, body, ip));
    route(app, n.updateAnnouncement, ({ auth, params, body, ip }) => announcements.update(auth, params.id, body, ip));
    route(app, n.withdrawAnnouncement, ({ auth, params, ip }) => announcements.withdraw(auth, params.id, ip));
    route(app, n.removeAnnouncement, ({ auth, params, ip }) => announcements.remove(auth, params.id, ip));
    route(app, n.audienceDevices, ({ query }) => announcements.devices(query.q));
    route(app, n.audienceUsers, ({ query }) => announcements.users(query.q));
  },
  { name: 'notice', dependencies: ['database', 'bus', 'datalog', 'exports', 'msg'] },
);
