import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import type { CardNotice } from '../msg/creator.js';
import { cardsSource } from './export.js';
import { FeedbackService } from './feedback.js';
import { PromptService } from './prompt.js';
import { CardReminders } from './reminders.js';
import { IotCardService } from './service.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A card's reminder is due, or renewal feedback was answered: modules/msg tells the people, once. */
    cardNotice: CardNotice;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The IoT cards (the demo fleet dates its cards' expiries; tests sweep the reminders). */
    iotCards: IotCardService & { reminders: CardReminders };
  }
}

const HOUR_MS = 3_600_000;

/**
 * IoT cards (the top bar's expired-device list; issue 22; docs/iot-cards.md): the card each box reports, from the
 * boxes' hellos on the bus, its provider and expiry set or imported by root and limited_admin; reminders before cards
 * expire and the answers to renewal feedback go out on the bus (`cardNotice`) as notifications; root's renewal prompt.
 * Thin routes over the services.
 */
export default fp(
  (app) => {
    const tell = (n: CardNotice) => {
      app.bus.publish('cardNotice', n);
    };
    const reminders = new CardReminders(
      app.db,
      app.clock,
      (r) => {
        tell({
          kind: 'card',
          boxId: r.boxId,
          status: r.stage,
          time: r.due,
          ref: 0,
          card: { iccid: r.iccid, expiresOn: r.expiresOn, reply: null },
          userIds: null,
        });
      },
      app.log.child({ area: 'iot-cards' }),
    );
    const cards = new IotCardService(app.db, app.clock, app.datalog, () => {
      reminders.later();
    });
    const feedback = new FeedbackService(app.db, app.clock, app.datalog, (a) => {
      if (a.boxId === null) return;
      tell({
        kind: 'feedback',
        boxId: a.boxId,
        status: a.status,
        time: a.time,
        ref: a.feedbackId,
        card: { iccid: a.iccid, expiresOn: a.expiresOn, reply: a.reply },
        userIds: [a.senderId],
      });
    });
    const prompt = new PromptService(app.db, app.clock, app.datalog);
    app.decorate('iotCards', Object.assign(cards, { reminders }));
    reminders.start(HOUR_MS, 5_000);
    app.addHook('onClose', () => {
      reminders.stop();
    });
    app.bus.on('boxHello', ({ boxId, iccid, time }) => {
      cards.reported(boxId, iccid, time).catch((err: unknown) => {
        app.log.error({ err, boxId }, 'an IoT card could not be recorded');
      });
    });
    app.exports.register('iot-cards', cardsSource(cards));
    const c = api.iotCard;
    route(app, c.expiredList, ({ auth, query }) => cards.page(auth, query, query.page, query.page_size));
    route(app, c.cards, ({ auth, query }) => cards.page(auth, query, query.page, query.page_size));
    route(app, c.setCard, ({ auth, params, body, ip }) => cards.setCard(auth, params.id, body, ip));
    route(app, c.importCards, ({ auth, body, ip, lang }) => cards.import(auth, body, ip, lang));
    route(app, c.history, ({ auth, query }) => cards.history(auth, query.boxId));
    route(app, c.feedbackNum, ({ auth }) => feedback.pending(auth));
    route(app, c.feedbackList, ({ auth, query }) => feedback.page(auth, query));
    route(app, c.sendFeedback, ({ auth, body, ip }) => feedback.send(auth, body, ip));
    route(app, c.handleFeedback, ({ auth, params, body, ip }) => feedback.handle(auth, params.id, body, ip));
    route(app, c.prompt, () => prompt.get());
    route(app, c.setPrompt, ({ auth, body, ip }) => prompt.set(auth, body, ip));
    route(app, c.restorePrompt, ({ auth, ip }) => prompt.restore(auth, ip));
  },
  { name: 'iot-card', dependencies: ['database', 'bus', 'datalog', 'exports'] },
);
