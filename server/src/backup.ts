import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DATA_FILE_MODE, SQLITE_COMPANIONS, createPrivateFile } from './db/database.js';

/**
 * `npm run backup -- <file>`: an online, consistent copy of the database while the server runs.
 *
 * SQLite: SQLite's backup API, copying page by page from one read transaction, so the copy is the database as it was
 * committed at the moment the backup started (WAL: the server goes on writing meanwhile; without that one
 * transaction, each write would make the backup start over). PostgreSQL: `pg_dump` (one snapshot as well), as plain
 * SQL that `psql` restores. The file is written 0600 beside its final name and moved there only when complete, so a
 * failed backup never leaves a half-written file under that name.
 */

export class BackupError extends Error {}

export interface BackupOptions {
  /** Replace an existing file. */
  force?: boolean;
  /** Progress lines for a backup that takes longer than a second (at most one a second). */
  progress?: (line: string) => void;
  /** SQLite pages copied per step (default 1024: 4 MiB at the default page size). */
  pagesPerStep?: number;
  /** SQLite: called after every step with the pages copied and the total (the server's writes go on between steps). */
  onStep?: (copied: number, total: number) => void;
  /** The pg_dump program (default: pg_dump on the PATH). */
  pgDump?: string;
}

export interface BackupResult {
  kind: 'sqlite' | 'postgres';
  file: string;
  bytes: number;
  ms: number;
}

const MiB = 1_048_576;
export const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/** Copies the configured database into `target` (see the file's comment); answers what was written. */
export async function backupDatabase(database: Config['database'], target: string, options: BackupOptions = {}): Promise<BackupResult> {
  const started = Date.now();
  const file = path.resolve(target);
  if (!options.force && fs.existsSync(file)) throw new BackupError(`${file} already exists (add --force to replace it)`);
  if (database.kind === 'sqlite' && [database.file, ...SQLITE_COMPANIONS.map((s) => database.file + s)].includes(file)) {
    throw new BackupError(`${file} is the database itself: choose another file`);
  }
  const dir = path.dirname(file);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new BackupError(`The folder ${dir} does not exist`);

  const partial = path.join(dir, `.${path.basename(file)}.partial-${crypto.randomBytes(6).toString('hex')}`);
  createPrivateFile(partial);
  try {
    if (database.kind === 'sqlite') await backupSqlite(database.file, partial, options);
    else await dumpPostgres(database, partial, options);
    const fd = fs.openSync(partial, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.chmodSync(partial, DATA_FILE_MODE);
    putInPlace(partial, file, options.force === true);
  } catch (err) {
    for (const leftover of [partial, `${partial}-journal`]) fs.rmSync(leftover, { force: true });
    throw err;
  }
  syncFolder(dir);
  return { kind: database.kind, file, bytes: fs.statSync(file).size, ms: Date.now() - started };
}

/** Moves the finished copy to its name: replacing a file only with `force` (a hard link fails on an existing name). */
function putInPlace(partial: string, file: string, force: boolean): void {
  if (force) {
    fs.renameSync(partial, file);
    return;
  }
  try {
    fs.linkSync(partial, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new BackupError(`${file} already exists (add --force to replace it)`);
    // A file system without hard links: check, then move.
    if (fs.existsSync(file)) throw new BackupError(`${file} already exists (add --force to replace it)`);
    fs.renameSync(partial, file);
    return;
  }
  fs.rmSync(partial);
}

function syncFolder(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform syncs a folder; the file itself is synced.
  }
}

async function backupSqlite(source: string, partial: string, options: BackupOptions): Promise<void> {
  if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source} (see DATA_DIR)`);
  const db = new SqliteDatabase(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    // One read transaction for the whole copy: its snapshot is what the backup holds, and writers go on meanwhile.
    db.exec('BEGIN');
    db.prepare('select count(*) from sqlite_schema').get();
    const step = options.pagesPerStep ?? 1024;
    const started = Date.now();
    let shown = started;
    await db.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        options.onStep?.(totalPages - remainingPages, totalPages);
        if (options.progress && Date.now() - shown >= 1000) {
          shown = Date.now();
          const done = totalPages - remainingPages;
          options.progress(`backup: ${Math.floor((done / totalPages) * 100)}% (${mib(done * pageSize)} of ${mib(totalPages * pageSize)})`);
        }
        return step;
      },
    });
    db.exec('COMMIT');
    if (Date.now() - started >= 1000) options.progress?.('backup: copied; checking the copy');
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
  }
  // One self-contained file (no WAL beside it), checked before it takes its name.
  const copy = new SqliteDatabase(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = String(copy.pragma('quick_check', { simple: true }));
    if (check !== 'ok') throw new BackupError(`The copy failed its check: ${check}`);
  } finally {
    copy.close();
  }
}

/** pg_dump's connection: the URL without its password, which goes in PGPASSWORD (not on a command line others can read). */
export function pgDumpConnection(url: string): { dbname: string; password?: string } {
  const parsed = new URL(url);
  if (!parsed.password) return { dbname: url };
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), password };
}

/**
 * Whether the schema's device search index (migration 0034, on the column of 0038 since) is there, and so the dump
 * needs pg_trgm. A database that does not answer is pg_dump's to report.
 */
async function usesTrigrams(database: Extract<Config['database'], { kind: 'postgres' }>): Promise<boolean> {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const { rows } = await client.query(
      "select 1 from pg_indexes where indexname in ('devices_search', 'devices_search_text') and schemaname = coalesce($1, current_schema())",
      [database.schema ?? null],
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

async function dumpPostgres(database: Extract<Config['database'], { kind: 'postgres' }>, partial: string, options: BackupOptions) {
  const program = options.pgDump ?? 'pg_dump';
  const { dbname, password } = pgDumpConnection(database.url);
  const args = [
    '--format=plain',
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    ...(database.schema ? [`--schema=${database.schema}`] : []),
    `--dbname=${dbname}`,
  ];
  fs.appendFileSync(partial, 'SET client_min_messages = warning;\n');
  // The device search's index needs pg_trgm, which lives outside the schema (migration 0034): the script makes it first.
  if (await usesTrigrams(database)) fs.appendFileSync(partial, 'CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;\n');
  // History's months are its partitions (migration 0036): --clean would drop their keys one by one, which PostgreSQL
  // refuses for a partition's. Dropping the table first takes its months with it; the script's own drops then find nothing.
  const schema = `"${(database.schema ?? 'public').replaceAll('"', '""')}"`;
  fs.appendFileSync(partial, `DROP TABLE IF EXISTS ${schema}.history CASCADE;\n`);
  const out = fs.openSync(partial, 'a');
  const child = spawn(program, args, {
    stdio: ['ignore', out, 'pipe'],
    env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) },
  });
  fs.closeSync(out);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8192);
  });
  const started = Date.now();
  const timer = setInterval(() => {
    const size = fs.statSync(partial, { throwIfNoEntry: false })?.size ?? 0;
    options.progress?.(`backup: ${mib(size)} written in ${Math.round((Date.now() - started) / 1000)} s`);
  }, 1000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new BackupError(`pg_dump failed (exit ${String(code)}): ${stderr.trim() || 'no message'}`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${program} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client), of the server's major version or newer`,
      );
    }
    throw err;
  } finally {
    clearInterval(timer);
  }
}

