import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { BoxCredentials } from '@dms/contract';
import { BackupError, backupDatabase, pgDumpConnection, runBackupCommand } from '../src/backup.js';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { PG_URL, buildTestApp, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const RUN_HOURS = reg('generic-plc', 'running_hours');
const HEARTBEAT = reg('generic-plc', 'heartbeat');
const BOXES = 4;
const EVERY_MS = 10;

const hasProgram = (name: string) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;
const PG_DUMP = hasProgram('pg_dump');
const PSQL = hasProgram('psql');
// The server backs PostgreSQL up with pg_dump: in CI, where PostgreSQL is required, so are its client tools.
if (process.env.CI === 'true' && dialects.includes('postgres') && !(PG_DUMP && PSQL)) {
  throw new Error('pg_dump and psql are required in CI (npm run backup on PostgreSQL): apt-get install postgresql-client');
}
const variants = dialects.filter((d) => {
  if (d === 'postgres' && !(PG_DUMP && PSQL)) {
    console.warn('pg_dump or psql is not installed: the PostgreSQL backup test is skipped (apt-get install postgresql-client)');
    return false;
  }
  return true;
});

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-backup-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Boxes publishing QoS 1 snapshots without pause; `acked` lists each one (box:ts) once its PUBACK came back. */
function startIngest(t: TestApp, boxes: BoxCredentials[]) {
  const acked: string[] = [];
  const sent: string[] = [];
  const clients: MqttClient[] = [];
  let sending = true;
  const t0 = t.clock.now - 3_600_000;
  const loops = boxes.map(async (b, i) => {
    const client = await connectBox(t.app.mqttPort, b);
    clients.push(client);
    await send(client, b.boxId, 'hello', hello([{ index: 1, type: 'generic-plc' }]));
    const pending: Array<Promise<void>> = [];
    for (let seq = 0; sending; seq += 1) {
      const ts = t0 + seq * 10 + i;
      sent.push(`${b.boxId}:${ts}`);
      pending.push(
        send(client, b.boxId, 'data', data(ts, { '1': { [RUN_HOURS]: seq % 65_536, [HEARTBEAT]: i } }, seq)).then(
          () => void acked.push(`${b.boxId}:${ts}`),
          () => undefined,
        ),
      );
      await sleep(EVERY_MS);
    }
    await Promise.all(pending);
  });
  const until = async (n: number) => {
    const limit = Date.now() + 30_000;
    while (acked.length < n && Date.now() < limit) await sleep(20);
    expect(acked.length).toBeGreaterThanOrEqual(n);
  };
  const stop = async () => {
    sending = false;
    await Promise.all(loops);
    await Promise.all(clients.map((c) => c.endAsync(true)));
  };
  return { acked, sent, until, stop };
}

async function storedSnapshots(t: TestApp): Promise<Set<string>> {
  const rows = await t.app.db
    .selectFrom('history')
    .innerJoin('devices', 'devices.id', 'history.device_id')
    .select(['devices.box_id as boxId', 'history.ts as ts'])
    .execute();
  return new Set(rows.map((r) => `${r.boxId}:${r.ts}`));
}

describe.each(variants)('npm run backup on %s, while boxes report', (dialect) => {
  it('copies every acknowledged snapshot online; the copy restores into a working app', async () => {
    const t = await buildTestApp(dialect, { BOX_RATE_LIMIT: '1000' });
    const restored: Array<() => Promise<void>> = [];
    try {
      const boxes = await registerBoxes(t.app, 6101, 6100 + BOXES);
      const ingest = startIngest(t, boxes);
      await ingest.until(BOXES * 20);

      const file = path.join(tempDir(), dialect === 'sqlite' ? 'dms-backup.sqlite' : 'dms-backup.sql');
      const ackedBefore = [...ingest.acked];
      const steps: Array<[number, number]> = [];
      let probeWritten = false;
      let probe: Database.Database | null = null;
      if (t.config.database.kind === 'sqlite') {
        // A writer of its own, besides the ingest: a row it commits during the copy must not be in it (a consistent
        // snapshot), and must not make the copy start over.
        probe = new Database(t.config.database.file);
        probe.exec('create table backup_probe (n integer)');
      }
      const result = await backupDatabase(t.config.database, file, {
        pagesPerStep: 2,
        onStep: (copied, total) => {
          steps.push([copied, total]);
          if (probe && !probeWritten && copied * 2 >= total) {
            probe.prepare('insert into backup_probe values (1)').run();
            probeWritten = true;
          }
        },
      });
      probe?.close();
      const sentBeforeEnd = ingest.sent.length;
      await ingest.until(ingest.acked.length + BOXES * 20);
      await ingest.stop();

      expect(result.kind).toBe(dialect);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
      const live = await storedSnapshots(t);
      expect(ackedBefore.filter((k) => !live.has(k))).toEqual([]);

      // Restore: the copy becomes the database of a new app.
      let copy: TestApp;
      if (dialect === 'sqlite') {
        expect(probeWritten).toBe(true);
        expect(steps.length).toBeGreaterThan(10);
        // Never started over: the pages copied only grow.
        expect(steps.every(([copied], i) => i === 0 || copied >= (steps[i - 1]?.[0] ?? 0))).toBe(true);
        const check = new Database(file, { readonly: true });
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
        expect(check.prepare('select count(*) as n from backup_probe').get()).toEqual({ n: 0 });
        check.close();
        const dataDir = tempDir();
        fs.copyFileSync(file, path.join(dataDir, 'dms.sqlite'));
        copy = await buildTestApp('sqlite', { DATA_DIR: dataDir }, { seed: false });
      } else {
        const database = `dms_restore_${process.pid}_${Date.now().toString(36)}`;
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${database}`);
        await admin.end();
        const url = new URL(PG_URL);
        url.pathname = `/${database}`;
        restored.push(async () => {
          const c = new pg.Client({ connectionString: PG_URL });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
          await c.end();
        });
        // Into an empty database, then once more over what is there (the script drops what it recreates).
        for (let i = 0; i < 2; i += 1) {
          const psql = spawnSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-f', file, '-d', url.toString()], { encoding: 'utf8' });
          expect(psql.stderr).toBe('');
          expect(psql.status).toBe(0);
        }
        const schema = t.config.database.kind === 'postgres' ? t.config.database.schema : undefined;
        copy = await buildTestApp(
          'postgres',
          { DATABASE_URL: url.toString(), ...(schema ? { DATABASE_SCHEMA: schema } : {}) },
          { seed: false },
        );
      }
      restored.unshift(() => copy.close());
      const inCopy = await storedSnapshots(copy);
      expect(ackedBefore.length).toBeGreaterThanOrEqual(BOXES * 20);
      expect(ackedBefore.filter((k) => !inCopy.has(k))).toEqual([]);
      // A copy of one moment during the backup: nothing published after it ended is in it.
      expect(ingest.sent.slice(sentBeforeEnd).filter((k) => inCopy.has(k))).toEqual([]);
      expect(inCopy.size).toBeLessThan(live.size);
      // The restored app works: its accounts sign in.
      const signIn = await copy.app.inject({
        method: 'POST',
        url: '/api/v2/user/login',
        payload: { username: 'demo_root', password: 'demo123456' },
      });
      expect(signIn.json<{ code: number }>().code).toBe(20000);
    } finally {
      for (const undo of restored) await undo();
      await t.close();
    }
  }, 90_000);
});

describe('the backup command', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, output: { out: (l: string) => void out.push(l), err: (l: string) => void err.push(l) } };
  };

  it('writes a 0600 copy, keeps an existing file unless --force, and says what is wrong in one line', async () => {
    const dataDir = tempDir();
    const source = new Database(path.join(dataDir, 'dms.sqlite'));
    source.exec("create table t (v text); insert into t values ('first')");
    source.close();
    const cwd = tempDir();
    const env = { DATA_DIR: dataDir, INIT_CWD: cwd, NODE_ENV: 'production' };

    const first = io();
    expect(await runBackupCommand(['copy.sqlite'], env, first.output)).toBe(0);
    const file = path.join(cwd, 'copy.sqlite');
    expect(first.out.at(-1)).toMatch(new RegExp(`^Backup written: ${file} \\(\\d+\\.\\d MiB in \\d+\\.\\d s\\)$`));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const read = (f: string) => {
      const db = new Database(f, { readonly: true });
      const rows = db.prepare('select v from t').all();
      db.close();
      return rows;
    };
    expect(read(file)).toEqual([{ v: 'first' }]);

    const writer = new Database(path.join(dataDir, 'dms.sqlite'));
    writer.exec("update t set v = 'second'");
    writer.close();
    const refused = io();
    expect(await runBackupCommand([file], env, refused.output)).toBe(1);
    expect(refused.err).toEqual([`Backup failed: ${file} already exists (add --force to replace it)`]);
    expect(read(file)).toEqual([{ v: 'first' }]);
    fs.chmodSync(file, 0o644);
    expect(await runBackupCommand([file, '--force'], env, io().output)).toBe(0);
    expect(read(file)).toEqual([{ v: 'second' }]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(cwd)).toEqual(['copy.sqlite']);

    const usage = io();
    expect(await runBackupCommand([], env, usage.output)).toBe(2);
    expect(usage.err[0]).toBe('Name the file to write the backup into.');
    expect(await runBackupCommand([file, '--fast'], env, io().output)).toBe(2);
    const missing = io();
    expect(await runBackupCommand(['x.sqlite'], { DATA_DIR: tempDir(), INIT_CWD: cwd }, missing.output)).toBe(1);
    expect(missing.err[0]).toMatch(/^Backup failed: There is no database at .*dms\.sqlite \(see DATA_DIR\)$/);
    expect(fs.existsSync(path.join(cwd, 'x.sqlite'))).toBe(false);
    const badConfig = io();
    expect(await runBackupCommand(['y.sqlite'], { ...env, DATABASE_URL: 'mysql://x' }, badConfig.output)).toBe(1);
    expect(badConfig.err[0]).toMatch(/^Invalid configuration: DATABASE_URL/);
  });

  it('refuses to write over the database itself', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'dms.sqlite');
    new Database(file).close();
    await expect(backupDatabase({ kind: 'sqlite', file }, file, { force: true })).rejects.toThrow(BackupError);
    await expect(backupDatabase({ kind: 'sqlite', file }, `${file}-wal`, { force: true })).rejects.toThrow(/is the database itself/);
  });

  it('names a missing pg_dump clearly, and keeps the password off its command line', async () => {
    const dir = tempDir();
    await expect(
      backupDatabase({ kind: 'postgres', url: 'postgres://u:p@127.0.0.1:1/x' }, path.join(dir, 'd.sql'), { pgDump: 'no-such-pg_dump' }),
    ).rejects.toThrow(/^no-such-pg_dump was not found: install the PostgreSQL client tools \(Debian: apt-get install postgresql-client\)/);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(pgDumpConnection('postgres://dms:s%40cret@db:5432/dms?sslmode=require')).toEqual({
      dbname: 'postgres://dms@db:5432/dms?sslmode=require',
      password: 's@cret',
    });
    expect(pgDumpConnection('postgres://dms@db/dms')).toEqual({ dbname: 'postgres://dms@db/dms' });
  });
});
