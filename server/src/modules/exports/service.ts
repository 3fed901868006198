import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Code, MAX_EXPORT_ROWS, type ExportRequest, type ExportJob, type ExportKind, type Language } from '@dms/contract';
import { AppError, notFound } from '../../errors.js';
import { randomToken } from '../../security/tokens.js';
import type { AuthContext } from '../../types.js';
import type { ExportStore, StoredJob } from './store.js';
import { writeSheet, type Cell, type XlsxColumn } from './xlsx.js';

export type { Cell, XlsxColumn };

/** What a source hands the export once it has checked the user's rights and the filter. */
export interface PreparedExport {
  /** File name without extension, e.g. "devices-2026-11-21". */
  fileName: string;
  sheet: string;
  /** The header and the kind of each column (times, dates and durations are written by xlsx.ts, in the request's zone). */
  columns: XlsxColumn[];
  /** Rows it will write (for progress); more than MAX_EXPORT_ROWS is refused before the job starts. */
  total: number;
  rows: () => AsyncIterable<Cell[]> | Iterable<Cell[]>;
}

/** One kind of export: checks and counts at once (throwing AppError for bad input or no right), rows later. */
export type ExportSource<K extends ExportKind> = (
  auth: AuthContext,
  body: Extract<ExportRequest, { kind: K }>,
  lang: Language,
) => Promise<PreparedExport>;

const toJob = ({ id, kind, state, done, total, fileName, error, startedAt }: StoredJob): ExportJob => ({
  id,
  kind,
  state,
  done,
  total,
  fileName,
  error,
  startedAt,
});

/** How often a running job's progress is kept where every instance reads it (with REDIS_URL: a write to Redis). */
const PROGRESS_EVERY_MS = 500;

/**
 * Exports to .xlsx as background jobs (docs/api.md): rows stream into a temporary file through exceljs's streaming
 * writer while the console polls the progress; the file is downloaded once by the user who asked for it, or dropped
 * after EXPORT_TTL_MS. Jobs and files are kept in the store (store.ts): with several instances in Redis, so that any
 * instance answers a job's progress and file; a job whose instance died is failed, with its message, when read.
 */
export class ExportService {
  private readonly sources = new Map<ExportKind, ExportSource<ExportKind>>();
  private readonly dir: string;

  constructor(
    private readonly now: () => number,
    /** Where jobs and files are kept (the cache tool reads a local one). */
    readonly store: ExportStore,
    /** This instance, and whether one (by its id) is still running. */
    private readonly instances: { self: string; live: () => readonly string[] },
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-exports-'));
  }

  register<K extends ExportKind>(kind: K, source: ExportSource<K>): void {
    this.sources.set(kind, source as unknown as ExportSource<ExportKind>);
  }

  async start(auth: AuthContext, body: ExportRequest, lang: Language): Promise<ExportJob> {
    const source = this.sources.get(body.kind);
    if (!source) throw notFound();
    const prepared = await source(auth, body, lang);
    if (prepared.total > MAX_EXPORT_ROWS) throw new AppError(Code.VALIDATION_FAILED, 'error.exportTooLarge', { max: MAX_EXPORT_ROWS });
    const id = randomToken(18);
    const job: StoredJob = {
      id,
      kind: body.kind,
      state: 'running',
      done: 0,
      total: prepared.total,
      fileName: `${prepared.fileName}.xlsx`,
      error: null,
      startedAt: this.now(),
      userId: auth.user.id,
      instance: this.instances.self,
      finishedAt: null,
    };
    await this.store.put(job);
    void this.run(job, prepared, body.tz);
    return toJob(job);
  }

  private async run(job: StoredJob, prepared: PreparedExport, tz: string): Promise<void> {
    const file = path.join(this.dir, `${job.id}.xlsx`);
    let told = this.now();
    try {
      await writeSheet({ filename: file }, { name: prepared.sheet, columns: prepared.columns, tz }, prepared.rows(), async (done) => {
        job.done = done;
        // Let progress requests in between rows of a long export.
        if (done % 2000 === 0) await new Promise((r) => setImmediate(r));
        if (this.now() - told >= PROGRESS_EVERY_MS) {
          told = this.now();
          await this.store.put(job);
        }
      });
      job.total = Math.max(job.total, job.done);
      await this.store.putFile(job.id, file);
      job.state = 'ready';
    } catch {
      job.state = 'failed';
      job.error = 'error.internal';
      fs.rmSync(file, { force: true });
    }
    job.finishedAt = this.now();
    await this.store.put(job).catch(() => undefined);
  }

  /** A job of this user's; 404 for anyone else's, so ids cannot be probed. One whose instance is gone has failed. */
  private async own(auth: AuthContext, id: string): Promise<StoredJob> {
    const job = await this.store.get(id);
    if (!job || job.userId !== auth.user.id) throw notFound();
    if (job.state === 'running' && !this.instances.live().includes(job.instance)) {
      job.state = 'failed';
      job.error = 'error.exportLost';
      job.finishedAt = this.now();
      await this.store.put(job);
    }
    return job;
  }

  async status(auth: AuthContext, id: string): Promise<ExportJob> {
    return toJob(await this.own(auth, id));
  }

  /** The finished file, once: the job is forgotten after this. */
  async take(auth: AuthContext, id: string): Promise<{ fileName: string; stream: Readable }> {
    const job = await this.own(auth, id);
    if (job.state === 'failed')
      throw new AppError(Code.VALIDATION_FAILED, job.error === 'error.exportLost' ? 'error.exportLost' : 'error.internal');
    if (job.state !== 'ready') throw new AppError(Code.EXPORT_NOT_READY, 'error.exportNotReady');
    const stream = await this.store.takeFile(id);
    if (!stream) throw notFound();
    return { fileName: job.fileName, stream };
  }

  close(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
