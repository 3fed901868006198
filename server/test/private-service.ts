import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => {
      resolve(false);
    });
  });

/**
 * A service a test runs as its own process on 127.0.0.1:port (a private Mosquitto, a private Redis), to stop and
 * start it again: start() waits until it answers (at most 10 s); stop() sends `stopSignal` and waits until it has
 * exited (SIGKILL after 10 s).
 */
export abstract class PrivateService {
  private child: ChildProcess | null = null;
  private output = '';

  constructor(
    readonly port: number,
    private readonly stopSignal: NodeJS.Signals,
  ) {}

  /** The program and its arguments. */
  protected abstract command(): [string, string[]];

  async start(): Promise<void> {
    const [program, args] = this.command();
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.child = child;
    const until = Date.now() + 10_000;
    while (!(await answers(this.port))) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`${program} did not start: ${this.output}`);
      await sleep(25);
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(this.stopSignal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async restart(downMs: number): Promise<void> {
    await this.stop();
    await sleep(downMs);
    await this.start();
  }
}
