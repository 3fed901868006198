import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ControllerTypeSummary, ScriptItem, ScriptPreview, ScriptRun, ScriptRunState } from '@dms/contract';
import { builtinRegister } from '@dms/seed';
import { api, cpuMs, fleetArgs, rssBytes, simulate, stop, waitFor } from './ingest.js';
import { quantile, round, signIn } from './measure.js';
import { post } from './rollout.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- batch-params`: the maintenance script batch-modify-params (issue 24, docs/scripts.md) writing one
 * register to BENCH_PARAMS_DEVICES simulated devices (default 5,000). The built server in its own process (SQLite,
 * embedded broker, the default write timeout), the simulator in another: one screw compressor a box, reporting every
 * INTERVAL s so that each device has a value from before (what undo writes back). Once every device is online and has
 * reported: the dry run (POST /scripts/runs) timed, the run started with its count and polled every 500 ms until it is
 * no longer `running`, then undone and polled until `undone`. Each box really answers each write over MQTT. Measured:
 * the preview, the run and the undo (wall time, and the server's own started/finished times), writes a second, the
 * per-item outcomes, the server's CPU per phase and its RSS sampled at each poll.
 */
const DEVICES = Number(process.env.BENCH_PARAMS_DEVICES ?? 5000);
const FIRST_BOX = 800_001;
const TYPE = 'screw-compressor';
const KEY = 'target_pressure';
const REGISTER = builtinRegister(TYPE, KEY);
/** Inside target_pressure's 0.4..1.3 MPa and never the simulator's default (0.65, 0.70 or 0.75), so each write changes it. */
const VALUE = 0.8;
/** Seconds between a box's reports. */
const INTERVAL = 60;
const POLL_MS = 500;

interface Sample {
  at: number;
  cpu: number;
  rss: number;
}

/** Polls run `id` every POLL_MS while it is `busy`, sampling the server each time from `first` on; answers it and the samples. */
async function follow(server: RunningServer, token: string, id: number, busy: ScriptRunState, first: Sample, sample: () => Sample) {
  const samples = [first];
  const progress: Array<[number, number]> = [];
  let run = await api<ScriptRun>(server, token, `/scripts/runs/${id}`);
  while (run.state === busy && performance.now() - (samples[0]?.at ?? 0) < 30 * 60_000) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    run = await api<ScriptRun>(server, token, `/scripts/runs/${id}`);
    const s = sample();
    samples.push(s);
    progress.push([round((s.at - (samples[0]?.at ?? 0)) / 1000, 1), run.done]);
  }
  return { run, samples, progress };
}

/** The cores the server used between successive samples, sorted. */
const cores = (samples: Sample[]) =>
  samples
    .slice(1)
    .map((s, i) => (s.cpu - (samples[i]?.cpu ?? s.cpu)) / Math.max(1, s.at - (samples[i]?.at ?? s.at)))
    .sort((a, b) => a - b);

