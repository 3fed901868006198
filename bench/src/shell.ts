import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium.js';
import { root, startServer } from './server-process.js';

const kb = (n: number) => Math.round(n / 102.4) / 10;

/** Gzip size of every script the browser loads to show /login. */
async function signInRouteJs(url: string): Promise<{ files: number; rawKb: number; gzipKb: number }> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const page = await browser.newPage();
  const scripts: Buffer[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      void res
        .body()
        .then((b) => scripts.push(b))
        .catch(() => undefined);
    }
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.waitForSelector('input');
  await browser.close();
  const raw = scripts.reduce((s, b) => s + b.length, 0);
  const gz = scripts.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
  return { files: scripts.length, rawKb: kb(raw), gzipKb: kb(gz) };
}

function buildSize(): { files: number; rawKb: number; gzipKb: number; jsGzipKb: number } {
  const dist = process.env.WEB_DIST ?? path.join(root, 'web/dist');
  let files = 0;
  let raw = 0;
  let gz = 0;
  let jsGz = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const data = fs.readFileSync(full);
        const z = gzipSync(data, { level: 9 }).length;
        files += 1;
        raw += data.length;
        gz += z;
        if (entry.name.endsWith('.js')) jsGz += z;
      }
    }
  };
  walk(dist);
  return { files, rawKb: kb(raw), gzipKb: kb(gz), jsGzipKb: kb(jsGz) };
}

/** Sign-ins per second: `concurrency` clients in a loop for `seconds`, keep-alive, from this process. */
async function signInsPerSecond(url: string, seconds: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(`${url}/api/v2/user/login`);
  const payload = JSON.stringify({ username: 'demo_manager', password: 'demo123456' });
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        target,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - t0);
            else failures += 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failures += 1;
        resolve();
      });
      req.end(payload);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
  return { perSecond: Math.round(latencies.length / elapsed), ok: latencies.length, failures, p50Ms: pct(0.5), p99Ms: pct(0.99) };
}

export async function benchShell(): Promise<Record<string, unknown>> {
  // Cold start on an empty database (migrations + 12 demo accounts hashed), then again on that database.
  const fresh = await startServer();
  await fresh.stop();
  const warm = await startServer({}, fresh.dataDir);
  const js = await signInRouteJs(warm.url);
  await warm.stop();

  const loaded = await startServer({ LOGIN_LIMIT_PER_ADDRESS: '1000000', LOGIN_LIMIT_PER_USERNAME: '1000000' });
  const signIns = await signInsPerSecond(loaded.url, 10, 8);
  await loaded.stop();
  fs.rmSync(fresh.dataDir, { recursive: true, force: true });
  fs.rmSync(loaded.dataDir, { recursive: true, force: true });

  return {
    coldStartEmptyDbMs: Math.round(fresh.firstAnswerMs),
    coldStartExistingDbMs: Math.round(warm.firstAnswerMs),
    signInRouteJs: js,
    consoleBuild: buildSize(),
    signIns,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  };
}
