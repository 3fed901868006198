import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BoxCredentials } from '@dms/contract';
import { loadConfig } from '../src/config.js';
import type { MetricsEndpoint } from '../src/metrics/index.js';
import { ServerMetrics } from '../src/metrics/registry.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, buildTestApp, login, type TestApp } from './helper.js';
import { reg } from './registers.js';

const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure');

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format, the sample lines. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1] ?? '', l[2] ?? '']));
      return { name: m[1] ?? '', labels, value: Number(m[3]) };
    });
}

/** The value of the one sample named `name` whose labels include `labels` (undefined when there is none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}

function endpointOf(t: TestApp): MetricsEndpoint {
  const endpoint = t.app.metrics;
  if (!endpoint) throw new Error('metrics are off');
  return endpoint;
}

describe('metrics are off without METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('has no listener, and the public port has no /metrics', async () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(t.app.metrics).toBeNull();
    // (The console's fallback answers it, 503 here where the tests have no built console.)
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('dms_');
  });

  it('reads the settings: 127.0.0.1 and loopback only unless told otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      allow: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0', METRICS_ALLOW: '10.0.0.5, 10.0.0.6' }).metrics).toEqual({
      port: 0,
      host: '0.0.0.0',
      allow: ['10.0.0.5', '10.0.0.6'],
    });
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});

describe('metrics on METRICS_PORT', () => {
  let t: TestApp;
  let endpoint: MetricsEndpoint;
  let boxes: BoxCredentials[];
  let root: string;
  const clients: MqttClient[] = [];

  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(`http://127.0.0.1:${endpoint.port()}/metrics`);
    expect(res.status).toBe(200);
    return parse(await res.text());
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { METRICS_PORT: '0' });
    await t.app.ready();
    endpoint = endpointOf(t);
    boxes = await registerBoxes(t.app, 8101, 8102);
    root = await login(t.app, 'demo_root');
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
    await t.close();
  });

  it('answers Prometheus text on its own listener at 127.0.0.1, with the process and server metrics', async () => {
    const address = endpoint.server.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1' });
    expect(endpoint.port()).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${endpoint.port()}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of [
      'dms_ingest_messages_total',
      'dms_ingest_snapshots_total',
      'dms_ingest_values_total',
      'dms_ingest_duplicates_total',
      'dms_ingest_dropped_total',
      'dms_ingest_backlog_bytes',
      'dms_ingest_backlog_max_bytes',
      'dms_ingest_backlog_waits_total',
      'dms_broker_connected',
      'dms_websocket_clients',
      'dms_websocket_events_dropped_total',
      'dms_websocket_frames_refused_total',
      'dms_websocket_subscribe_checks_total',
      'dms_websocket_subscribe_check_seconds_total',
      'dms_http_request_duration_seconds',
      'dms_history_batch_rows',
      'dms_history_batch_duration_seconds',
      'dms_history_rollup_backlog_minutes',
      'nodejs_eventloop_lag_p50_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_eventloop_lag_max_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_active_handles_total',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    const samples = parse(text);
    // The embedded broker runs: 1, labelled with its mode.
    expect(value(samples, 'dms_broker_connected', { mode: 'embedded' })).toBe(1);
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Every drop reason ingest knows is there from the start, at 0.
    expect(value(samples, 'dms_ingest_dropped_total', { reason: 'not-json' })).toBe(0);
    expect(value(samples, 'dms_ingest_dropped_total', { reason: 'rate-limited' })).toBe(0);
    // The public port does not serve them.
    const onPublicPort = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(onPublicPort.statusCode).not.toBe(200);
    expect(onPublicPort.body).not.toContain('dms_');
  });

  it('refuses addresses outside METRICS_ALLOW, whatever X-Forwarded-For says', async () => {
    const stranger = await endpoint.server.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.9.8.7' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toBe('');
    const forwarded = await endpoint.server.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '10.9.8.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(403);
    const local = await endpoint.server.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('dms_ingest_values_total');
    // Nothing else is answered there.
    const other = await endpoint.server.inject({ method: 'GET', url: '/api/v2/user/info', remoteAddress: '127.0.0.1' });
    expect(other.statusCode).toBe(404);
  });

  it('counts values, snapshots, drops by reason and history batches as boxes report', async () => {
    const before = await scrape();
    const b = boxes[0] as BoxCredentials;
    const c = await connectBox(t.app.mqttPort, b);
    clients.push(c);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await send(c, b.boxId, 'data', data(t.clock.now - 2000, { '1': { [PRESSURE]: 72, [TARGET_PRESSURE]: 70 } }, 1));
    await send(c, b.boxId, 'data', data(t.clock.now - 1000, { '1': { [PRESSURE]: 73, [TARGET_PRESSURE]: 70 } }, 2));
    await send(c, b.boxId, 'data', 'this is not JSON');
    const delta = (after: Sample[], name: string, labels: Record<string, string> = {}) =>
      (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    const after = await eventually(async () => {
      const now = await scrape();
      expect(delta(now, 'dms_ingest_snapshots_total')).toBe(2);
      return now;
    });
    expect(delta(after, 'dms_ingest_values_total')).toBe(4);
    expect(delta(after, 'dms_ingest_messages_total')).toBe(4);
    expect(delta(after, 'dms_ingest_dropped_total', { reason: 'not-json' })).toBe(1);
    expect(delta(after, 'dms_ingest_dropped_total', { reason: 'bad-shape' })).toBe(0);
    // Each snapshot was acknowledged after its batch committed: one or two batches, two rows in all.
    const batches = delta(after, 'dms_history_batch_duration_seconds_count', { result: 'ok' });
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(2);
    expect(delta(after, 'dms_history_batch_rows_count')).toBe(batches);
    expect(delta(after, 'dms_history_batch_rows_sum')).toBe(2);
    expect(delta(after, 'dms_history_batch_duration_seconds_sum', { result: 'ok' })).toBeGreaterThan(0);
  });

  it('times HTTP answers by route template, method and status class, never by raw URL', async () => {
    const before = await scrape();
    const b = boxes[1] as BoxCredentials;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${b.boxId}`, headers: bearer(root) });
      expect(res.statusCode).toBe(200);
    }
    const unauthorized = await t.app.inject({ method: 'GET', url: `/api/v2/boxes/${b.boxId}` });
    expect(unauthorized.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v2/no-such-thing/12345', headers: bearer(root) });
    expect(missing.statusCode).toBe(404);
    const after = await scrape();
    const count = (samples: Sample[], labels: Record<string, string>) =>
      value(samples, 'dms_http_request_duration_seconds_count', labels) ?? 0;
    const route = '/api/v2/boxes/:boxId';
    expect(count(after, { route, method: 'GET', status_class: '2xx' }) - count(before, { route, method: 'GET', status_class: '2xx' })).toBe(
      3,
    );
    expect(count(after, { route, method: 'GET', status_class: '4xx' }) - count(before, { route, method: 'GET', status_class: '4xx' })).toBe(
      1,
    );
    const unmatched = { route: '(unmatched)', method: 'GET', status_class: '4xx' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
    expect(value(after, 'dms_http_request_duration_seconds_bucket', { route, method: 'GET', status_class: '2xx', le: '+Inf' })).toBe(
      count(after, { route, method: 'GET', status_class: '2xx' }),
    );
    const routes = new Set(after.filter((s) => s.name.startsWith('dms_http_')).map((s) => s.labels.route));
    expect(routes).not.toContain(`/api/v2/boxes/${b.boxId}`);
    expect([...routes].some((r) => r?.includes('12345'))).toBe(false);
  });

  it('counts the open WebSocket clients', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const clientsNow = async () => value(await scrape(), 'dms_websocket_clients') ?? -1;
    expect(await clientsNow()).toBe(0);
    const sockets = [new WebSocket(`${base}/api/v2/ws`), new WebSocket(`${base}/api/v2/ws`)];
    await Promise.all(sockets.map((ws) => new Promise((resolve) => ws.once('open', resolve))));
    for (const ws of sockets) ws.send(JSON.stringify({ type: 'auth', token: root }));
    await eventually(async () => {
      expect(await clientsNow()).toBe(2);
    });
    const first = sockets[0] as WebSocket;
    await new Promise((resolve) => {
      first.once('close', resolve);
      first.close();
    });
    await eventually(async () => {
      expect(await clientsNow()).toBe(1);
    });
    // A subscription's visibility check is counted and timed.
    const second = sockets[1] as WebSocket;
    const checksBefore = value(await scrape(), 'dms_websocket_subscribe_checks_total') ?? 0;
    second.send(JSON.stringify({ type: 'subscribe', devices: [1, 2, 3] }));
    await eventually(async () => {
      expect(value(await scrape(), 'dms_websocket_subscribe_checks_total')).toBe(checksBefore + 1);
    });
    expect(value(await scrape(), 'dms_websocket_subscribe_check_seconds_total')).toBeGreaterThan(0);
    await new Promise((resolve) => {
      second.once('close', resolve);
      second.close();
    });
  });
});

describe('metrics with another METRICS_ALLOW', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { METRICS_PORT: '0', METRICS_ALLOW: '10.9.8.7' });
    await t.app.ready();
  });
  afterAll(async () => t.close());

  it('answers the listed address and refuses loopback', async () => {
    const endpoint = endpointOf(t);
    expect((await endpoint.server.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
    expect((await endpoint.server.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    const res = await fetch(`http://127.0.0.1:${endpoint.port()}/metrics`);
    expect(res.status).toBe(403);
  });
});

describe('server metrics read their sources when scraped', () => {
  it('shows an external broker that is down as 0, and new drop reasons as they appear', async () => {
    const drops: Record<string, number> = { 'not-json': 2 };
    let connected = true;
    const backlog = { bytes: 2048, messages: 2, waiting: 1, waits: 7, maxBytes: 65_536 };
    let rollupMinutes = 12;
    const bus = {
      mode: 'redis' as const,
      connected: true,
      sent: 9,
      received: 4,
      dropped: 0,
      resumed: 0,
      refused: {} as Record<string, number>,
    };
    const router = { forwarded: 6, handledForOthers: 5, retried: 1, kept: 4, replayed: 3, batchesSent: 8, batchesApplied: 7 };
    const metrics = new ServerMetrics({
      ingest: () => ({ messages: 5, snapshots: 3, values: 300, duplicates: 0, drops }),
      backlog: () => backlog,
      broker: () => ({ mode: 'external', connected }),
      rollupBacklog: () => Promise.resolve(rollupMinutes),
      websockets: () => null,
      bus: () => bus,
      cluster: () => ({ members: 2, router }),
    });
    let samples = parse(await metrics.registry.metrics());
    expect(value(samples, 'dms_broker_connected', { mode: 'external' })).toBe(1);
    expect(value(samples, 'dms_ingest_values_total')).toBe(300);
    expect(value(samples, 'dms_websocket_clients')).toBe(0);
    expect(value(samples, 'dms_ingest_backlog_bytes')).toBe(2048);
    expect(value(samples, 'dms_ingest_backlog_messages')).toBe(2);
    expect(value(samples, 'dms_ingest_backlog_waiting')).toBe(1);
    expect(value(samples, 'dms_ingest_backlog_waits_total')).toBe(7);
    expect(value(samples, 'dms_ingest_backlog_max_bytes')).toBe(65_536);
    expect(value(samples, 'dms_history_rollup_backlog_minutes')).toBe(12);
    expect(value(samples, 'dms_bus_connected', { mode: 'redis' })).toBe(1);
    expect(value(samples, 'dms_bus_events_total', { direction: 'sent' })).toBe(9);
    expect(value(samples, 'dms_bus_events_total', { direction: 'received' })).toBe(4);
    expect(value(samples, 'dms_cluster_members')).toBe(2);
    expect(value(samples, 'dms_cluster_box_messages_total', { way: 'forwarded' })).toBe(6);
    expect(value(samples, 'dms_cluster_box_messages_total', { way: 'handled_for_others' })).toBe(5);
    expect(value(samples, 'dms_cluster_box_messages_total', { way: 'retried' })).toBe(1);
    expect(value(samples, 'dms_cluster_box_messages_total', { way: 'replayed' })).toBe(3);
    expect(value(samples, 'dms_cluster_state_batches_total', { direction: 'applied' })).toBe(7);
    bus.connected = false;
    bus.dropped = 3;
    bus.resumed = 1;
    bus.refused.not_json = 2;
    backlog.bytes = 0;
    rollupMinutes = 0;
    connected = false;
    drops['clock-skew'] = 4;
    samples = parse(await metrics.registry.metrics());
    expect(value(samples, 'dms_broker_connected', { mode: 'external' })).toBe(0);
    expect(value(samples, 'dms_ingest_dropped_total', { reason: 'clock-skew' })).toBe(4);
    expect(value(samples, 'dms_ingest_dropped_total', { reason: 'not-json' })).toBe(2);
    expect(value(samples, 'dms_ingest_backlog_bytes')).toBe(0);
    expect(value(samples, 'dms_history_rollup_backlog_minutes')).toBe(0);
    expect(value(samples, 'dms_bus_connected', { mode: 'redis' })).toBe(0);
    expect(value(samples, 'dms_bus_events_total', { direction: 'dropped' })).toBe(3);
    expect(value(samples, 'dms_bus_resumed_total')).toBe(1);
    expect(value(samples, 'dms_bus_messages_refused_total', { reason: 'not_json' })).toBe(2);
  });
});
