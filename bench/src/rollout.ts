import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RolloutRow } from '@dms/contract';
import { api, cpuMs, fleetArgs, rssBytes as rss, simulate, stop, waitFor } from './ingest.js';
import { quantile, round, signIn } from './measure.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench -- rollout`: a firmware rollout to BENCH_ROLLOUT_BOXES simulated boxes (default 10,000; issue 23). The
 * built server in its own process (SQLite, embedded broker), the simulator in another (one controller a box, reporting once an
 * hour, so online for three hours after each report);
 * a 256 KiB image uploaded, then rolled out with a canary of 100 and batches of 500, no pace, 100 failures allowed.
 * Each simulated box really downloads the image over HTTP with its id and secret, checks its size and SHA-256, reboots
 * (1 s away) and reports the new version. Measured: the time from each batch's start to the next's (a batch has
 * settled when none of its boxes is at work), the whole rollout, and the server's CPU and memory sampled every second.
 */
const BOXES = Number(process.env.BENCH_ROLLOUT_BOXES ?? 10_000);
const FIRST_BOX = 700_001;
const IMAGE_BYTES = 256 * 1024;
const CANARY = 100;
const BATCH = 500;

export async function post<T>(url: string, token: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; message: string; data: T };
  if (answer.code !== 20000) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

export async function benchRollout(): Promise<Record<string, unknown>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-rollout-'));
  const server = await startServer({ LOGIN_LIMIT_PER_ADDRESS: '100000', BOX_RATE_LIMIT: '1000' });
  let sim: ReturnType<typeof simulate> | null = null;
  try {
    const root = await signIn(server, 'demo_root');
    // Registered first (the simulator does it when its file lacks them), then connected: one controller, one report an hour.
    const fleet = { boxes: BOXES, controllers: 1, interval: 3600, firstBoxId: FIRST_BOX, credentials: path.join(work, 'credentials.json') };
    const register = simulate(server, [...fleetArgs({ ...fleet, connectRate: 1 }), '--duration', '1']);
    await new Promise((r) => register.once('exit', r));
    const connectStart = performance.now();
    sim = simulate(server, fleetArgs({ ...fleet, connectRate: 500 }));
    let connected = 0;
    await waitFor(
      async () => (connected = (await api<{ connectedBoxes: number }>(server, root, '/boxes/ingest-stats')).connectedBoxes) >= BOXES,
      // A box's first hello creates its device (a few writes, one after another): 10,000 new boxes take minutes.
      30 * 60_000,
      `${BOXES} boxes to connect`,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}: ${connected} connected`);
    });
    const image = Buffer.alloc(IMAGE_BYTES, 0xa5);
    image.write('bench firmware 9.0.0');
    const sha256 = createHash('sha256').update(image).digest('hex');
    const query = new URLSearchParams({ kind: 'firmware', boxType: 'DTU-4G', version: '9.0.0', fileName: 'bench-9.0.0.bin', sha256 });
    const img = await post<{ id: number }>(`${server.url}/api/v2/smartbox/images?${query.toString()}`, root, image, {
      'content-type': 'application/octet-stream',
    });
    const connectS = round((performance.now() - connectStart) / 1000, 0);
    const boxIds = Array.from({ length: BOXES }, (_, i) => FIRST_BOX + i);
    const pid = server.child.pid ?? 0;
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    const started = await post<RolloutRow>(`${server.url}/api/v2/smartbox/rollouts`, root, {
      imageId: img.id,
      filter: { boxIds },
      canary: CANARY,
      batchSize: BATCH,
      paceSeconds: 0,
      maxFailures: 100,
    });
    const batchStarts: number[] = [0];
    const cpuPerSecond: number[] = [];
    const rssSamples: number[] = [rss(pid)];
    let last = started;
    let lastCpu = cpu0;
    let lastSample = performance.now();
    while (last.state === 'running' && performance.now() - t0 < 30 * 60_000) {
      await new Promise((r) => setTimeout(r, 250));
      last = await api<RolloutRow>(server, root, `/smartbox/rollouts/${started.id}`);
      while (batchStarts.length < last.batchesStarted) batchStarts.push(performance.now() - t0);
      if (performance.now() - lastSample >= 1000) {
        const cpu = cpuMs(pid);
        cpuPerSecond.push((cpu - lastCpu) / (performance.now() - lastSample));
        lastCpu = cpu;
        lastSample = performance.now();
        rssSamples.push(rss(pid));
      }
    }
    const totalMs = performance.now() - t0;
    const cpuTotal = cpuMs(pid) - cpu0;
    const batchMs = batchStarts.slice(1).map((at, i) => at - (batchStarts[i] ?? 0));
    batchMs.push(totalMs - (batchStarts.at(-1) ?? 0));
    const sorted = [...batchMs].sort((a, b) => a - b);
    const cpuSorted = [...cpuPerSecond].sort((a, b) => a - b);
    const versions = await api<Array<{ boxType: string; version: string | null; boxes: number }>>(server, root, '/smartbox/versions');
    return {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      boxes: BOXES,
      firstConnectS: connectS,
      imageBytes: IMAGE_BYTES,
      canary: CANARY,
      batchSize: BATCH,
      state: last.state,
      counts: last.counts,
      batches: last.batchesStarted,
      totalS: round(totalMs / 1000, 1),
      boxesUpdatedPerS: round((last.counts.done ?? 0) / (totalMs / 1000), 1),
      batchS: {
        canary: round((batchMs[0] ?? 0) / 1000, 2),
        p50: round(quantile(sorted, 0.5) / 1000, 2),
        max: round((sorted.at(-1) ?? 0) / 1000, 2),
        each: batchMs.map((ms) => round(ms / 1000, 2)),
      },
      serverCpu: {
        msPerBox: round(cpuTotal / BOXES, 2),
        meanCores: round(cpuTotal / totalMs, 2),
        p95Cores: quantile(cpuSorted, 0.95, 2),
      },
      serverRssMiB: {
        start: round((rssSamples[0] ?? 0) / 2 ** 20, 0),
        max: round(Math.max(...rssSamples) / 2 ** 20, 0),
        end: round((rssSamples.at(-1) ?? 0) / 2 ** 20, 0),
      },
      fleetVersions: versions.filter((v) => v.boxType === 'DTU-4G'),
    };
  } finally {
    if (sim) await stop(sim);
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