export async function benchBatchParams(): Promise<Record<string, unknown>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-params-'));
  const server = await startServer({ LOGIN_LIMIT_PER_ADDRESS: '100000', BOX_RATE_LIMIT: '1000' });
  let sim: ReturnType<typeof simulate> | null = null;
  try {
    const root = await signIn(server, 'demo_root');
    const pid = server.child.pid ?? 0;
    const sample = (): Sample => ({ at: performance.now(), cpu: cpuMs(pid), rss: rssBytes(pid) });
    // Registered first (the simulator does it when its file lacks them), then connected: one screw compressor a box.
    const fleet = {
      boxes: DEVICES,
      controllers: 1,
      interval: INTERVAL,
      firstBoxId: FIRST_BOX,
      credentials: path.join(work, 'credentials.json'),
    };
    const types = ['--types', TYPE];
    const register = simulate(server, [...fleetArgs({ ...fleet, connectRate: 1 }), ...types, '--duration', '1']);
    await new Promise((r) => register.once('exit', r));
    const connectStart = performance.now();
    sim = simulate(server, [...fleetArgs({ ...fleet, connectRate: 500 }), ...types]);
    let online = 0;
    await waitFor(
      async () => {
        const c = await api<{ online: number; online_alert: number; online_fault: number }>(server, root, '/devices/counts');
        online = c.online + c.online_alert + c.online_fault;
        return online >= DEVICES;
      },
      10 * 60_000,
      `${DEVICES} devices online`,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}: ${online} online`);
    });
    const connectS = round((performance.now() - connectStart) / 1000, 0);
    // A box's first report comes within an interval of its hello: then every device has a value to put back.
    await new Promise((r) => setTimeout(r, (INTERVAL + 5) * 1000));
    const type = (await api<ControllerTypeSummary[]>(server, root, '/controller-types')).find((t) => t.code === TYPE);
    if (!type) throw new Error(`no controller type ${TYPE}`);

    const start = sample();
    const preview = await post<ScriptPreview>(`${server.url}/api/v2/scripts/runs`, root, {
      script: 'batch-modify-params',
      typeId: type.id,
      register: REGISTER,
      value: VALUE,
      startBoxId: FIRST_BOX,
      endBoxId: FIRST_BOX + DEVICES - 1,
    });
    const previewed = sample();
    const id = preview.run.id;
    let beforeUnknown = 0;
    for (let page = 1; (page - 1) * 200 < preview.run.total; page++)
      beforeUnknown += (
        await api<{ items: ScriptItem[] }>(server, root, `/scripts/runs/${id}/items?page=${page}&page_size=200`)
      ).items.filter((i) => i.before === null).length;

    const simCpu0 = cpuMs(sim.pid ?? 0);
    const started = sample();
    await post<ScriptRun>(`${server.url}/api/v2/scripts/runs/${id}/start`, root, { count: preview.run.total });
    const ran = await follow(server, root, id, 'running', started, sample);
    const simCpuS = round((cpuMs(sim.pid ?? 0) - simCpu0) / 1000, 1);
    const runEnd = ran.samples.at(-1) ?? started;
    const runMs = runEnd.at - started.at;
    const runServerMs = (ran.run.finishedAt ?? 0) - (ran.run.startedAt ?? 0);
    // A few of each outcome that is not an acknowledgement, with the box's reason.
    const odd: Record<string, ScriptItem[]> = {};
    for (const outcome of ['rejected', 'timeout', 'queued', 'failed'] as const)
      if ((ran.run.counts[outcome] ?? 0) > 0)
        odd[outcome] = (await api<{ items: ScriptItem[] }>(server, root, `/scripts/runs/${id}/items?outcome=${outcome}&page_size=5`)).items;

    const undoCount = ran.run.counts.ok ?? 0;
    const undoStart = sample();
    await post<ScriptRun>(`${server.url}/api/v2/scripts/runs/${id}/undo`, root, { count: undoCount });
    const undone = await follow(server, root, id, 'undoing', undoStart, sample);
    const end = undone.samples.at(-1) ?? undoStart;
    const undoMs = end.at - undoStart.at;

    const all = [start, previewed, ...ran.samples, ...undone.samples];
    const runCores = cores(ran.samples);
    return {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      devices: DEVICES,
      write: { type: TYPE, register: REGISTER, key: KEY, value: VALUE },
      writeTimeoutMs: Number(process.env.WRITE_TIMEOUT_MS ?? 10_000),
      reportIntervalS: INTERVAL,
      onlineAfterS: connectS,
      preview: {
        ms: round(previewed.at - start.at, 0),
        total: preview.run.total,
        beforeUnknown,
        serverCpuS: round((previewed.cpu - start.cpu) / 1000, 2),
      },
      run: {
        state: ran.run.state,
        done: ran.run.done,
        counts: ran.run.counts,
        s: round(runMs / 1000, 1),
        serverS: round(runServerMs / 1000, 1),
        writesPerS: round(ran.run.done / (runServerMs / 1000), 0),
        serverCpuS: round((runEnd.cpu - started.cpu) / 1000, 1),
        serverCpuMsPerWrite: round((runEnd.cpu - started.cpu) / Math.max(1, ran.run.done), 2),
        meanCores: round((runEnd.cpu - started.cpu) / runMs, 2),
        p95Cores: quantile(runCores, 0.95, 2),
        simulatorCpuS: simCpuS,
        progress: ran.progress.filter((_, i) => i % 4 === 3),
        odd,
      },
      undo: {
        count: undoCount,
        state: undone.run.state,
        counts: undone.run.counts,
        s: round(undoMs / 1000, 1),
        writesPerS: round(undoCount / (undoMs / 1000), 0),
        serverCpuS: round((end.cpu - undoStart.cpu) / 1000, 1),
      },
      serverRssMiB: {
        start: round(start.rss / 2 ** 20, 0),
        max: round(Math.max(...all.map((s) => s.rss)) / 2 ** 20, 0),
        end: round(end.rss / 2 ** 20, 0),
      },
    };
  } finally {
    if (sim) await stop(sim);
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
