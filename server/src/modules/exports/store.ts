import fs from 'node:fs';
import { Readable } from 'node:stream';
import { EXPORT_TTL_MS, type ExportJob } from '@dms/contract';
import type { Redis } from 'ioredis';

/** An export job as it is kept: whose it is, and which instance writes it. */
export interface StoredJob extends ExportJob {
  userId: number;
  /** The instance writing it (cluster/members.ts): a job whose instance is gone is failed by whoever reads it. */
  instance: string;
  finishedAt: number | null;
}

/**
 * Where export jobs and their finished files are kept until downloaded (or for EXPORT_TTL_MS): in this instance
 * (`LocalExportStore`), or in Redis for every instance (`RedisExportStore`), so that a console behind a balancer may
 * ask any instance for its job's progress and file.
 */
export interface ExportStore {
  put(job: StoredJob): Promise<void>;
  get(id: string): Promise<StoredJob | null>;
  /** Keeps the finished file (written at `path`, which the store then owns). */
  putFile(id: string, path: string): Promise<void>;
  /** The file, once: the job and its file are forgotten as it is taken. Null when it is gone. */
  takeFile(id: string): Promise<Readable | null>;
  /** Forgets a job and its file. */
  drop(id: string): Promise<void>;
}

/** One instance: jobs in memory, files where they were written; finished ones dropped after the TTL. */
export class LocalExportStore implements ExportStore {
  private readonly jobs = new Map<string, { job: StoredJob; file: string | null }>();

  constructor(private readonly now: () => number) {}

  private prune(): void {
    const limit = this.now() - EXPORT_TTL_MS;
    for (const [id, { job, file }] of this.jobs) {
      if (job.finishedAt === null || job.finishedAt >= limit) continue;
      this.jobs.delete(id);
      if (file) fs.rmSync(file, { force: true });
    }
  }

  put(job: StoredJob): Promise<void> {
    this.prune();
    const kept = this.jobs.get(job.id);
    this.jobs.set(job.id, { job: { ...job }, file: kept?.file ?? null });
    return Promise.resolve();
  }

  get(id: string): Promise<StoredJob | null> {
    this.prune();
    const kept = this.jobs.get(id);
    return Promise.resolve(kept ? { ...kept.job } : null);
  }

  putFile(id: string, path: string): Promise<void> {
    const kept = this.jobs.get(id);
    if (kept) kept.file = path;
    else fs.rmSync(path, { force: true });
    return Promise.resolve();
  }

  takeFile(id: string): Promise<Readable | null> {
    const kept = this.jobs.get(id);
    this.jobs.delete(id);
    const file = kept?.file;
    if (!file) return Promise.resolve(null);
    const stream = fs.createReadStream(file);
    stream.once('close', () => {
      fs.rmSync(file, { force: true });
    });
    return Promise.resolve(stream);
  }

  /** The jobs held, each with its file's size once written (the cache tool shows them without REDIS_URL). */
  inspect(): Array<{ job: StoredJob; fileBytes: number | null }> {
    this.prune();
    return [...this.jobs.values()].map(({ job, file }) => ({
      job: { ...job },
      fileBytes: file === null ? null : (fs.statSync(file, { throwIfNoEntry: false })?.size ?? null),
    }));
  }

  drop(id: string): Promise<void> {
    const file = this.jobs.get(id)?.file;
    this.jobs.delete(id);
    if (file) fs.rmSync(file, { force: true });
    return Promise.resolve();
  }
}

/** How long a running job's record lives without progress (an instance that died leaves it to expire). */
const RUNNING_TTL_MS = 60 * 60_000;

/**
 * Several instances (REDIS_URL): a job at `<prefix>export:<id>` (JSON) and its finished file at
 * `<prefix>export-file:<id>`, both expiring EXPORT_TTL_MS after the job ends; the file is taken with GETDEL, so it is
 * downloaded once whichever instance is asked.
 */
export class RedisExportStore implements ExportStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private jobKey(id: string): string {
    return `${this.prefix}export:${id}`;
  }

  private fileKey(id: string): string {
    return `${this.prefix}export-file:${id}`;
  }

  async put(job: StoredJob): Promise<void> {
    await this.redis.set(this.jobKey(job.id), JSON.stringify(job), 'PX', job.finishedAt === null ? RUNNING_TTL_MS : EXPORT_TTL_MS);
  }

  async get(id: string): Promise<StoredJob | null> {
    const text = await this.redis.get(this.jobKey(id));
    return text === null ? null : (JSON.parse(text) as StoredJob);
  }

  async putFile(id: string, path: string): Promise<void> {
    try {
      await this.redis.set(this.fileKey(id), await fs.promises.readFile(path), 'PX', EXPORT_TTL_MS);
    } finally {
      fs.rmSync(path, { force: true });
    }
  }

  async takeFile(id: string): Promise<Readable | null> {
    const file = await this.redis.getdelBuffer(this.fileKey(id));
    await this.redis.del(this.jobKey(id));
    return file === null ? null : Readable.from([file]);
  }

  async drop(id: string): Promise<void> {
    await this.redis.del(this.jobKey(id), this.fileKey(id));
  }
}
