import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RouterStats } from '../cluster/ingest-router.js';
import type { BusStats } from '../events/bus.js';

/** What the server's own metrics read at scrape time (each part answers null while it is not there yet). */
export interface MetricSources {
  /** Ingest's counters since start (server/src/ingest/stats.ts): every drop reason it has, whatever they are. */
  ingest(): { messages: number; snapshots: number; values: number; duplicates: number; drops: Readonly<Record<string, number>> } | null;
  /** What ingest holds between a message's arrival and its acknowledgement (server/src/ingest/backlog.ts). */
  backlog(): { bytes: number; messages: number; waiting: number; waits: number; maxBytes: number } | null;
  broker(): { mode: 'embedded' | 'external'; connected: boolean } | null;
  /** Minutes of history marked for the rollup job and not rolled up yet (modules/history/rollups.ts). */
  rollupBacklog(): Promise<number> | null;
  /** Open live-push WebSockets, and the events dropped for slow ones since start. */
  websockets(): {
    clients: number;
    dropped: number;
    subscribeChecks: { count: number; seconds: number };
    refusedFrames: Record<string, number>;
  } | null;
  /** The domain-event bus: across instances with REDIS_URL (events/redis-bus.ts). */
  bus(): BusStats | null;
  /** The live instances, and how box messages and state went between them (cluster/; null for one alone). */
  cluster(): { members: number; router: RouterStats | null } | null;
}

let processRegistry: Registry | null = null;

/**
 * Node's own metrics (prom-client's defaults: CPU, RSS, heap, open handles and requests, file descriptors, GC, and
 * the event-loop delay of `monitorEventLoopDelay` as nodejs_eventloop_lag_{min,max,mean,p50,p90,p99}_seconds over the
 * time since the last scrape). They belong to the process, so they are made once, however many apps it builds.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/** Status code to its class: 200 → "2xx" (the label never holds a raw code, a URL or anything else unbounded). */
