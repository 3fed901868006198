import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { AnnouncementService, type Published } from './announcements.js';
import { NotificationCreator, type Pushed, type Transition } from './creator.js';
import { Deliverer } from './deliverer.js';
import { Templates } from './render.js';
import { NotificationService } from './service.js';
import { NotifyStore, smtpFromUrl } from './settings.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A notification was stored, or repeated, for these users: the console's bell and the browser are told. */
    notificationPushed: Pushed;
    /** Root's notification settings, templates or webhooks, or a user's preferences, changed: caches are dropped. */
    notifySettingsChanged: Record<string, never>;
    /** An announcement was published, changed, withdrawn or deleted: its audience's consoles reload it. */
    announcementChanged: Published;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification engine, for root's management (modules/notice). */
    notify: {
      store: NotifyStore;
      templates: Templates;
      creator: NotificationCreator;
      deliverer: Deliverer;
      announcements: AnnouncementService;
    };
  }
}

/**
 * Notifications (/msg/notification-list, the bell, the profile's preferences; docs/notifications.md): made from the
 * changes on the bus (a device's status, a rule's event; never from ingest's hot path), pushed to the console over the
 * bus, and delivered by e-mail and webhooks by the worker (thin routes over the service).
 */
export default fp(
  (app) => {
    // Every instance's open consoles hear these, and its caches drop what changed.
    app.bus.share('notificationPushed', 'notifySettingsChanged', 'announcementChanged');
    const cfg = app.config.notify;
    const store = new NotifyStore(app.db, smtpFromUrl(cfg.smtpUrl, cfg.smtpFrom));
    const templates = new Templates(app.db);
    const log = app.log.child({ area: 'notifications' });
    const pushed = (p: Pushed) => {
      app.bus.publish('notificationPushed', p);
    };
    const deliverer = new Deliverer({ db: app.db, store, templates, now: app.clock, log, ...cfg, pushed });
    const creator = new NotificationCreator({
      db: app.db,
      store,
      templates,
      now: app.clock,
      log,
      publicUrl: cfg.publicUrl,
      pushed,
      queued: () => {
        deliverer.kick();
      },
    });
    const add = (t: Transition) => {
      creator.add(t);
    };
    app.bus.on('deviceTransition', add);
    app.bus.on('ruleEvent', ({ deviceId, eventId, phase, severity, time }) => {
      add({ deviceId, kind: 'event', status: phase, time, eventId, severity });
    });
    app.bus.on('cardNotice', (n) => {
      creator.addCard(n);
    });
    const forget = () => {
      store.forget();
      templates.forget();
    };
    app.bus.on('notifySettingsChanged', forget);
    app.bus.on('busResumed', forget);
    const announcements = new AnnouncementService(app.db, app.clock, app.datalog, (p) => {
      app.bus.publish('announcementChanged', p);
    });
    app.decorate('notify', { store, templates, creator, deliverer, announcements });
    deliverer.start();
    app.addHook('onClose', async () => {
      await creator.idle();
      await deliverer.stop();
    });

    const service = new NotificationService(app.db, app.clock, store, app.datalog, () => {
      app.bus.publish('notifySettingsChanged', {});
    });
    const m = api.msg;
    route(app, m.notifications, ({ auth, query }) => service.page(auth, query));
    route(app, m.unread, ({ auth }) => service.unread(auth));
    route(app, m.markRead, ({ auth, body }) => service.markRead(auth, body));
    route(app, m.acknowledge, ({ auth, params, ip }) => service.acknowledge(auth, params.id, ip));
    route(app, m.preferences, ({ auth, lang }) => service.preferences(auth, lang));
    route(app, m.savePreferences, ({ auth, body, lang, ip }) => service.savePreferences(auth, body.prefs, lang, ip));
    route(app, m.myAnnouncements, ({ auth, query, lang }) => announcements.myList(auth, query, lang));
    route(app, m.announcementBanner, ({ auth, lang }) => announcements.banner(auth, lang));
    route(app, m.readAnnouncement, ({ auth, params }) => announcements.markRead(auth, params.id));
  },
  { name: 'msg', dependencies: ['database', 'bus', 'datalog'] },
);
