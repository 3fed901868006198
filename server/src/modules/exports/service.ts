import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Code, EXPORT_TTL_MS, MAX_EXPORT_ROWS, type ExportRequest, type ExportJob, type ExportKind, type Language } from '@dms/contract';
import { AppError, notFound } from '../../errors.js';
import { randomToken } from '../../security/tokens.js';
import type { AuthContext } from '../../types.js';
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

interface Job extends ExportJob {
  userId: number;
  file: string;
  finishedAt: number | null;
}

const toJob = ({ id, kind, state, done, total, fileName, error, startedAt }: Job): ExportJob => ({
  id,
  kind,
  state,
  done,
  total,
  fileName,
  error,
  startedAt,
});

/**
 * Exports to .xlsx as background jobs (docs/api.md): rows stream into a temporary file through exceljs's streaming
 * writer while the console polls the progress; the file is downloaded once by the user who asked for it and
 * removed then, or after EXPORT_TTL_MS.
 */
export class ExportService {
  private readonly sources = new Map<ExportKind, ExportSource<ExportKind>>();
  private readonly jobs = new Map<string, Job>();
  private readonly dir: string;

  constructor(private readonly now: () => number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-exports-'));
  }

  register<K extends ExportKind>(kind: K, source: ExportSource<K>): void {
    this.sources.set(kind, source as unknown as ExportSource<ExportKind>);
  }

  async start(auth: AuthContext, body: ExportRequest, lang: Language): Promise<ExportJob> {
    this.prune();
    const source = this.sources.get(body.kind);
    if (!source) throw notFound();
    const prepared = await source(auth, body, lang);
    if (prepared.total > MAX_EXPORT_ROWS) throw new AppError(Code.VALIDATION_FAILED, 'error.exportTooLarge', { max: MAX_EXPORT_ROWS });
    const id = randomToken(18);
    const job: Job = {
      id,
      kind: body.kind,
      state: 'running',
      done: 0,
      total: prepared.total,
      fileName: `${prepared.fileName}.xlsx`,
      error: null,
      startedAt: this.now(),
      userId: auth.user.id,
      file: path.join(this.dir, `${id}.xlsx`),
      finishedAt: null,
    };
    this.jobs.set(id, job);
    void this.run(job, prepared, body.tz);
    return toJob(job);
  }

  private async run(job: Job, prepared: PreparedExport, tz: string): Promise<void> {
    try {
      await writeSheet({ filename: job.file }, { name: prepared.sheet, columns: prepared.columns, tz }, prepared.rows(), async (done) => {
        job.done = done;
        // Let progress requests in between rows of a long export.
        if (done % 2000 === 0) await new Promise((r) => setImmediate(r));
      });
      job.total = Math.max(job.total, job.done);
      job.state = 'ready';
    } catch {
      job.state = 'failed';
      job.error = 'error.internal';
      fs.rmSync(job.file, { force: true });
    }
    job.finishedAt = this.now();
  }

  /** A job of this user's; 404 for anyone else's, so ids cannot be probed. */
  private own(auth: AuthContext, id: string): Job {
    this.prune();
    const job = this.jobs.get(id);
    if (!job || job.userId !== auth.user.id) throw notFound();
    return job;
  }

  status(auth: AuthContext, id: string): ExportJob {
    return toJob(this.own(auth, id));
  }

  /** The finished file, once: the job is forgotten after this. */
  take(auth: AuthContext, id: string): { fileName: string; stream: fs.ReadStream } {
    const job = this.own(auth, id);
    if (job.state === 'failed') throw new AppError(Code.VALIDATION_FAILED, 'error.internal');
    if (job.state !== 'ready') throw new AppError(Code.EXPORT_NOT_READY, 'error.exportNotReady');
    this.jobs.delete(id);
    const stream = fs.createReadStream(job.file);
    stream.once('close', () => {
      fs.rmSync(job.file, { force: true });
    });
    return { fileName: job.fileName, stream };
  }

  /** Drops finished jobs older than the TTL with their files. */
  prune(): void {
    const limit = this.now() - EXPORT_TTL_MS;
    for (const [id, job] of this.jobs) {
      if (job.finishedAt !== null && job.finishedAt < limit) {
        this.jobs.delete(id);
        fs.rmSync(job.file, { force: true });
      }
    }
  }

  close(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
