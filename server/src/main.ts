import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { MigrationError } from './db/migrations.js';
import { seedInitialAccounts } from './modules/user/seed.js';

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
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
  if (seeded.kind === 'demo') {
    lines.push(`  Demo accounts (password "${config.demoPassword}"): ${seeded.usernames.join(', ')}`);
  } else if (seeded.kind === 'admin') {
    lines.push(`  Root admin created: ${seeded.usernames.join(', ')} (password from ADMIN_PASSWORD)`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'stopping');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

await main();
