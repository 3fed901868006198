import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { observeHistoryBatches } from '../ingest/writer.js';
import { ServerMetrics } from './registry.js';

/** The metrics listener, when METRICS_PORT is set. */
export interface MetricsEndpoint {
  metrics: ServerMetrics;
  /** The listener itself (tests inject into it). */
  server: FastifyInstance;
  /** The port it listens on, once the app is ready (METRICS_PORT=0 picks a free one). */
  port(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics, or null when METRICS_PORT is not set. */
    metrics: MetricsEndpoint | null;
  }
}

/**
 * Prometheus metrics (README, "Metrics") at `GET /metrics` on a listener of their own, METRICS_HOST:METRICS_PORT
 * (127.0.0.1 unless told otherwise), never on the public port: a reverse proxy in front of the console does not pass
 * them on. Only METRICS_ALLOW addresses get an answer (403 for others), read from the socket, not from
 * X-Forwarded-For. Off, and costing nothing, without METRICS_PORT. Registered before the routes so that every
 * answer of the app is timed; the listener starts when the app is ready and stops with it.
 */
export default fp(
  (app) => {
    const config = app.config.metrics;
    if (!config) {
      app.decorate('metrics', null);
      return;
    }
    const metrics = new ServerMetrics({
      ingest: () => (app.hasDecorator('ingest') ? app.ingest.stats : null),
      backlog: () => (app.hasDecorator('ingest') ? app.ingest.backlog : null),
      broker: () => (app.hasDecorator('brokerStatus') ? app.brokerStatus() : null),
      rollupBacklog: () => (app.hasDecorator('rollups') ? app.rollups.backlog() : null),
      websockets: () =>
        app.hasDecorator('realtime')
          ? {
              clients: app.realtime.size,
              dropped: app.realtime.dropped,
              subscribeChecks: app.realtime.subscribeChecks,
              refusedFrames: app.realtime.refusedFrames,
            }
          : null,
      bus: () => (app.hasDecorator('bus') ? app.bus.stats : null),
      cluster: () =>
        app.hasDecorator('members') && app.redis
          ? { members: app.members.live().length, router: app.hasDecorator('ingestRouter') ? (app.ingestRouter?.stats ?? null) : null }
          : null,
    });

    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeHttp(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
    const stopObserving = observeHistoryBatches(app.db, ({ rows, seconds, ok }) => {
      metrics.observeBatch(rows, seconds, ok);
    });

    const allowed = new Set(config.allow);
    const server = Fastify({ logger: false });
    server.addHook('onRequest', (request, reply, done) => {
      if (allowed.has(request.ip)) done();
      else void reply.status(403).send();
    });
    server.get('/metrics', async (_request, reply) => {
      const text = await metrics.text();
      return reply.type(metrics.contentType).send(text);
    });

    app.decorate('metrics', {
      metrics,
      server,
      port: () => (server.server.address() as AddressInfo | null)?.port ?? 0,
    });
    app.addHook('onReady', async () => {
      try {
        await server.listen({ port: config.port, host: config.host });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new Error(`METRICS_PORT ${config.port} is in use: set METRICS_PORT to a free port`, { cause: err });
        throw err;
      }
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      app.log.info({ url: `http://${host}:${(server.server.address() as AddressInfo).port}/metrics` }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      stopObserving();
      await server.close();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
