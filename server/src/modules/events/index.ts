import { api } from '@dms/contract';
import fp from 'fastify-plugin';
import { route } from '../../http/route.js';
import { requireDevice } from '../devices/service.js';
import { eventsSource } from './export.js';
import { EventLogService } from './log.js';
import { replayRule } from './replay.js';
import { EventRuleService } from './service.js';

declare module '../../events/bus.js' {
  interface DomainEvents {
    /** A rule was added, changed, turned on or off, or deleted: ingest reads the rules again. */
    eventRulesChanged: { ruleId: number };
    /** A rule's event started or ended on a device (stored): where notifications will read them. */
    ruleEvent: {
      deviceId: number;
      ruleId: number;
      eventId: number;
      phase: 'started' | 'ended';
      severity: 'fault' | 'alert' | 'info';
      time: number;
    };
  }
}

/**
 * Events (/events/events-list, events-add, events-log; docs/api.md "Events"): the rules, Test against history, the
 * log with acknowledgement, comments and assignee, its export, and a device's own events (thin routes over the
 * services; the rules run in ingest, ingest/rules.ts).
 */
export default fp(
  (app) => {
    // Ingest's rules on every instance follow them; an event's notifications are made once, where it happened.
    app.bus.share('eventRulesChanged');
    const rules = new EventRuleService(app.db, app.clock, app.bus, app.datalog, app.controllerTypes);
    const unitOf = async (typeId: number | null, register: number) =>
      typeId === null
        ? ''
        : ((await app.controllerTypes.get(typeId).catch(() => null))?.registers.find((r) => r.number === register)?.unit ?? '');
    const log = new EventLogService(app.db, app.clock, app.datalog, unitOf);
    app.exports.register('events', eventsSource(log));
    const e = api.events;
    route(app, e.rules, ({ query }) => rules.page(query));
    route(app, e.rule, ({ params }) => rules.get(params.id));
    route(app, e.createRule, ({ auth, body, ip }) => rules.create(auth, body, ip));
    route(app, e.updateRule, ({ auth, params, body, ip }) => rules.update(auth, params.id, body, ip));
    route(app, e.enableRule, ({ auth, params, body, ip }) => rules.enable(auth, params.id, body.enabled, ip));
    route(app, e.copyRule, ({ auth, params, ip, lang }) => rules.copy(auth, params.id, lang, ip));
    route(app, e.removeRule, ({ auth, params, ip }) => rules.remove(auth, params.id, ip));
    route(app, e.ruleDevices, ({ query }) => rules.devices(query.typeId, query.q));
    route(app, e.replay, ({ body }) => replayRule(app.db, rules, body));
    route(app, e.log, ({ auth, query, lang }) => log.page(auth, query, lang));
    route(app, e.acknowledge, ({ auth, params, body, ip, lang }) => log.acknowledge(auth, params.id, body.comment, ip, lang));
    route(app, e.comment, ({ auth, params, body, ip, lang }) => log.comment(auth, params.id, body.text, ip, lang));
    route(app, e.assign, ({ auth, params, body, ip, lang }) => log.assign(auth, params.id, body.username, ip, lang));
    route(app, e.deviceEvents, async ({ auth, params, query, lang }) => {
      const device = await requireDevice(app.db, auth, params.boxId, params.controller);
      return log.ofDevice(auth, device.id, query, lang);
    });
  },
  { name: 'events', dependencies: ['database', 'bus', 'datalog', 'controller-types', 'exports'] },
);
