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

/** Starts the built server in its own process on a free port and waits until it answers HTTP. */
export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'warn', MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', DEMO_FLEET: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
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
    mqttPort: Number(/Boxes connect to mqtt:\/\/\S+:(\d+)/.exec(output)?.[1] ?? 0),
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
