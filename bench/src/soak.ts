import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { API_BASE, api as endpoints, MAX_BOXES_PER_REGISTRATION, type BoxCredentials, type DeviceSummary } from '@dms/contract';
import { CHROMIUM_LAUNCH } from './chromium.js';
import { freePort, round, scrape, signIn } from './measure.js';
import { root, startServer, type RunningServer } from './server-process.js';
import { COLUMNS, median, spread, type Sample } from './soak-stats.js';

/**
 * `npm run bench -- soak --minutes N`: the server under steady load for N minutes (default 60), watched for leaks.
 * The built server runs in its own process on a fresh SQLite file with the embedded broker and its Prometheus
 * listener (METRICS_PORT); the simulator, in another process, sends half the measured ingest capacity (the ingest
 * bench's 125,462 values/s in docs/benchmarks.md, so 62,731 values/s: 200 boxes × 2 controllers, ~100 values a
 * snapshot) unless `--rate V` says otherwise; headless Chromium pages are signed in on the device list, two device
 * details and the dashboard (`--pages N`), so the live push is busy. Every 10 s (`--every S`) it reads the server's
 * /metrics: RSS, heap used, event-loop delay p50/p99/max over those 10 s (beyond the monitor's 10 ms interval), open
 * handles, WebSocket clients, values stored. The samples go to bench/results/soak-<date>.csv; the summary leaves out
 * the warm-up (the first 20 % of the run, at most 5 min; `--warmup-minutes`) and says whether RSS and heap stayed
 * within 10 % after it (minute means, so that a GC's swing is not taken for a leak).
 */
const MEASURED_CAPACITY = 125_462; // values/s, the ingest bench's sustained figure (docs/benchmarks.md)
const VALUES_PER_SNAPSHOT = 100; // two simulated controllers of ~50 registers
const CONTROLLERS = 2;
const FIRST_BOX = 300_001;
const FLAT_PCT = 10;
/** The server's event-loop monitor samples every 10 ms (server/src/metrics/registry.ts). */
const LOOP_RESOLUTION_MS = 10;
const SIM = path.join(root, 'simulator/dist/cli.js');
const TICKS = 100; // clock ticks per second of /proc/<pid>/stat on Linux

interface Options {
  minutes: number;
  rate: number;
  boxes: number;
  pages: number;
  everyS: number;
  warmupMinutes: number | null;
}

function options(): Options {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      minutes: { type: 'string' },
      rate: { type: 'string' },
      boxes: { type: 'string' },
      pages: { type: 'string' },
      every: { type: 'string' },
      'warmup-minutes': { type: 'string' },
    },
    strict: true,
  });
  const num = (name: string, text: string | undefined, fallback: number, min: number) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}, not '${text}'`);
    return n;
  };
  return {
    minutes: num('minutes', values.minutes, 60, 0.5),
    rate: num('rate', values.rate, MEASURED_CAPACITY / 2, 1),
    boxes: Math.round(num('boxes', values.boxes, 200, 1)),
    pages: Math.round(num('pages', values.pages, 4, 0)),
    everyS: num('every', values.every, 10, 1),
    warmupMinutes: values['warmup-minutes'] === undefined ? null : num('warmup-minutes', values['warmup-minutes'], 0, 0),
  };
}

function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** The sum of every sample named `name`, whatever its labels. */
function total(samples: Map<string, number>, name: string): number {
  let sum = 0;
  for (const [key, v] of samples) if (key === name || key.startsWith(`${name}{`)) sum += v;
  return sum;
}

async function api<T>(server: RunningServer, token: string, url: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v2${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Registers boxes [first, first + count) to the signed-in user over the API (the registration endpoint's descriptor,
 * so the path is the server's) and writes the simulator's credentials file.
 */
async function registerFleet(server: RunningServer, token: string, first: number, count: number, file: string): Promise<void> {
  const userId = (await api<{ user: { id: number } }>(server, token, '/user/info')).user.id;
  const credentials: Array<{ boxId: number; password: string }> = [];
  const { method, path: route } = endpoints.boxRegInfo.register;
  for (let start = first; start < first + count; start += MAX_BOXES_PER_REGISTRATION) {
    const end = Math.min(first + count, start + MAX_BOXES_PER_REGISTRATION) - 1;
    const res = await fetch(`${server.url}${API_BASE}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ startBoxId: start, endBoxId: end, userId, boxType: 'DTU-4G', companyName: 'Soak Co' }),
    });
    const answer = (await res.json()) as { code: number; message: string; data: { boxes: BoxCredentials[] } };
    if (answer.code !== 20000) throw new Error(`registering boxes ${start}-${end}: ${answer.code} ${answer.message}`);
    credentials.push(...answer.data.boxes.map((b) => ({ boxId: b.boxId, password: b.password })));
  }
  fs.writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
}

