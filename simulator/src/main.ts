import { parseCliArgs, USAGE, UsageError, type CliOptions } from './args.js';
import { provisionCredentials, readMasterKey } from './credentials.js';
import { startFleet, type Fleet } from './fleet.js';
import type { FleetStats } from './stats.js';
import { statusLine } from './status.js';

/** Where the CLI writes, and how it learns that it should stop (tests pass their own). */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Calls `stop` on SIGINT/SIGTERM; returns a function that removes the handlers. */
  onStopSignal(stop: () => void): () => void;
}

const STATUS_EVERY_MS = 10_000;

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  onStopSignal(stop) {
    const signals = ['SIGINT', 'SIGTERM'] as const;
    let count = 0;
    const handler = (): void => {
      // A second Ctrl-C while the boxes disconnect: do not wait for them.
      if (++count > 1) process.exit(130);
      stop();
    };
    for (const s of signals) process.on(s, handler);
    // Started by a server with an IPC channel (the demo fleet): stop when that server is gone, however it ended.
    const orphaned = (): void => {
      stop();
    };
    process.on('disconnect', orphaned);
    return () => {
      for (const s of signals) process.off(s, handler);
      process.off('disconnect', orphaned);
    };
  },
};

/** The `dms-simulate` command: its exit code (0 done, 1 failed, 2 bad arguments). */
export async function run(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  let options: CliOptions;
  try {
    const parsed = parseCliArgs(argv);
    if (parsed.help) {
      io.out(USAGE);
      return 0;
    }
    options = parsed.options;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`dms-simulate: ${err.message} (see --help)`);
    return 2;
  }

  const stamp = (line: string): string => `${new Date().toTimeString().slice(0, 8)} ${line}`;
  const log = (line: string): void => {
    io.out(stamp(line));
  };
  const warn = (line: string): void => {
    io.err(stamp(line));
  };
  let fleet: Fleet;
  try {
    const masterKey = await readMasterKey(options.masterKeyFile, process.env.SIM_MASTER_KEY);
    const boxIds = Array.from({ length: options.boxes }, (_, i) => options.firstBoxId + i);
    const boxes = await provisionCredentials({
      file: options.credentials,
      boxIds,
      ...(options.api ? { api: options.api } : {}),
      user: options.user,
      password: options.password,
      ...(options.ownerId ? { ownerId: options.ownerId } : {}),
      log,
    });
    fleet = await startFleet({
      url: options.url,
      boxes,
      controllers: options.controllers,
      types: options.types,
      interval: options.interval,
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      rates: options.rates,
      connectRate: options.connectRate,
      scenes: options.scenes,
      ...(masterKey ? { masterKey } : {}),
      log,
      warn,
    });
  } catch (err) {
    io.err(`dms-simulate: ${(err as Error).message}`);
    return 1;
  }
  log(
    `${options.boxes} boxes (${options.firstBoxId}..${options.firstBoxId + options.boxes - 1}) × ${options.controllers} ` +
      `controller(s) [${options.types.join(', ')}] every ${options.interval} s to ${options.url}, seed ${fleet.seed}`,
  );

  let previous: FleetStats = fleet.stats();
  let previousAt = Date.now();
  const status = options.quiet
    ? null
    : setInterval(() => {
        const stats = fleet.stats();
        const now = Date.now();
        io.out(statusLine(new Date(now), stats, previous, (now - previousAt) / 1000));
        [previous, previousAt] = [stats, now];
      }, STATUS_EVERY_MS);

  // Until Ctrl-C / SIGTERM or the end of --duration; the signal handlers stay while the boxes disconnect.
  let removeHandlers = (): void => {};
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve) => {
    removeHandlers = io.onStopSignal(resolve);
    if (options.duration !== undefined) timer = setTimeout(resolve, options.duration * 1000);
  });
  clearTimeout(timer);
  if (status) clearInterval(status);
  log('stopping: disconnecting the boxes');
  await fleet.stop();
  const stats = fleet.stats();
  log(`stopped: ${stats.snapshotsAcked}/${stats.snapshotsSent} snapshots acknowledged, ${stats.writesAnswered} writes answered`);
  removeHandlers();
  return 0;
}
