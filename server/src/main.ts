import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { MigrationError } from './db/migrations.js';
import { startDemoFleet } from './demo-fleet/index.js';
import { seedInitialAccounts } from './modules/user/seed.js';

function shownHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host;
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  // Everything the server creates (data folder, database and its WAL files, credentials) is its owner's alone.
  process.umask(0o077);
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
  const seeded = await seedInitialAccounts(app.db, config);
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
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'stopping');
    await stopFleet?.();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

await main();
