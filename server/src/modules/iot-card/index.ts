import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { cardsSource } from './export.js';
import { IotCardService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The IoT cards (the demo fleet dates its cards' expiries). */
    iotCards: IotCardService;
  }
}

/**
 * IoT cards (the top bar's expired-device list; issue 22; docs/iot-cards.md): the card each box reports, from the
 * boxes' hellos on the bus, its provider and expiry set or imported by root and limited_admin; thin routes over the
 * service.
 */
export default fp(
  (app) => {
    const cards = new IotCardService(app.db, app.clock, app.datalog);
    app.decorate('iotCards', cards);
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
  },
  { name: 'iot-card', dependencies: ['database', 'bus', 'datalog', 'exports'] },
);
