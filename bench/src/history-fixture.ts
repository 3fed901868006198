import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ControllerTypeDetail, ControllerTypeSummary } from '@dms/contract';
import { quantile, round, signIn, timedRuns } from './measure.js';
import { startServer, type RunningServer } from './server-process.js';
import { MARK_EVERY_MINUTE, writeDevicePostgres, type PostgresTarget } from './history-fixture-pg.js';

/*
 * One device with days of stored snapshots, written straight into the SQLite file before the server starts (the
 * history-chart and charts benches): snapshots STEP_MS apart of every register of the screw compressor, packed as
 * the ingest stores them.
 */

export const STEP_MS = 10_000;
export type Register = ControllerTypeDetail['registers'][number];

/** One API call: the envelope's data (unchecked: the caller names its type), the body's size and the call's time. */
export async function api(
  server: RunningServer,
  token: string,
  url: string,
  init: Omit<RequestInit, 'headers'> = {},
): Promise<{ data: unknown; bytes: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v2${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const text = await res.text();
  const ms = performance.now() - started;
  const body = JSON.parse(text) as { code: number; message: string; data: unknown };
  if (body.code !== 20000) throw new Error(`${url}: ${body.code} ${body.message}`);
  return { data: body.data, bytes: Buffer.byteLength(text), ms };
}

/** p50/p95/max of `runs` timed calls after two warm-ups; the last answer. */
export async function timed(server: RunningServer, token: string, url: string, runs: number) {
  const { samples, last } = await timedRuns(() => api(server, token, url), 2, runs);
  const at = (q: number) => quantile(samples, q);
  if (!last) throw new Error('no runs');
  return { p50Ms: at(0.5), p95Ms: at(0.95), maxMs: round(samples.at(-1) ?? NaN), bytes: last.bytes, data: last.data };
}

/** A plausible value of a register at step i: slow waves within a range for numbers, fixed words otherwise. */
export function waveValue(reg: Register, i: number): number {
  if (reg.format === 'bits') return 0;
  if (reg.format === 'enum') return Number(Object.keys(reg.options ?? { 0: null })[0] ?? 0);
  const base = 200 + (reg.number % 7) * 100;
  return Math.max(0, Math.round(base + 80 * Math.sin(i / 360 + reg.number) + 20 * Math.sin(i / 7)));
}

/** What is written at step i: each register's value (null: no snapshot at that step, the box was away). */
export type Values = (reg: Register, i: number) => number;

/** Writes `count` snapshots of every register, STEP_MS apart from `start` (step index `first` on); `away(i)` skips a step. */
export function writeHistory(
  db: Database.Database,
  deviceId: number,
  registers: readonly Register[],
  start: number,
  first: number,
  count: number,
  valueOf: Values = waveValue,
  away: (i: number) => boolean = () => false,
): number {
  const insert = db.prepare('insert into history (device_id, ts, vals) values (?, ?, ?)');
  let written = 0;
  const insertAll = db.transaction((from: number, n: number) => {
    for (let i = from; i < from + n; i++) {
      if (away(i)) continue;
      insert.run(deviceId, start + (i - first) * STEP_MS, pack(registers.map((r) => [r.number, valueOf(r, i)])));
      written += 1;
    }
  });
  for (let i = first; i < first + count; i += 20_000) insertAll(i, Math.min(20_000, first + count - i));
  return written;
}

/** Packs (register u16, value u16) pairs big-endian, sorted by register (server/src/ingest/codec.ts). */
function pack(values: Array<[number, number]>): Buffer {
  const buf = Buffer.allocUnsafe(values.length * 4);
  values.forEach(([r, v], i) => {
    buf.writeUInt16BE(r, i * 4);
    buf.writeUInt16BE(v & 0xffff, i * 4 + 2);
  });
  return buf;
}

export interface SeededDevice {
  dataDir: string;
  deviceId: number;
  typeId: number;
  /** The type's registers, by number. */
  registers: Register[];
  from: number;
  end: number;
  /** Snapshots written. */
  rows: number;
  writeSeconds: number;
}

/** The server's environment for a PostgreSQL target (none: the SQLite file in its data folder). */
export const databaseEnv = (target?: PostgresTarget): Record<string, string> =>
  target ? { DATABASE_URL: target.url, DATABASE_SCHEMA: target.schema } : {};

/**
 * An empty server makes the schema, the demo accounts and the built-in types; box `boxId` is registered to
 * demo_manager through the API; then, with the server stopped, its screw compressor and `days` of snapshots ending a
 * minute ago go straight into the file (or into `postgres`'s schema), every minute marked for the rollup job (as an
 * upgraded install's history is).
 */
export async function seedDevice(
  boxId: number,
  days: number,
  valueOf: Values = waveValue,
  away?: (i: number) => boolean,
  postgres?: PostgresTarget,
): Promise<SeededDevice> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-history-'));
  const first = await startServer(databaseEnv(postgres), dataDir);
  let typeId: number;
  let registers: Register[];
  let managerId: number;
  try {
    const root = await signIn(first, 'demo_root');
    const types = (await api(first, root, '/controller-types')).data as ControllerTypeSummary[];
    const type = types.find((t) => t.code === 'screw-compressor');
    if (!type) throw new Error('no screw-compressor type');
    typeId = type.id;
    registers = ((await api(first, root, `/controller-types/${type.id}`)).data as ControllerTypeDetail).registers;
    const users = (await api(first, root, '/box-reg-info/users?q=demo_manager')).data as Array<{ id: number; username: string }>;
    managerId = users.find((u) => u.username === 'demo_manager')?.id ?? 0;
    await api(first, root, '/box-reg-info', {
      method: 'POST',
      body: JSON.stringify({ startBoxId: boxId, endBoxId: boxId, userId: managerId, boxType: 'DTU-4G', companyName: 'Bench Co' }),
    });
  } finally {
    await first.stop();
  }
  const end = Date.now() - 60_000;
  const from = end - days * 86_400_000;
  const steps = (days * 86_400_000) / STEP_MS;
  const sorted = [...registers].sort((a, b) => a.number - b.number);
  const writeStarted = performance.now();
  if (postgres) {
    const written = await writeDevicePostgres(postgres, { boxId, typeId, managerId, end, from }, steps, (i) =>
      away?.(i) ? null : { ts: from + i * STEP_MS, vals: pack(sorted.map((r) => [r.number, valueOf(r, i)])) },
    );
    const writeSeconds = round((performance.now() - writeStarted) / 1000);
    process.stderr.write(`wrote ${written.rows} snapshots of ${sorted.length} registers in ${writeSeconds} s\n`);
    return { dataDir, typeId, registers: sorted, from, end, writeSeconds, ...written };
  }
  const db = new Database(path.join(dataDir, 'dms.sqlite'));
  let deviceId: number;
  let rows: number;
  try {
    db.pragma('journal_mode = WAL');
    deviceId = Number(
      db
        .prepare(
          "insert into devices (box_id, controller, type_id, type_code, owner_id, status, online, fault, alert, last_seen, created_at) values (?, 1, ?, 'screw-compressor', ?, 'offline', 0, 0, 0, ?, ?)",
        )
        .run(boxId, typeId, managerId, end, from).lastInsertRowid,
    );
    rows = writeHistory(db, deviceId, sorted, from, 0, steps, valueOf, away);
    db.exec(MARK_EVERY_MINUTE);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const writeSeconds = round((performance.now() - writeStarted) / 1000);
  process.stderr.write(`wrote ${rows} snapshots of ${sorted.length} registers in ${writeSeconds} s\n`);
  return { dataDir, deviceId, typeId, registers: sorted, from, end, rows, writeSeconds };
}
