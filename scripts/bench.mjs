#!/usr/bin/env node
// `npm run bench -- <name>`: builds what is stale, compiles the benchmarks, runs one. Never part of `npm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run(process.execPath, [path.join(root, 'scripts/build.mjs')]);
run(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'bench']);
run(process.execPath, [path.join(root, 'bench/dist/run.js'), ...process.argv.slice(2)]);
