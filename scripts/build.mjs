#!/usr/bin/env node
// Builds what is not yet built (or is older than its sources): the contract and the server with tsc,
// the console with Vite. `--force` builds everything. Used by `npm start` and `npm test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of fs.readdirSync(full)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

function stale(output, inputs) {
  if (force) return true;
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return inputs.some((i) => newest(i) > built);
}

function run(label, command, args) {
  const started = Date.now();
  process.stdout.write(`build: ${label}…\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`build: ${label} failed\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`build: ${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// Join the areas' folders into the indexes (writes only what changed). In CI the committed indexes are used as they
// are, and server/test/areas.test.ts fails when one is stale.
if (process.env.CI !== 'true') run('areas', process.execPath, [path.join(root, 'scripts/areas.mjs')]);

const shared = [
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/seed/src',
  'packages/seed/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

if (stale('server/dist/main.js', [...shared, 'server/src', 'server/tsconfig.json', 'server/package.json'])) {
  run('server', bin('tsc'), ['-b', ...(force ? ['--force'] : []), 'packages/contract', 'packages/seed', 'server']);
  fs.utimesSync(path.join(root, 'server/dist/main.js'), new Date(), new Date());
}
if (stale('simulator/dist/cli.js', [...shared, 'simulator/src', 'simulator/tsconfig.json', 'simulator/package.json'])) {
  run('simulator', bin('tsc'), ['-b', ...(force ? ['--force'] : []), 'packages/contract', 'packages/seed', 'simulator']);
  fs.utimesSync(path.join(root, 'simulator/dist/cli.js'), new Date(), new Date());
}
if (stale('web/dist/index.html', [...shared, 'web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json'])) {
  run('console', bin('vite'), ['build', 'web', '--logLevel', 'warn']);
}