function simulate(server: RunningServer, boxes: number, interval: number, credentials: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      SIM,
      '--url',
      `mqtt://127.0.0.1:${server.mqttPort}`,
      '--boxes',
      String(boxes),
      '--controllers',
      String(CONTROLLERS),
      '--interval',
      String(interval),
      '--first-box-id',
      String(FIRST_BOX),
      '--credentials',
      credentials,
      '--connect-rate',
      '200',
      '--fault-rate',
      '0.5',
      '--alert-rate',
      '0.5',
      '--offline-rate',
      '0',
      '--ip-change-rate',
      '0',
      '--seed',
      'soak',
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

interface BrowserPage {
  name: string;
  page: Page;
  /** WebSocket frames the page received. */
  frames: number;
}

/** Opens `route` signed in as the token's user in a context of its own; counts what its WebSocket receives. */
async function openPage(browser: Browser, server: RunningServer, token: string, name: string, route: string, ready: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const host = new URL(server.url).hostname;
  await context.addCookies([
    { name: 'Admin-Token', value: token, domain: host, path: '/' },
    { name: 'language', value: 'en', domain: host, path: '/' },
  ]);
  const page = await context.newPage();
  const opened: BrowserPage = { name, page, frames: 0 };
  page.on('websocket', (ws) => {
    ws.on('framereceived', () => {
      opened.frames += 1;
    });
  });
  await page.goto(`${server.url}${route}`);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 60_000 });
  return opened;
}

/**
 * A bare Node process beside the server measuring its own event-loop delay: what the machine alone (other work on
 * it, scheduling) does to an event loop that has nothing to do, to tell apart from the server's own delay.
 */
const CANARY = `const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: ${LOOP_RESOLUTION_MS} });
h.enable();
process.stdin.on('data', () => {
  process.stdout.write(JSON.stringify({ p99: h.percentile(99) / 1e6, max: h.max / 1e6 }) + '\\n');
  h.reset();
});`;

async function readCanary(canary: ChildProcess): Promise<{ p99: number; max: number }> {
  const answer = new Promise<Buffer>((resolve) => canary.stdout?.once('data', resolve));
  canary.stdin?.write('\n');
  const { p99, max } = JSON.parse((await answer).toString()) as { p99: number; max: number };
  const beyond = (v: number) => round(Math.max(0, v - LOOP_RESOLUTION_MS), 2);
  return { p99: beyond(p99), max: beyond(max) };
}

