import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const linux = process.platform === 'linux';

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something listens on 127.0.0.1:port (a connection is accepted). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/** The parent pid of every process (Linux /proc). */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      map.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** Every process below `pid`. */
function descendants(pid: number): number[] {
  const map = parents();
  const found: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next = [...map].filter(([, ppid]) => frontier.includes(ppid)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    // A zombie still answers signal 0; it no longer runs.
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return state.slice(state.lastIndexOf(')') + 2, state.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe.skipIf(!linux)('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-start-'));
  let npm: ChildProcess | undefined;
  let seen: number[] = [];

  afterAll(() => {
    // Whatever the test's outcome, leave nothing behind.
    for (const pid of [...seen, npm?.pid ?? 0]) {
      if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends its output with the banner and, stopped by its process id with SIGTERM, leaves nothing running or listening', async () => {
    const [port, mqttPort] = [await freePort(), await freePort()];
    npm = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        MQTT_HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_FLEET: '1',
        DEMO_FLEET_SIZE: '3',
        DEMO_BACKFILL_DAYS: '1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => {
      npm?.once('exit', (code) => {
        resolve(code);
      });
    });

    // The banner (the build may come first).
    const deadline = Date.now() + 240_000;
    while (!/Demo fleet: 3 simulated boxes/.test(out)) {
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`no banner; output:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(out).toContain(`Device monitoring system is running at http://127.0.0.1:${port}`);
    expect(out).toContain(`Boxes connect to mqtt://127.0.0.1:${mqttPort}`);
    expect(out).toMatch(/Demo accounts \(password "demo123456"\): demo_root/);
    expect(await listening(port)).toBe(true);
    expect(await listening(mqttPort)).toBe(true);

    // The server and the demo fleet's simulator run below npm; wait until the simulator is there too.
    const pid = npm.pid ?? 0;
    const server = (): boolean =>
      descendants(pid).some((p) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('server/dist/main.js'));
    const simulator = (): boolean =>
      descendants(pid).some((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('simulator/dist/cli.js');
        } catch {
          return false;
        }
      });
    while (!(server() && simulator())) {
      if (Date.now() > deadline) throw new Error('the server or the simulator did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    seen = descendants(pid);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    // Nothing is written after the banner but what the log writes at info level; the 50 "box event" lines are debug.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(out).not.toContain('"msg":"box event"');
    // The back-fill of the new fleet's past days came before, with its progress.
    expect(out).toContain('demo fleet: history of the past days written');
    expect(out.trimEnd().split('\n').at(-1)).toMatch(/^ {2}Demo fleet: 3 simulated boxes report in/);

    process.kill(pid, 'SIGTERM');
    const code = await exited;
    expect(code === 0 || code === 143 || code === null).toBe(true);

    // Within a few seconds of npm's exit, every process it started is gone, and both ports are free.
    const until = Date.now() + 10_000;
    while (seen.some(alive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.filter(alive)).toEqual([]);
    expect(await listening(port)).toBe(false);
    expect(await listening(mqttPort)).toBe(false);
  }, 300_000);
});
