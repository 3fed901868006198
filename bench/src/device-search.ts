import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFleetPostgres } from './device-search-pg.js';
import { call, measure, prepareFleet } from './devices-list.js';
import { signIn } from './measure.js';
import { dropSchema, LOCAL_PG_URL, onPostgres } from './postgres.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench -- device-search` (issue 25): the device list's search anywhere in a device's text, at
 * BENCH_DEVICES devices (default 1,000,000) on SQLite, in Chinese and Latin script (devices-list.ts `writeFleet` with
 * its Chinese text: companies of two of ten words, eight provinces and cities, streets, contacts, the company's pinyin
 * in the remark, varied phones and IoT card codes). demo_manager sees 2,500 of them. p50/p95/p99 of BENCH_RUNS
 * (default 200) first pages after five warm-ups, for root and the manager: Chinese of one, two and four characters,
 * pinyin inside a word, box id, phone and card code pieces, text that matches one device, and text that matches none.
 * Each case's quick filters (`/devices/counts?q=`) are measured beside its page.
 * `BENCH_DATABASE=postgres` runs it on PostgreSQL (BENCH_PG_URL, default the local `test` database; device-search-pg.ts).
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);

const CASES: Array<[string, string]> = [
  ['one Chinese character (a tenth of the fleet)', '恒'],
  ['two Chinese characters (a tenth)', '恒力'],
  ['four Chinese characters (a hundredth)', '恒力金马'],
  ['a city, three characters (an eighth)', '深圳市'],
  ['a street, one device in 300', '东方路17号'],
  ['pinyin inside a word', 'engli'],
  ['box id piece', '00123'],
  ['phone piece', '3900791'],
  ['IoT card code piece (one device)', '000000123457'],
  ['one Latin letter (the pinyin of a fifth)', 'x'],
  ['nothing matches', '上海浦东'],
];

const PG_URL = process.env.BENCH_PG_URL ?? LOCAL_PG_URL;

export async function benchDeviceSearch(): Promise<Record<string, unknown>> {
  // BENCH_REUSE: the fleet a run kept (BENCH_KEEP=1: its data directory, or on PostgreSQL its schema) is measured again,
  // not written anew (the server's start migrates it).
  const reuse = process.env.BENCH_REUSE;
  const postgres = process.env.BENCH_DATABASE === 'postgres';
  const dataDir = reuse && !postgres ? reuse : fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-search-'));
  // BENCH_DATABASE=postgres: the same on PostgreSQL, in a schema of its own (dropped after).
  const pgSchema = postgres ? (reuse ?? `bench_search_${Date.now().toString(36)}`) : null;
  const env: Record<string, string> = pgSchema ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: pgSchema } : {};
  try {
    let writeSeconds: number | null = null;
    if (reuse) process.stderr.write(`measuring the kept fleet ${reuse}\n`);
    else if (pgSchema) {
      await (await startServer(env, dataDir)).stop();
      writeSeconds = await writeFleetPostgres(PG_URL, pgSchema, DEVICES);
    } else writeSeconds = await prepareFleet(dataDir, DEVICES, true);
    const server = await startServer(env, dataDir);
    try {
      // The server's start filled the reach of every device: its statistics are read again, as autovacuum would
      // soon after, and the search index's pending entries merged, before anything is timed.
      if (pgSchema)
        await onPostgres(PG_URL, async (client) => {
          await client.query(`VACUUM ANALYZE "${pgSchema}".devices, "${pgSchema}".device_reach, "${pgSchema}".boxes`);
        });
      const root = await signIn(server, 'demo_root');
      const manager = await signIn(server, 'demo_manager');
      // The request path compiled by V8 as in a server that has been in service: every case asked three times by
      // both users before anything is timed (the first case measured otherwise paid for it: p99 42 ms, against 12-29
      // for the others).
      for (let round = 0; round < 3; round++)
        for (const [, q] of CASES)
          for (const token of [root, manager])
            for (const url of [`/devices?q=${encodeURIComponent(q)}&page=1&page_size=20`, `/devices/counts?q=${encodeURIComponent(q)}`])
              await call(server, token, url);
      const cases = [];
      for (const [name, q] of CASES) {
        const url = `/devices?q=${encodeURIComponent(q)}&page=1&page_size=20`;
        const counts = `/devices/counts?q=${encodeURIComponent(q)}`;
        cases.push(await measure(server, root, `root: ${name}`, url));
        cases.push(await measure(server, root, `root, counts: ${name}`, counts));
        cases.push(await measure(server, manager, `manager: ${name}`, url));
        cases.push(await measure(server, manager, `manager, counts: ${name}`, counts));
      }
      const p95s = cases.map((c) => c.p95Ms).sort((a, b) => a - b);
      return {
        database: pgSchema ? 'postgres' : 'sqlite',
        devices: DEVICES,
        writeSeconds,
        ...(pgSchema ? {} : { databaseMb: Math.round(fs.statSync(path.join(dataDir, 'dms.sqlite')).size / 2 ** 20) }),
        worstP95Ms: p95s.at(-1),
        cases,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP === '1' || reuse) process.stderr.write(`kept ${dataDir}${pgSchema ? ` and the schema ${pgSchema}` : ''}\n`);
    else {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) await dropSchema(PG_URL, pgSchema);
    }
  }
}
