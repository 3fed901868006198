#!/usr/bin/env node
// `node scripts/profile-top.mjs <file.cpuprofile> [n]`: the functions a V8 CPU profile (node --cpu-prof) spent the most
// self time in, with their share of the samples; the program's idle and GC named as V8 names them.
import fs from 'node:fs';

const [file, count = '10'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/profile-top.mjs <file.cpuprofile> [n]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const self = new Map();
let total = 0;
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\/.*?\/(server|node_modules)\//, '$1/')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0));
  total += node.hitCount ?? 0;
}
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(count));
for (const [key, hits] of rows) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