export async function benchSoak(): Promise<Record<string, unknown>> {
  const opts = options();
  const interval = round(opts.boxes / (opts.rate / VALUES_PER_SNAPSHOT), 3);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-soak-'));
  const metricsPort = await freePort();
  const server = await startServer({ BOX_RATE_LIMIT: '1000', LOGIN_LIMIT_PER_ADDRESS: '100000', METRICS_PORT: String(metricsPort) });
  const pid = server.child.pid ?? 0;
  let sim: ChildProcess | null = null;
  let browser: Browser | null = null;
  const canary = spawn(process.execPath, ['-e', CANARY], { stdio: ['pipe', 'pipe', 'inherit'] });
  const started = new Date();
  const date = started.toISOString().replaceAll(':', '-');
  const csv = path.join(root, 'bench/results', `soak-${date}.csv`);
  fs.mkdirSync(path.dirname(csv), { recursive: true });
  try {
    const token = await signIn(server, 'demo_root');
    process.stderr.write(`soak: ${opts.boxes} boxes × ${CONTROLLERS} controllers every ${interval} s (≈${round(opts.rate, 0)} values/s)\n`);
    const credentials = path.join(work, 'fleet.json');
    await registerFleet(server, token, FIRST_BOX, opts.boxes, credentials);
    sim = simulate(server, opts.boxes, interval, credentials);
    await waitFor(
      async () => (await api<{ connectedBoxes: number }>(server, token, '/boxes/ingest-stats')).connectedBoxes >= opts.boxes,
      180_000,
      `${opts.boxes} boxes to connect`,
    );
    let devices: DeviceSummary[] = [];
    await waitFor(
      async () => (devices = (await api<{ items: DeviceSummary[] }>(server, token, '/devices?page_size=20')).items).length >= 3,
      60_000,
      'the devices to say hello',
    );
    const at = (d: DeviceSummary | undefined) => (d ? `${d.boxId}/${d.controller}` : '');
    const routes = [
      { name: 'device list', route: '/devices/devices-show', ready: '.ant-table-row' },
      { name: 'device detail', route: `/devices/controller/${at(devices[0])}`, ready: '[data-testid="device-status"]' },
      { name: 'dashboard', route: '/dashboard', ready: '[data-testid="dashboard-welcome"]' },
      { name: 'device detail 2', route: `/devices/controller/${at(devices[2])}`, ready: '[data-testid="device-status"]' },
    ];
    const pages: BrowserPage[] = [];
    if (opts.pages > 0) {
      browser = await chromium.launch(CHROMIUM_LAUNCH);
      for (let i = 0; i < opts.pages; i++) {
        const r = routes[i % routes.length] ?? routes[0];
        if (!r) break;
        // Each page signs in on its own session, as separate browsers would.
        pages.push(await openPage(browser, server, await signIn(server, 'demo_root'), r.name, r.route, r.ready));
      }
    }
    process.stderr.write(`soak: ${pages.length} pages open (${pages.map((p) => p.name).join(', ')}); sampling every ${opts.everyS} s\n`);

    const samples: Sample[] = [];
    fs.writeFileSync(csv, `${COLUMNS.join(',')}\n`);
    const t0 = performance.now();
    const endAt = t0 + opts.minutes * 60_000;
    let last = { t: 0, values: 0, snapshots: 0, frames: 0, cpu: cpuMs(pid) };
    // The first scrape empties the event-loop histogram, so that each sample covers the 10 s before it.
    const first = await scrape(metricsPort);
    await readCanary(canary);
    last.values = total(first, 'dms_ingest_values_total');
    last.snapshots = total(first, 'dms_ingest_snapshots_total');
    for (let next = t0 + opts.everyS * 1000; next <= endAt + 1; next += opts.everyS * 1000) {
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}`);
      const m = await scrape(metricsPort);
      const canaryNow = await readCanary(canary);
      const t = (performance.now() - t0) / 1000;
      const values = total(m, 'dms_ingest_values_total');
      const snapshots = total(m, 'dms_ingest_snapshots_total');
      const frames = pages.reduce((s, p) => s + p.frames, 0);
      const cpu = cpuMs(pid);
      const dt = t - last.t;
      const mb = (name: string) => round(total(m, name) / 2 ** 20);
      // monitorEventLoopDelay measures the whole interval between its timer's runs: the delay is what exceeds it.
      const ms = (name: string) => round(Math.max(0, total(m, name) * 1000 - LOOP_RESOLUTION_MS), 2);
      const sample: Sample = {
        t: round(t),
        rssMb: mb('process_resident_memory_bytes'),
        heapUsedMb: mb('nodejs_heap_size_used_bytes'),
        heapTotalMb: mb('nodejs_heap_size_total_bytes'),
        externalMb: mb('nodejs_external_memory_bytes'),
        loopP50Ms: ms('nodejs_eventloop_lag_p50_seconds'),
        loopP99Ms: ms('nodejs_eventloop_lag_p99_seconds'),
        loopMaxMs: ms('nodejs_eventloop_lag_max_seconds'),
        canaryP99Ms: canaryNow.p99,
        canaryMaxMs: canaryNow.max,
        handles: total(m, 'nodejs_active_handles_total'),
        resources: total(m, 'nodejs_active_resources_total'),
        wsClients: total(m, 'dms_websocket_clients'),
        values,
        valuesPerS: round((values - last.values) / dt, 0),
        snapshotsPerS: round((snapshots - last.snapshots) / dt, 1),
        drops: total(m, 'dms_ingest_dropped_total'),
        framesPerS: round((frames - last.frames) / dt, 1),
        cpuPercent: round(((cpu - last.cpu) / 1000 / dt) * 100),
        load1: round(os.loadavg()[0] ?? 0, 2),
      };
      last = { t, values, snapshots, frames, cpu };
      samples.push(sample);
      fs.appendFileSync(csv, `${COLUMNS.map((c) => sample[c]).join(',')}\n`);
      process.stderr.write(
        `soak ${Math.round(t)} s: rss ${sample.rssMb} MB, heap ${sample.heapUsedMb} MB, loop p99 ${sample.loopP99Ms} ms, ` +
          `handles ${sample.handles}, ws ${sample.wsClients}, ${sample.valuesPerS} values/s, cpu ${sample.cpuPercent} %\n`,
      );
    }

    const runS = opts.minutes * 60;
    const warmupS = opts.warmupMinutes === null ? Math.min(0.2 * runS, 300) : opts.warmupMinutes * 60;
    const after = samples.filter((s) => s.t > warmupS + 0.5);
    if (after.length < 2) throw new Error('too few samples after the warm-up');
    const firstAfter = after[0] as Sample;
    const lastSample = after[after.length - 1] as Sample;
    const windowS = Math.max(60, (lastSample.t - firstAfter.t) / 12);
    const rss = spread(after, (s) => s.rssMb, windowS);
    const heap = spread(after, (s) => s.heapUsedMb, windowS);
    const achieved = (lastSample.values - firstAfter.values) / (lastSample.t - firstAfter.t);
    return {
      command: `npm run bench -- soak ${process.argv.slice(3).join(' ')}`.trim(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, SQLite`,
      minutes: opts.minutes,
      load: {
        boxes: opts.boxes,
        controllersPerBox: CONTROLLERS,
        intervalS: interval,
        offeredValuesPerS: round(opts.rate, 0),
        browserPages: pages.map((p) => p.name),
      },
      warmupS,
      samplesAfterWarmup: after.length,
      rssMb: rss,
      heapUsedMb: heap,
      // Flat: RSS's and heap's window means within 10 % of their lowest after the warm-up.
      memoryWindowS: round(windowS, 0),
      memoryFlatWithin10Pct: rss.windowMeansRangePct <= FLAT_PCT && heap.windowMeansRangePct <= FLAT_PCT,
      eventLoopDelayMs: {
        p50OfWindows: median(after.map((s) => s.loopP50Ms)),
        p99Median: median(after.map((s) => s.loopP99Ms)),
        p99Worst: Math.max(...after.map((s) => s.loopP99Ms)),
        max: Math.max(...after.map((s) => s.loopMaxMs)),
        canaryP99Median: median(after.map((s) => s.canaryP99Ms)),
        canaryP99Worst: Math.max(...after.map((s) => s.canaryP99Ms)),
        canaryMax: Math.max(...after.map((s) => s.canaryMaxMs)),
      },
      handles: { min: Math.min(...after.map((s) => s.handles)), max: Math.max(...after.map((s) => s.handles)) },
      wsClients: { min: Math.min(...after.map((s) => s.wsClients)), max: Math.max(...after.map((s) => s.wsClients)) },
      ingest: {
        achievedValuesPerS: round(achieved, 0),
        ofOfferedPct: round((achieved / opts.rate) * 100),
        minWindowValuesPerS: Math.min(...after.map((s) => s.valuesPerS)),
        valuesStored: lastSample.values,
        drops: lastSample.drops,
      },
      pushFramesPerS: round(median(after.map((s) => s.framesPerS))),
      serverCpuPercent: round(median(after.map((s) => s.cpuPercent))),
      loadAverage1: { median: median(samples.map((s) => s.load1)), max: Math.max(...samples.map((s) => s.load1)) },
      csv: path.relative(root, csv),
    };
  } finally {
    canary.kill();
    if (browser) await browser.close();
    if (sim) await stop(sim);
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}
