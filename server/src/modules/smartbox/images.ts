import { createHash } from 'node:crypto';
import {
  Code,
  IMAGE_EXTENSIONS,
  type FileSendRow,
  type fileSendQuery,
  type FleetVersion,
  type ImageKind,
  type imageQuery,
  type ImageRow,
  type imageUploadQuery,
} from '@dms/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { liveBox, requireAccess, requireBoxDownload } from '../../access/index.js';
import { isUniqueViolation, type Db } from '../../db/database.js';
import type { BoxImagesTable } from '../../db/schema/smartbox.js';
import { AppError } from '../../errors.js';
import type { FileReply } from '../../http/route.js';
import type { IngestService } from '../../ingest/service.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';

/** Images kept in memory for the boxes downloading them (a rollout's batch asks for the same one hundreds of times). */
const CACHED_IMAGES = 4;
/** How long the upload log keeps a download. */
const LOG_KEEP_MS = 90 * 86_400_000;
/** Downloads of one image a box may make in an hour (a box looping on a failing download neither fills the log nor the link). */
export const BOX_DOWNLOADS_PER_HOUR = 10;

/** The files that are plainly not a box's image, by their first bytes. */
const FOREIGN: ReadonlyArray<{ format: string; magic: readonly number[] }> = [
  { format: 'ZIP', magic: [0x50, 0x4b, 0x03, 0x04] },
  { format: 'PDF', magic: [0x25, 0x50, 0x44, 0x46] },
  { format: 'PNG', magic: [0x89, 0x50, 0x4e, 0x47] },
  { format: 'JPEG', magic: [0xff, 0xd8, 0xff] },
  { format: 'GIF', magic: [0x47, 0x49, 0x46, 0x38] },
  { format: 'Windows EXE', magic: [0x4d, 0x5a] },
  { format: 'HTML', magic: [0x3c, 0x21, 0x44, 0x4f, 0x43] },
  { format: 'HTML', magic: [0x3c, 0x68, 0x74, 0x6d, 0x6c] },
];

/** The format a file plainly is, when it is not an image (null: it may be one). */
export function foreignFormat(bytes: Uint8Array): string | null {
  return FOREIGN.find((f) => f.magic.every((b, i) => bytes[i] === b))?.format ?? null;
}

type ImageFacts = Omit<BoxImagesTable, 'content' | 'id'> & { id: number };

