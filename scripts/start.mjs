#!/usr/bin/env node
// `npm start`: builds what changed (scripts/build.mjs), then runs the server (which runs the demo fleet's simulator).
// One process that npm waits for: SIGINT, SIGTERM and SIGHUP are passed on to the child that runs (build or server),
// and this script exits when it exits, with its code, so that stopping `npm start` by its process id stops everything.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** After a stop signal, how long the server has to close before it is killed. */
const KILL_AFTER_MS = 15_000;

let child = null;
let stopSignal = null;

for (const signal of SIGNALS) {
  process.on(signal, () => {
    if (stopSignal && child) {
      // A second signal: do not wait any longer.
      child.kill('SIGKILL');
      return;
    }
    stopSignal = signal;
    if (!child) process.exit(130);
    child.kill(signal);
    setTimeout(() => child?.kill('SIGKILL'), KILL_AFTER_MS).unref();
  });
}

// npm runs this script through `sh -c`, and a shell may die of npm's SIGTERM without passing it on: when this process
// is orphaned (its parent is gone and it has a new one), it takes that as SIGTERM.
const firstParent = process.ppid;
setInterval(() => {
  if (process.ppid !== firstParent && !stopSignal) process.emit('SIGTERM', 'SIGTERM');
}, 200).unref();

/** Runs node with these arguments; resolves with its exit code (128 + n when a signal ended it). */
function runNode(args) {
  return new Promise((resolve) => {
    child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (err) => {
      process.stderr.write(`start: ${err.message}\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGHUP' ? 1 : signal === 'SIGKILL' ? 9 : 15));
    });
  });
}

const built = await runNode([path.join(root, 'scripts/build.mjs')]);
if (built !== 0 || stopSignal) process.exit(built === 0 ? 130 : built);
process.exit(await runNode([path.join(root, 'server/dist/main.js'), ...process.argv.slice(2)]));
