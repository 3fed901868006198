import { notificationType, type UpKind } from '@dms/contract';
import fp from 'fastify-plugin';
import { IngestRouter } from '../cluster/ingest-router.js';
import { startEmbeddedBroker, type RunningBroker } from '../ingest/broker/embedded.js';
import { connectExternalBroker } from '../ingest/broker/external.js';
import { IngestService } from '../ingest/service.js';
import { brokerServerLog } from '../modules/health/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: IngestService;
    /** The embedded broker's port (0 with an external broker). */
    mqttPort: number;
    /** With several instances behind an external broker: who handles which box's messages (cluster/ingest-router.ts). */
    ingestRouter: IngestRouter | null;
    /** Which broker the boxes reach the server through, and whether it is connected now (health, metrics). */
    brokerStatus(): { mode: 'embedded' | 'external'; connected: boolean };
  }
}

/**
 * The data plane: ingest (state restored from the database) and the broker the boxes reach it through, embedded
 * on MQTT_PORT by default or an external one with MQTT_URL. Closed with the app: the broker first, so nothing new
 * arrives, then ingest writes what it holds.
 */
export default fp(
  async (app) => {
    const ingest = new IngestService(app.db, app.config.ingest, app.controllerTypes, app.log.child({ area: 'ingest' }), app.clock, {
      database: app.config.database,
    });
    await ingest.start();
    // What other parts change that ingest's registry keeps in memory reaches it on the bus.
    app.bus.on('boxesRegistered', ({ boxes }) => {
      ingest.addBoxes(boxes);
    });
    app.bus.on('boxesDeleted', ({ boxIds }) => {
      ingest.forgetBoxes(boxIds);
    });
    app.bus.on('boxesRestored', ({ boxIds }) => {
      ingest.restoreBoxes(boxIds).catch((err: unknown) => {
        app.log.error({ err, boxIds }, 'restored boxes could not be read again');
      });
    });
    app.bus.on('boxOwnerChanged', ({ boxId, ownerId }) => {
      ingest.setBoxOwner(boxId, ownerId);
    });
    const reloadTypes = () => {
      ingest.reloadTypes().catch((err: unknown) => {
        app.log.error({ err }, 'controller types could not be read again after a change');
      });
    };
    app.bus.on('typeChanged', reloadTypes);
    app.bus.on('ckChanged', reloadTypes);
    app.bus.on('boxCkChanged', ({ boxIds, ck }) => {
      ingest.setBoxesCk(boxIds, ck);
    });
    const reloadRules = () => {
      ingest.reloadRules().catch((err: unknown) => {
        app.log.error({ err }, 'event rules could not be read again after a change');
      });
    };
    app.bus.on('eventRulesChanged', reloadRules);
    // Changes other instances made while Redis was away were not heard: the types and rules are read again. (Boxes
    // registered, deleted or moved meanwhile are not: docs/scaling.md.)
    app.bus.on('busResumed', () => {
      reloadTypes();
      reloadRules();
    });
    // A change of fault or alert, and of the connection, goes out on the bus: notifications read it there.
    ingest.on('condition', ({ device, time }) => {
      app.bus.publish('deviceTransition', {
        deviceId: device.id,
        kind: notificationType(device),
        status: device.status,
        time,
        eventId: 0,
        severity: null,
      });
    });
    ingest.on('status', ({ device, from, to, time, remote }) => {
      // Another instance's box: it told whom it had to.
      if (remote) return;
      const wasOnline = !from.startsWith('offline') && from !== 'unregistered';
      const isOnline = !to.startsWith('offline') && to !== 'unregistered';
      if (wasOnline === isOnline || from === 'unregistered') return;
      app.bus.publish('deviceTransition', {
        deviceId: device.id,
        kind: isOnline ? 'online' : 'offline',
        status: to,
        time,
        eventId: 0,
        severity: null,
      });
    });
    // A box's hello, once stored: its card (IoT cards read it).
    ingest.on('reply', (reply) => {
      app.bus.publish('boxReply', reply);
    });
    ingest.on('hello', (hello) => {
      app.bus.publish('boxHello', hello);
    });
    // A rule's event, once stored, goes out on the bus (where notifications will read it).
    ingest.on('ruleEvent', ({ device, ruleId, eventId, phase, severity, time }) => {
      app.bus.publish('ruleEvent', { deviceId: device.id, ruleId, eventId, phase, severity, time });
    });
    const mqtt = app.config.mqtt;
    // Several instances behind one external broker: each box's messages are handled by the instance that owns it.
    let router: IngestRouter | null = null;
    if (app.redis && mqtt.url) {
      router = new IngestRouter(
        ingest,
        app.members,
        app.redis.bus,
        app.redis.prefix,
        app.log.child({ area: 'cluster' }),
        mqtt.sharedGroup !== null,
      );
      await router.start();
    } else if (app.redis)
      app.log.warn('REDIS_URL without MQTT_URL: each instance serves the boxes connected to its own broker (docs/scaling.md)');
    const routed = router;
    const received = routed
      ? { backlog: ingest.backlog, receive: (boxId: number, kind: UpKind, payload: Buffer) => routed.receive(boxId, kind, payload) }
      : ingest;
    let broker: RunningBroker | null = null;
    // Without MQTT_PORT, a busy default port (another broker on this machine) moves the embedded one along.
    const ports = mqtt.url || mqtt.portExplicit || mqtt.port === 0 ? [mqtt.port] : Array.from({ length: 17 }, (_, i) => mqtt.port + i);
    for (const port of ports) {
      try {
        broker = mqtt.url
          ? await connectExternalBroker(received, mqtt, app.log, {
              ...brokerServerLog(app.db, app.clock, app.log),
              othersTakeOver: () => app.members.live().length > 1,
            })
          : await startEmbeddedBroker(ingest, { ...mqtt, port }, app.log);
        if (port !== mqtt.port)
          app.log.warn(
            { busy: mqtt.port, port },
            `MQTT port ${mqtt.port} is in use (another broker?): the embedded broker listens on ${port}`,
          );
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE' && port !== ports[ports.length - 1]) continue;
        await ingest.close();
        if (code === 'EADDRINUSE') {
          throw new Error(
            ports.length > 1
              ? `MQTT ports ${ports[0]}-${port} are all in use: set MQTT_PORT to a free port, or MQTT_URL to use a broker of yours`
              : `MQTT port ${port} is in use: set MQTT_PORT to a free port, or MQTT_URL to use that broker`,
            { cause: err },
          );
        }
        throw err;
      }
    }
    if (!broker) throw new Error('no MQTT broker');
    ingest.attach(broker.link);
    if (!app.config.mqtt.url) app.log.info({ port: broker.port }, 'embedded MQTT broker listening');
    app.decorate('ingest', ingest);
    app.decorate('mqttPort', broker.port);
    const running = broker;
    app.decorate('brokerStatus', () => ({
      mode: app.config.mqtt.url ? ('external' as const) : ('embedded' as const),
      connected: running.connected(),
    }));
    app.decorate('ingestRouter', router);
    app.addHook('onClose', async () => {
      ingest.beginShutdown();
      // What waits for another instance is not acknowledged: the broker hands it again (to an instance still running).
      router?.close();
      await broker.close();
      await ingest.close();
    });
  },
  { name: 'ingest', dependencies: ['bus', 'controller-types'] },
);