/** The box id and secret of an `Authorization: Basic` header, or null. */
function basicCredentials(header: string | undefined): { boxId: number; secret: string } | null {
  const m = /^Basic ([A-Za-z0-9+/=]{4,200})$/.exec(header ?? '');
  if (!m?.[1]) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const id = text.slice(0, colon);
  if (colon < 1 || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return { boxId: Number(id), secret: text.slice(colon + 1) };
}

/**
 * Box images (/smartbox/upload, /smartbox/box-software; root): firmware images and box programs, checked before they
 * are stored (the file's type by its name and first bytes, its size, its SHA-256 against the one root gave), served to
 * boxes that show their id and secret, each download written to the upload log.
 */
export class ImageService {
  private readonly cache = new Map<number, Buffer>();

  constructor(
    private readonly db: Db,
    private readonly ingest: IngestService,
    private readonly audit: Audit,
    private readonly now: () => number,
  ) {}

  async upload(auth: AuthContext, query: z.output<typeof imageUploadQuery>, bytes: Uint8Array, ip: string): Promise<ImageRow> {
    if (bytes.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.empty');
    const extensions = IMAGE_EXTENSIONS[query.kind];
    const name = query.fileName.toLowerCase();
    if (!extensions.some((e) => name.endsWith(e)))
      throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.extension', {
        kind: query.kind,
        extensions: extensions.join(', '),
        fileName: query.fileName,
      });
    const format = foreignFormat(bytes);
    if (format) throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.foreign', { format });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== query.sha256)
      throw new AppError(Code.VALIDATION_FAILED, 'error.firmware.checksum', { actual: sha256, expected: query.sha256 });
    const row = {
      kind: query.kind,
      box_type: query.boxType,
      version: query.version,
      file_name: query.fileName,
      size: bytes.length,
      sha256,
      notes: query.notes,
      content: bytes,
      created_by: auth.user.username,
      created_at: this.now(),
    };
    let id: number;
    try {
      const inserted = await this.db.insertInto('box_images').values(row).returning('id').executeTakeFirstOrThrow();
      id = inserted.id;
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(Code.IMAGE_EXISTS, 'error.firmware.exists', {
          version: query.version,
          boxType: query.boxType,
          kind: query.kind,
        });
      throw err;
    }
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.uploadImage',
      target: `${query.kind} ${query.boxType} ${query.version}`,
      newValue: `${query.fileName}, ${bytes.length} bytes, sha256 ${sha256}`,
      outcome: 'ok',
      ip,
    });
    const [shown] = await this.rows([{ ...row, id }]);
    if (!shown) throw new AppError(Code.NOT_FOUND, 'error.firmware.notFound');
    return shown;
  }

  /** One image's facts (not its bytes), or 404. */
  async facts(id: number): Promise<ImageFacts> {
    const row = await this.db
      .selectFrom('box_images')
      .select(['id', 'kind', 'box_type', 'version', 'file_name', 'size', 'sha256', 'notes', 'created_by', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(Code.NOT_FOUND, 'error.firmware.notFound');
    return row;
  }

  async page(query: z.output<typeof imageQuery>): Promise<{ total: number; items: ImageRow[] }> {
    let q = this.db.selectFrom('box_images');
    if (query.kind) q = q.where('kind', '=', query.kind);
    if (query.boxType) q = q.where('box_type', '=', query.boxType);
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([eb('version', 'like', like), eb('file_name', 'like', like), eb('notes', 'like', like)].map((c) => c.$castTo<boolean>())),
      );
    }
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['id', 'kind', 'box_type', 'version', 'file_name', 'size', 'sha256', 'notes', 'created_by', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { total: Number(total.n), items: await this.rows(rows) };
  }

  /** Deletes an image no rollout used (its downloads in the upload log go with it). */
  async remove(auth: AuthContext, id: number, ip: string): Promise<ImageRow> {
    const facts = await this.facts(id);
    const [shown] = await this.rows([facts]);
    await this.db.transaction().execute(async (tx) => {
      await requireAccess(tx, { auth, permission: 'image.manage', ids: [id] });
      const used = await tx.selectFrom('box_rollouts').select('id').where('image_id', '=', id).executeTakeFirst();
      if (used) throw new AppError(Code.IMAGE_IN_USE, 'error.firmware.inUse');
      await tx.deleteFrom('box_images').where('id', '=', id).execute();
    });
    this.cache.delete(id);
    await this.audit.record({
      user: auth.user,
      action: 'smartbox.deleteImage',
      target: `${facts.kind} ${facts.box_type} ${facts.version}`,
      oldValue: `${facts.file_name}, ${facts.size} bytes, sha256 ${facts.sha256}`,
      outcome: 'ok',
      ip,
    });
    if (!shown) throw new AppError(Code.NOT_FOUND, 'error.firmware.notFound');
    return shown;
  }

  /**
   * An image's bytes: to root's session, or to a box by HTTP Basic with its id and secret (what the firmware command's
   * URL asks for; docs/box-protocol.md). A box's download is written to the upload log.
   */
  async file(id: number, auth: AuthContext | null, request: FastifyRequest): Promise<FileReply> {
    const box = auth ? null : basicCredentials(request.headers.authorization);
    // Who asks comes first: a stranger learns nothing of which images exist.
    if (auth) await requireAccess(this.db, { auth, permission: 'image.manage', ids: [id] });
    else if (!box || !this.ingest.secretMatches(box.boxId, box.secret)) throw new AppError(Code.TOKEN_ILLEGAL, 'error.firmware.boxAuth');
    const facts = await this.facts(id);
    if (box) {
      await requireBoxDownload(this.db, box.boxId, facts.sha256);
      const recent = await this.db
        .selectFrom('box_file_sends')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('box_id', '=', box.boxId)
        .where('image_id', '=', id)
        .where('at', '>', this.now() - 3_600_000)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= BOX_DOWNLOADS_PER_HOUR) {
        throw new AppError(Code.TOO_MANY_ATTEMPTS, 'error.firmware.tooManyDownloads', { count: BOX_DOWNLOADS_PER_HOUR });
      }
      await this.db
        .insertInto('box_file_sends')
        .values({ box_id: box.boxId, image_id: id, bytes: facts.size, ip: request.ip.slice(0, 64), at: this.now() })
        .execute();
    }
    return { fileName: facts.file_name, contentType: 'application/octet-stream', body: await this.content(id) };
  }

  /** The upload log, newest first. */
  async sends(query: z.output<typeof fileSendQuery>): Promise<{ total: number; items: FileSendRow[] }> {
    let q = this.db.selectFrom('box_file_sends as s').innerJoin('box_images as i', 'i.id', 's.image_id');
    if (query.boxId !== undefined) q = q.where('s.box_id', '=', query.boxId);
    if (query.imageId !== undefined) q = q.where('s.image_id', '=', query.imageId);
    const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['s.id', 's.box_id', 's.image_id', 'i.kind', 'i.version', 'i.file_name', 's.bytes', 's.ip', 's.at'])
      .orderBy('s.at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return {
      total: Number(total.n),
      items: rows.map((r) => ({
        id: r.id,
        boxId: r.box_id,
        imageId: r.image_id,
        kind: r.kind as ImageKind,
        version: r.version,
        fileName: r.file_name,
        bytes: r.bytes,
        ip: r.ip,
        at: r.at,
      })),
    };
  }

  /** The versions the fleet runs, per box type: most boxes first. */
  async versions(): Promise<FleetVersion[]> {
    const rows = await this.db
      .selectFrom('boxes as b')
      .where(liveBox)
      .select((eb) => [
        'b.box_type',
        'b.firmware',
        eb.fn.countAll<number | string>().as('boxes'),
        eb.fn.sum<number | string | null>('b.online').as('online'),
      ])
      .groupBy(['b.box_type', 'b.firmware'])
      .execute();
    return rows
      .map((r) => ({ boxType: r.box_type, version: r.firmware, boxes: Number(r.boxes), online: Number(r.online ?? 0) }))
      .sort((a, b) => b.boxes - a.boxes || a.boxType.localeCompare(b.boxType) || (a.version ?? '').localeCompare(b.version ?? ''));
  }

  /** Forgets downloads past their time (the rollout sweep calls it now and then). */
  async purge(): Promise<void> {
    await this.db
      .deleteFrom('box_file_sends')
      .where('at', '<', this.now() - LOG_KEEP_MS)
      .execute();
  }

  private async content(id: number): Promise<Buffer> {
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      this.cache.set(id, cached);
      return cached;
    }
    const row = await this.db.selectFrom('box_images').select('content').where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(Code.NOT_FOUND, 'error.firmware.notFound');
    const bytes = Buffer.from(row.content);
    this.cache.set(id, bytes);
    while (this.cache.size > CACHED_IMAGES) this.cache.delete(this.cache.keys().next().value as number);
    return bytes;
  }

  /** Rows as shown: with the boxes running each firmware and the downloads of each. */
  private async rows(rows: readonly ImageFacts[]): Promise<ImageRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const downloads = new Map<number, number>();
    for (const d of await this.db
      .selectFrom('box_file_sends')
      .select((eb) => ['image_id', eb.fn.countAll<number | string>().as('n')])
      .where('image_id', 'in', ids)
      .groupBy('image_id')
      .execute())
      downloads.set(d.image_id, Number(d.n));
    const running = new Map<string, number>();
    const types = [...new Set(rows.map((r) => r.box_type))];
    for (const v of await this.db
      .selectFrom('boxes')
      .select((eb) => ['box_type', 'firmware', eb.fn.countAll<number | string>().as('n')])
      .where('box_type', 'in', types)
      .groupBy(['box_type', 'firmware'])
      .execute())
      running.set(`${v.box_type}\u0000${v.firmware ?? ''}`, Number(v.n));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as ImageKind,
      boxType: r.box_type,
      version: r.version,
      fileName: r.file_name,
      size: r.size,
      sha256: r.sha256,
      notes: r.notes,
      createdBy: r.created_by,
      createdAt: r.created_at,
      running: r.kind === 'firmware' ? (running.get(`${r.box_type}\u0000${r.version}`) ?? 0) : 0,
      downloads: downloads.get(r.id) ?? 0,
    }));
  }
}