const USAGE = `Usage: npm run backup -- <file> [--force]

Writes an online, consistent copy of the server's database (the same settings as the server: DATA_DIR, or
DATABASE_URL and DATABASE_SCHEMA) into <file>, readable by its owner only. SQLite: a database file; PostgreSQL:
a pg_dump SQL script. An existing <file> is kept unless --force. Restoring: README, "Backup and restore".`;

export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The command line of `npm run backup`: answers the exit code (0 done, 1 failed, 2 wrong usage). */
export async function runBackupCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  output: CommandOutput,
): Promise<number> {
  const flags = argv.filter((a) => a.startsWith('-'));
  const files = argv.filter((a) => !a.startsWith('-'));
  if (flags.includes('--help') || flags.includes('-h')) {
    output.out(USAGE);
    return 0;
  }
  const unknown = flags.filter((f) => f !== '--force' && f !== '-f');
  if (unknown.length > 0 || files.length !== 1 || !files[0]) {
    output.err(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}` : 'Name the file to write the backup into.');
    output.err(USAGE);
    return 2;
  }
  let config: Config;
  try {
    // The server's own settings; NODE_ENV only decides about accounts, which a backup does not make.
    config = loadConfig({ ...env, NODE_ENV: undefined });
  } catch (err) {
    if (err instanceof ConfigError) {
      output.err(err.message);
      return 1;
    }
    throw err;
  }
  // npm runs scripts in the project's folder: a relative name means the folder the command was typed in.
  const target = path.resolve(env.INIT_CWD ?? process.cwd(), files[0]);
  const source =
    config.database.kind === 'sqlite'
      ? `SQLite database ${config.database.file}`
      : `PostgreSQL database ${pgDumpConnection(config.database.url).dbname}${config.database.schema ? `, schema ${config.database.schema}` : ''}`;
  output.out(`Backing up the ${source} into ${target}`);
  try {
    const result = await backupDatabase(config.database, target, {
      force: flags.includes('--force') || flags.includes('-f'),
      progress: output.out,
    });
    output.out(`Backup written: ${result.file} (${mib(result.bytes)} in ${(result.ms / 1000).toFixed(1)} s)`);
    return 0;
  } catch (err) {
    output.err(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
