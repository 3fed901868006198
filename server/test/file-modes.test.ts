import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseLog } from '../src/db/database.js';
import { buildTestApp } from './helper.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-modes-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const mode = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);

describe('durable SQLite', () => {
  it('commits with synchronous=FULL unless SQLITE_SYNCHRONOUS=normal trades it for speed', async () => {
    const full = await buildTestApp('sqlite', {}, { seed: false });
    const normal = await buildTestApp('sqlite', { SQLITE_SYNCHRONOUS: 'normal' }, { seed: false });
    try {
      const synchronous = async (t: typeof full) => (await sql<{ synchronous: number }>`pragma synchronous`.execute(t.app.db)).rows[0];
      expect(await synchronous(full)).toEqual({ synchronous: 2 });
      expect(await synchronous(normal)).toEqual({ synchronous: 1 });
      const journal = (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(full.app.db)).rows[0];
      expect(journal).toEqual({ journal_mode: 'wal' });
    } finally {
      await full.close();
      await normal.close();
    }
  });
});

describe('data folder and file modes', () => {
  // The machine's usual umask: what is not made private on purpose would be readable by everyone.
  let umask = 0;
  beforeEach(() => {
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
  });

  it('creates the data folder 0700 and the database and its WAL files 0600', async () => {
    const dataDir = path.join(tempDir(), 'data', 'dms');
    const t = await buildTestApp('sqlite', { DATA_DIR: dataDir });
    try {
      const file = path.join(dataDir, 'dms.sqlite');
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
      expect(fs.existsSync(`${file}-shm`)).toBe(true);
      expect({ dir: mode(dataDir), db: mode(file), wal: mode(`${file}-wal`), shm: mode(`${file}-shm`) }).toEqual({
        dir: '700',
        db: '600',
        wal: '600',
        shm: '600',
      });
    } finally {
      await t.close();
    }
  });

  it('takes group and other rights off an existing data folder and its files at start, and says so', async () => {
    const dataDir = path.join(tempDir(), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    const file = path.join(dataDir, 'dms.sqlite');
    // An older start: the database with its WAL open, and the demo fleet's credentials, all readable by everyone.
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('create table t (v integer); insert into t values (1)');
    fs.writeFileSync(path.join(dataDir, 'demo-fleet.json'), '[]\n', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    fs.chmodSync(`${file}-wal`, 0o664);
    fs.chmodSync(`${file}-shm`, 0o644);
    fs.chmodSync(dataDir, 0o755);

    const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
    const log: DatabaseLog = { warn: (details, message) => void warnings.push({ details, message }) };
    const opened = await openDatabase({ kind: 'sqlite', file }, log);
    old.close();
    try {
      expect([dataDir, file, `${file}-wal`, `${file}-shm`, path.join(dataDir, 'demo-fleet.json')].map(mode)).toEqual([
        '700',
        '600',
        '600',
        '600',
        '600',
      ]);
      expect(warnings).toEqual([
        {
          message: 'data folder: took group and other rights off files only the server may read',
          details: {
            fixed: [
              { path: dataDir, from: '0755', to: '0700' },
              { path: file, from: '0644', to: '0600' },
              { path: `${file}-wal`, from: '0664', to: '0600' },
              { path: `${file}-shm`, from: '0644', to: '0600' },
              { path: path.join(dataDir, 'demo-fleet.json'), from: '0644', to: '0600' },
            ],
          },
        },
      ]);
    } finally {
      await opened.close();
    }

    // Once tight, a start says nothing.
    const again = await openDatabase({ kind: 'sqlite', file }, log);
    await again.close();
    expect(warnings).toHaveLength(1);
  });

  it('leaves a shared folder (sticky, like /tmp) as it is', async () => {
    const shared = path.join(tempDir(), 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const opened = await openDatabase({ kind: 'sqlite', file: path.join(shared, 'dms.sqlite') });
    await opened.close();
    expect((fs.statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(mode(path.join(shared, 'dms.sqlite'))).toBe('600');
  });
});