export const statusClass = (status: number): string => `${Math.min(9, Math.max(1, Math.floor(status / 100)))}xx`;

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The server's metrics (docs: README, "Metrics"): its own registry, so that two apps in one process (the tests) do
 * not share counters. Counters kept elsewhere (ingest's statistics, the hub's) are read when scraped, not copied on
 * every event; what only happens here (an HTTP answer, a history batch) is observed as it happens.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status_class'>;
  private readonly batchRows: Histogram;
  private readonly batchSeconds: Histogram<'result'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    const fromIngest = (name: string, help: string, read: (s: NonNullable<ReturnType<MetricSources['ingest']>>) => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          const stats = sources.ingest();
          this.reset();
          if (stats) this.inc(read(stats));
        },
      });
    fromIngest('dms_ingest_messages_total', 'Messages received from boxes.', (s) => s.messages);
    fromIngest('dms_ingest_snapshots_total', 'Snapshots stored in history.', (s) => s.snapshots);
    fromIngest('dms_ingest_values_total', 'Register values stored (rate() of it is the values per second).', (s) => s.values);
    fromIngest('dms_ingest_duplicates_total', 'Snapshots received again and skipped (same device and time).', (s) => s.duplicates);
    new Counter({
      name: 'dms_ingest_dropped_total',
      help: 'Messages from boxes refused or dropped as malformed, by reason (docs/box-protocol.md).',
      labelNames: ['reason'],
      registers,
      collect() {
        const stats = sources.ingest();
        this.reset();
        for (const [reason, n] of Object.entries(stats?.drops ?? {})) this.inc({ reason }, n);
      },
    });
    const fromBacklog = (name: string, help: string, read: (b: NonNullable<ReturnType<MetricSources['backlog']>>) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const backlog = sources.backlog();
          this.set(backlog ? read(backlog) : 0);
        },
      });
    fromBacklog('dms_ingest_backlog_bytes', 'Payload bytes received from boxes and not yet stored or handled.', (b) => b.bytes);
    fromBacklog('dms_ingest_backlog_messages', 'Messages received from boxes and not yet stored or handled.', (b) => b.messages);
    fromBacklog('dms_ingest_backlog_waiting', 'Messages waiting for room in the backlog (their boxes wait for PUBACK).', (b) => b.waiting);
    fromBacklog('dms_ingest_backlog_max_bytes', 'The backlog ceiling, INGEST_MAX_BACKLOG.', (b) => b.maxBytes);
    new Counter({
      name: 'dms_ingest_backlog_waits_total',
      help: 'Messages that waited for room in the backlog: ingest fell behind and held the boxes back.',
      registers,
      collect() {
        this.reset();
        this.inc(sources.backlog()?.waits ?? 0);
      },
    });
    new Gauge({
      name: 'dms_history_rollup_backlog_minutes',
      help: "Minutes of a device's history that the rollup job has yet to sum up (each marked when snapshots arrive in it).",
      registers,
      async collect() {
        this.set((await sources.rollupBacklog()) ?? 0);
      },
    });
    new Gauge({
      name: 'dms_broker_connected',
      help: 'Whether the MQTT broker the boxes report through is up (embedded) or connected (external): 1 or 0.',
      labelNames: ['mode'],
      registers,
      collect() {
        const broker = sources.broker();
        this.reset();
        if (broker) this.set({ mode: broker.mode }, broker.connected ? 1 : 0);
      },
    });
    new Gauge({
      name: 'dms_websocket_clients',
      help: 'Open live-push WebSocket connections.',
      registers,
      collect() {
        this.set(sources.websockets()?.clients ?? 0);
      },
    });
    new Counter({
      name: 'dms_websocket_events_dropped_total',
      help: 'Live-push events dropped because the connection read too slowly.',
      registers,
      collect() {
        this.reset();
        this.inc(sources.websockets()?.dropped ?? 0);
      },
    });
    new Counter({
      name: 'dms_websocket_frames_refused_total',
      help: 'Live-push frames refused from clients, by reason: oversize (over 64 KiB; the socket closes with 1009), malformed.',
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(sources.websockets()?.refusedFrames ?? {})) this.inc({ reason }, n);
      },
    });
    new Counter({
      name: 'dms_websocket_subscribe_checks_total',
      help: 'Visibility checks of live-push subscriptions (which of the asked devices the user may watch).',
      registers,
      collect() {
        this.reset();
        this.inc(sources.websockets()?.subscribeChecks.count ?? 0);
      },
    });
    new Counter({
      name: 'dms_websocket_subscribe_check_seconds_total',
      help: 'Time spent in those checks; divided by dms_websocket_subscribe_checks_total it is the mean check.',
      registers,
      collect() {
        this.reset();
        this.inc(sources.websockets()?.subscribeChecks.seconds ?? 0);
      },
    });
    this.busMetrics(sources, registers);
    this.clusterMetrics(sources, registers);
    this.http = new Histogram({
      name: 'dms_http_request_duration_seconds',
      help: 'HTTP answers by route template (never the raw URL), method and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.batchRows = new Histogram({
      name: 'dms_history_batch_rows',
      help: 'Snapshots per history write batch.',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000],
      registers,
    });
    this.batchSeconds = new Histogram({
      name: 'dms_history_batch_duration_seconds',
      help: 'Time of one history write batch (one transaction), by result (ok or failed).',
      labelNames: ['result'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
  }

  /** The event bus: whether it hears the other instances, what it sent, heard, dropped and refused. */
  private busMetrics(sources: MetricSources, registers: Registry[]): void {
    new Gauge({
      name: 'dms_bus_connected',
      help: 'Whether the event bus hears the other instances (1; with REDIS_URL, 0 while Redis is away; 1 without Redis).',
      labelNames: ['mode'],
      registers,
      collect() {
        this.reset();
        const bus = sources.bus();
        if (bus) this.set({ mode: bus.mode }, bus.connected ? 1 : 0);
      },
    });
    new Counter({
      name: 'dms_bus_events_total',
      help: 'Domain events sent to the other instances (sent), heard from them (received), or dropped while Redis was away (dropped).',
      labelNames: ['direction'],
      registers,
      collect() {
        this.reset();
        const bus = sources.bus();
        for (const direction of ['sent', 'received', 'dropped'] as const) this.inc({ direction }, bus?.[direction] ?? 0);
      },
    });
    new Counter({
      name: 'dms_bus_resumed_total',
      help: 'Times the event bus came back after Redis was away (caches dropped what they held).',
      registers,
      collect() {
        this.reset();
        this.inc(sources.bus()?.resumed ?? 0);
      },
    });
    new Counter({
      name: 'dms_bus_messages_refused_total',
      help: "Messages on the event bus's channel refused, by reason: not_json, malformed, unshared_type, too_large.",
      labelNames: ['reason'],
      registers,
      collect() {
        this.reset();
        for (const [reason, n] of Object.entries(sources.bus()?.refused ?? {})) this.inc({ reason }, n);
      },
    });
  }

  /** Several instances: how many are live, and what went between them. */
  private clusterMetrics(sources: MetricSources, registers: Registry[]): void {
    new Gauge({
      name: 'dms_cluster_members',
      help: 'Live server instances this one knows (REDIS_URL; 1 for one alone).',
      registers,
      collect() {
        this.set(sources.cluster()?.members ?? 1);
      },
    });
    new Counter({
      name: 'dms_cluster_box_messages_total',
      help: "Box messages handed to their box's owner (forwarded), handled here for another instance (handled_for_others), handed again after no answer (retried); with plain subscriptions, other owners' messages kept a while (kept) and handled here after a takeover (replayed).",
      labelNames: ['way'],
      registers,
      collect() {
        this.reset();
        const r = sources.cluster()?.router;
        if (!r) return;
        this.inc({ way: 'forwarded' }, r.forwarded);
        this.inc({ way: 'handled_for_others' }, r.handledForOthers);
        this.inc({ way: 'retried' }, r.retried);
        this.inc({ way: 'kept' }, r.kept);
        this.inc({ way: 'replayed' }, r.replayed);
      },
    });
    new Counter({
      name: 'dms_cluster_state_batches_total',
      help: 'Batches of box and device state sent to the other instances (sent) and applied from them (applied).',
      labelNames: ['direction'],
      registers,
      collect() {
        this.reset();
        const r = sources.cluster()?.router;
        if (!r) return;
        this.inc({ direction: 'sent' }, r.batchesSent);
        this.inc({ direction: 'applied' }, r.batchesApplied);
      },
    });
  }

  /** One HTTP answer. `route` is the matched route's template (`/api/v2/devices/:id`), or undefined when none matched. */
  observeHttp(method: string, route: string | undefined, status: number, seconds: number): void {
    const known = KNOWN_METHODS.has(method) ? method : 'OTHER';
    this.http.observe({ method: known, route: route ?? '(unmatched)', status_class: statusClass(status) }, seconds);
  }

  /** One history write batch (server/src/ingest/writer.ts). */
  observeBatch(rows: number, seconds: number, ok: boolean): void {
    if (ok) this.batchRows.observe(rows);
    this.batchSeconds.observe({ result: ok ? 'ok' : 'failed' }, seconds);
  }

  /** The exposition text: the process's metrics and the server's. */
  async text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
