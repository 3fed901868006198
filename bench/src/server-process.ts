import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  /** The embedded broker's port. */
  mqttPort: number;
  child: ChildProcess;
  dataDir: string;
  /** ms from spawn to the first answered HTTP request. */
  firstAnswerMs: number;
  stop: () => Promise<void>;
}

/** The built server in its own process, once it has said where it runs. */
export interface SpawnedServer {
  url: string;
  /** The embedded broker's port. */
  mqttPort: number;
  child: ChildProcess;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * Spawns the built server (`npm run build` first) with test defaults (free HTTP and MQTT ports on 127.0.0.1, warn
 * logs, no demo fleet) under `env`, and waits at most 30 s (BENCH_START_TIMEOUT_S) for its "running at" line. Its
 * stderr is echoed. Shared by the benchmarks, the end-to-end set-up and the server's kill-and-restart test.
 */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(root, 'server/dist/main.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        MQTT_PORT: '0',
        MQTT_HOST: '127.0.0.1',
        DEMO_FLEET: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        reject(new Error(`server did not start:\n${output}`));
      },
      Number(process.env.BENCH_START_TIMEOUT_S ?? 30) * 1000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const mqttPort = Number(/Boxes connect to mqtt:\/\/\S+:(\d+)/.exec(output)?.[1] ?? 0);
  return { url, mqttPort, child, output: () => output };
}

/** Starts the built server in its own process on a free port and waits until it answers HTTP. */
export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-'));
  const started = performance.now();
  const { url, mqttPort, child } = await spawnServer({ DATA_DIR: dir, ...env });
  // First answer: an API call that goes through routing, auth and the database.
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v2/user/info`);
      if (res.status === 401) break;
    } catch {
      /* not yet */
    }
  }
  const firstAnswerMs = performance.now() - started;
  return {
    url,
    mqttPort,
    child,
    dataDir: dir,
    firstAnswerMs,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
