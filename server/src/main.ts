import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { MigrationError } from './db/migrations.js';
import { startDemoFleet } from './demo-fleet/index.js';
import { seedInitialAccounts } from './modules/user/seed.js';

function shownHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

/**
 * Where the log writes (pino's destination, stdout, written asynchronously and in order), so that the banner goes
 * after every line logged before it; stdout itself for a logger without one.
 */
function logOutput(log: object): { write(text: string): unknown } {
  for (let o: object | null = log; o; o = Object.getPrototypeOf(o) as object | null) {
    const key = Object.getOwnPropertySymbols(o).find((s) => s.description === 'pino.stream');
    const stream: unknown = key ? (o as Record<symbol, unknown>)[key] : undefined;
    if (stream && typeof (stream as { write?: unknown }).write === 'function') return stream as { write(text: string): unknown };
  }
  return process.stdout;
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** How long a stop may take (open connections, the simulator) before the process exits anyway. */
const STOP_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  // Everything the server creates (data folder, database and its WAL files, credentials) is its owner's alone.
  process.umask(0o077);
  // Listen for stop signals from the first moment: a signal during start-up stops the server once it is up (and
  // closes the broker, HTTP and the simulator), rather than leaving half of it running.
  const stopping: { signal: string | null; stop: ((signal: string) => Promise<void>) | null } = { signal: null, stop: null };
  const onSignal = (signal: string) => {
    if (stopping.signal) {
      // A second signal: do not wait.
      process.exit(1);
    }
    stopping.signal = signal;
    setTimeout(() => {
      process.stderr.write(`Could not stop within ${STOP_TIMEOUT_MS / 1000} s: exiting\n`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    if (stopping.stop) void stopping.stop(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      onSignal(signal);
    });
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const started = performance.now();
  const app = await buildApp(config).catch((err: unknown) => {
    if (err instanceof MigrationError) fail(err.message);
    fail(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  });
  const seeded = await seedInitialAccounts(app.db, config, app.clock());
  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  app.log.info({ ms: Math.round(performance.now() - started) }, 'ready');

  const lines = [`Device monitoring system is running at ${shown}`, `  API docs: ${shown}/api/docs`];
  if (config.database.kind === 'sqlite') lines.push(`  Database: ${config.database.file}`);
  lines.push(
    config.mqtt.url
      ? `  Boxes report through the external broker ${config.mqtt.url.replace(/\/\/[^@]*@/, '//***@')}`
      : `  Boxes connect to mqtt://${shownHost(config.mqtt.host)}:${app.mqttPort}`,
  );
  if (seeded.kind === 'demo') {
    lines.push(`  Demo accounts (password "${config.demoPassword}"): ${seeded.usernames.join(', ')}`);
  } else if (seeded.kind === 'admin') {
    lines.push(`  Root admin created: ${seeded.usernames.join(', ')} (password from ADMIN_PASSWORD)`);
  }
  const stopFleet = await startDemoFleet(app, seeded.kind === 'demo').catch((err: unknown) => {
    app.log.error({ err }, 'could not start the demo fleet');
    return null;
  });
  if (stopFleet) lines.push(`  Demo fleet: ${config.demoFleet.size} simulated boxes report in (DEMO_FLEET=0 turns it off)`);
  // The banner is the last of the start's output: after the log lines (written asynchronously) that came before it.
  logOutput(app.log).write(`${lines.join('\n')}\n`);

  stopping.stop = async (signal: string) => {
    app.log.info({ signal }, 'stopping');
    await stopFleet?.();
    await app.close();
    process.exit(0);
  };
  if (stopping.signal) await stopping.stop(stopping.signal);
}

await main();
