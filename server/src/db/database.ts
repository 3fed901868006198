import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** Which database an open handle talks to. */
export const dialectOf = (db: Kysely<Database>): Dialect => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
  close: () => Promise<void>;
}

/** Where openDatabase reports what it repaired (the app's logger fits). */
export interface DatabaseLog {
  warn: (details: Record<string, unknown>, message: string) => void;
}

/** SQLite's `synchronous` setting: FULL syncs every commit (the default), NORMAL only at WAL checkpoints. */
export type SqliteSynchronous = 'full' | 'normal';

/** The data folder is the server's alone: only its owner may enter it or read what is in it. */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;
/** The SQLite file's companions, which hold committed data too (SQLite gives them the main file's mode when it creates them). */
export const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'] as const;
/** Other files the server keeps in the data folder (the demo fleet's box credentials). */
const OTHER_DATA_FILES = ['demo-fleet.json'];

// bigint (int8) columns hold millisecond times and counts well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * SQLite's transactions take the write lock when they begin (`BEGIN IMMEDIATE`), waiting for it as long as
 * busy_timeout allows. Several connections write the one file (the main thread's, the history writer's and the
 * rollups' threads, db/worker.ts): a transaction begun as a reader that writes after another connection committed
 * would fail at once with SQLITE_BUSY_SNAPSHOT, whatever the timeout, and the server's transactions read before they
 * write (access is checked inside the transaction that changes the data).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

export interface ModeFix {
  path: string;
  from: string;
  to: string;
}

/**
 * Creates the data folder 0700 when it is missing, and takes group and other rights off the folder and the server's
 * files in it (the database and its companions, the demo fleet's credentials) when an older start or a copy left
 * them looser. A shared folder (sticky, like /tmp) and anything owned by another user are left as they are. Answers what changed.
 */
export function secureDataFolder(dir: string, databaseFile?: string): ModeFix[] {
  const fixes: ModeFix[] = [];
  const tighten = (p: string, mode: number) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat || (stat.mode & 0o077) === 0) return;
    if (stat.uid !== process.getuid?.() || (stat.isDirectory() && (stat.mode & 0o1000) !== 0)) return;
    fs.chmodSync(p, mode);
    fixes.push({ path: p, from: octal(stat.mode), to: octal(mode) });
  };
  fs.mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
  tighten(dir, DATA_DIR_MODE);
  const files = databaseFile ? [databaseFile, ...SQLITE_COMPANIONS.map((s) => databaseFile + s)] : [];
  for (const file of [...files, ...OTHER_DATA_FILES.map((f) => path.join(dir, f))]) tighten(file, DATA_FILE_MODE);
  return fixes;
}

/** Creates an empty file 0600 unless one is there (an empty file is an empty SQLite database). */
export function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', DATA_FILE_MODE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/**
 * The settings of each of the server's PostgreSQL sessions, sent as it opens (no round trip):
 * - no parallel workers and no JIT: the server's queries are short and indexed (a page, a count up to a cap, a
 *   device's history); starting workers costs more than they save (a manager's search at a million devices: 36 ms
 *   with one worker, 5.6 ms without; docs/benchmarks.md), and they take cores other requests and the ingest need.
 *   Rollups and exports read in chunks;
 * - the search path of `DATABASE_SCHEMA`.
 */
function sessionOptions(schema?: string): string {
  return ['-c max_parallel_workers_per_gather=0', '-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ');
}

/**
 * The pool's connection string and session options: the server's (`sessionOptions`), then those DATABASE_URL names
 * in its own `options` parameter, which come later and so win (node-postgres would otherwise let the URL's replace
 * the server's whole).
 */
export function poolConnection(url: string, schema?: string): { connectionString: string; options: string } {
  const own = /([?&])options=([^&#]*)&?/.exec(url);
  if (!own) return { connectionString: url, options: sessionOptions(schema) };
  const theirs = decodeURIComponent((own[2] ?? '').replace(/\+/g, ' '));
  const rest = url.slice(0, own.index) + (own[0].endsWith('&') ? (own[1] ?? '') : '') + url.slice(own.index + own[0].length);
  return { connectionString: rest, options: `${sessionOptions(schema)} ${theirs}`.trim() };
}

/**
 * Opens the configured database: the SQLite file under DATA_DIR, or PostgreSQL.
 *
 * SQLite runs in WAL mode with synchronous=FULL unless the configuration says `normal`: a box's PUBACK follows the
 * commit of its snapshot, and FULL makes that commit survive a power loss, not only a crash of the process. The data
 * folder is 0700 and the database files 0600 (created so, or tightened with a warning on `log`).
 */
export async function openDatabase(database: Config['database'], log?: DatabaseLog): Promise<OpenDatabase> {
  if (database.kind === 'sqlite') {
    const fixes = secureDataFolder(path.dirname(database.file), database.file);
    createPrivateFile(database.file);
    const sqlite = new SqliteDatabase(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${database.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Case folded as the device search's index folds it (modules/devices/search.ts `textHolds`).
    sqlite.function('dms_fold', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text));
    if (fixes.length > 0) log?.warn({ fixed: fixes }, 'data folder: took group and other rights off files only the server may read');
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const schema = database.schema;
  const pool = new pg.Pool({ ...poolConnection(database.url, schema), max: 10 });
  // An idle connection the database closed (a restart, an administrator's kill, a dropped database) is reported here:
  // unheard, it would end the process. The pool opens a new one when next asked.
  pool.on('error', (err) => {
    log?.warn({ err: err.message }, 'an idle database connection was closed; the next query opens another');
  });
  if (schema) {
    const client = await pool.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      client.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await sql`select 1`.execute(db);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * Whether an error is a unique-key violation of either database (SQLite's SQLITE_CONSTRAINT_UNIQUE or
 * SQLITE_CONSTRAINT_PRIMARYKEY, PostgreSQL's 23505): the race a check before an insert cannot close, which the caller
 * answers with its translated message, never a 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = err.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Whether an error is a foreign-key violation of either database (PostgreSQL's 23503; SQLite's
 * SQLITE_CONSTRAINT_FOREIGNKEY, or SQLITE_CONSTRAINT_TRIGGER with SQLite's foreign key message, which is what an
 * ON DELETE RESTRICT refusal carries): a row deleted while another still names it, which a check before the delete
 * cannot rule out.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  if (err.code === '23503' || err.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  return err.code === 'SQLITE_CONSTRAINT_TRIGGER' && err instanceof Error && err.message.includes('FOREIGN KEY constraint failed');
}
