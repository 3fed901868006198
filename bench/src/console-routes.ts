import fs from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import type { DeviceSummary } from '@dms/contract';
import { CHROMIUM_LAUNCH } from './chromium.js';
import { signIn } from './measure.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- console-routes`: what each console route costs a browser. The built server runs with the demo
 * fleet (BENCH_FLEET boxes, default 50, as `npm start` has); Debian's Chromium opens each route in a fresh context
 * (empty cache) signed in as demo_root. Per route: the scripts it loads (count, raw and gzip bytes, gzip level 9) and
 * when its content showed (ms since navigation start, read in the page). The device list's first render (first row
 * drawn) is also measured BENCH_RUNS times (default 15), in a fresh context each time: p50/p95.
 */
const FLEET = Number(process.env.BENCH_FLEET ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const kb = (n: number) => Math.round(n / 102.4) / 10;

interface RouteCase {
  name: string;
  path: string;
  /** What shows the page has its content. */
  ready: string;
}

async function devices(server: RunningServer, bearer: string): Promise<DeviceSummary[]> {
  // The demo fleet's boxes say hello within seconds of the start; wait until they have.
  for (let i = 0; i < 100; i += 1) {
    const res = await fetch(`${server.url}/api/v2/devices?page_size=200`, { headers: { authorization: `Bearer ${bearer}` } });
    const items = ((await res.json()) as { data: { items: DeviceSummary[] } }).data.items;
    if (items.length >= FLEET) return items;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the demo fleet did not come online');
}

/** Opens `path` in a fresh context; answers the scripts it loaded and when `ready` showed. */
async function open(browser: Browser, server: RunningServer, bearer: string, c: RouteCase) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const host = new URL(server.url).hostname;
  await context.addCookies([
    { name: 'Admin-Token', value: bearer, domain: host, path: '/' },
    { name: 'language', value: 'en', domain: host, path: '/' },
  ]);
  const page = await context.newPage();
  const scripts: Array<Promise<Buffer | null>> = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().catch(() => null));
  });
  await page.goto(`${server.url}${c.path}`);
  await page.locator(c.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  const shownMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const bodies = (await Promise.all(scripts)).filter((b): b is Buffer => b !== null);
  await context.close();
  return {
    shownMs: Math.round(shownMs),
    scripts: bodies.length,
    rawKb: kb(bodies.reduce((s, b) => s + b.length, 0)),
    gzipKb: kb(bodies.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0)),
  };
}

export async function benchConsoleRoutes(): Promise<Record<string, unknown>> {
  const server = await startServer({ DEMO_FLEET: '1', DEMO_FLEET_SIZE: String(FLEET) });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const bearer = await signIn(server, 'demo_root');
    const all = await devices(server, bearer);
    const of = (kind: DeviceSummary['kind']) => all.find((d) => d.kind === kind);
    const device = of('compressor') ?? all[0];
    if (!device) throw new Error('no device');
    const maglev = of('maglev');
    const plc = of('plc');
    const dayAgo = Date.now() - 86_400_000;
    const at = (d: DeviceSummary) => `${d.boxId}/${d.controller}`;
    const cases: RouteCase[] = [
      { name: 'dashboard', path: '/dashboard', ready: '[data-testid="dashboard-welcome"]' },
      { name: 'devices-show', path: '/devices/devices-show', ready: '.ant-table-row' },
      { name: 'controller', path: `/devices/controller/${at(device)}`, ready: '[data-testid="device-status"]' },
      { name: 'box', path: `/devices/box/${device.boxId}`, ready: '.ant-descriptions' },
      { name: 'history', path: `/devices/history/${at(device)}`, ready: '.ant-table' },
      { name: 'history-charts', path: `/devices/history-charts/${device.boxId}-${device.controller}/${dayAgo}`, ready: 'canvas' },
      { name: 'k-line', path: `/devices/k-line/${at(device)}`, ready: 'canvas' },
      { name: 'error-record', path: `/devices/error-record/${at(device)}`, ready: '.ant-table' },
      { name: 'export-errors', path: '/devices/export-errors', ready: '.ant-table' },
      { name: 'events-templates', path: '/devices/events/templates', ready: '.ant-card' },
      { name: 'map', path: '/devices/map', ready: 'canvas' },
      { name: 'large-screen', path: '/large-screen', ready: 'canvas' },
      ...(maglev
        ? [
            { name: 'maglev-controller', path: `/devices/maglev-controller/${at(maglev)}`, ready: 'canvas' },
            { name: 'maglev-charts', path: `/devices/maglev-charts/${maglev.boxId}-${maglev.controller}/${dayAgo}`, ready: 'canvas' },
            { name: 'maglev-region', path: `/devices/maglev-region/${at(maglev)}`, ready: 'canvas' },
          ]
        : []),
      ...(plc ? [{ name: 'plcController', path: `/devices/plcController/${at(plc)}`, ready: '[data-testid="device-status"]' }] : []),
    ];
    const routes: Record<string, Awaited<ReturnType<typeof open>>> = {};
    for (const c of cases) routes[c.name] = await open(browser, server, bearer, c);

    const list = cases[1] as RouteCase;
    const firstRender: number[] = [];
    for (let i = 0; i < RUNS; i += 1) firstRender.push((await open(browser, server, bearer, list)).shownMs);
    firstRender.sort((a, b) => a - b);
    const pct = (p: number) => firstRender[Math.min(firstRender.length - 1, Math.floor(firstRender.length * p))] ?? 0;
    return {
      fleetBoxes: FLEET,
      devices: all.length,
      deviceListFirstRowMs: { runs: RUNS, p50: pct(0.5), p95: pct(0.95), min: firstRender[0], max: firstRender[firstRender.length - 1] },
      routes,
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
