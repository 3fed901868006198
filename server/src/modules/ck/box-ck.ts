import {
  BOX_CK_SOURCES,
  CK_CODE,
  Code,
  MAX_BOX_CK_ROWS,
  MAX_UPLOAD_BYTES,
  message,
  type BoxCkChangePage,
  type BoxCkImportResult,
  type BoxCkPage,
  type BoxCkSource,
  type Language,
  type MessageKey,
  type UploadProblem,
  type boxCkChangesQuery,
  type boxCkImportBody,
  type boxCkListQuery,
} from '@dms/contract';
import type { z } from 'zod';
import { refreshReachForBoxes } from '../../access/reach.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../events/bus.js';
import type { AuthContext } from '../../types.js';
import { retype } from '../controller-types/typing.js';
import type { Audit } from '../datalog/service.js';
import { headerNames, readSheet, rowsByHeader } from '../exports/read-sheet.js';
import * as repo from './repository.js';

/** The import's columns, as its header names them: a key, or the column's name in any console language. */
const COLUMNS = ['box', 'ck'] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_KEYS: Record<Column, MessageKey> = { box: 'boxCk.column.box', ck: 'boxCk.column.ck' };
const HEADERS = headerNames(COLUMN_KEYS, [
  ['box', 'box'],
  ['boxid', 'box'],
  ['ck', 'ck'],
]);

const isSource = (s: string): s is BoxCkSource => (BOX_CK_SOURCES as readonly string[]).includes(s);

/**
 * The box-CK table (spec 3 Box-CK: box number ↔ CK, with time; /device-type/CK-config): boxes that carry a CK, one set
 * or taken off, a sheet imported (previewed row by row, applied whole or not at all), and the history of every change.
 * A change moves the box into its new CK group's reach (access/reach.ts) and its devices' types under the new CK's
 * limits in the same transaction, goes to the operation log, and out on the bus (`boxCkChanged`, `reachChanged`).
 */
export class BoxCkService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly bus: EventBus,
    private readonly audit: Audit,
  ) {}

  async page({ q, ck, page, page_size }: z.output<typeof boxCkListQuery>): Promise<BoxCkPage> {
    const { total, rows } = await repo.pageBoxCks(this.db, { q, ck }, (page - 1) * page_size, page_size);
    return {
      total,
      items: rows.map((r) => ({
        boxId: r.box_id,
        ck: r.ck ?? '',
        company: r.company ?? '',
        boxCompany: r.company_name,
        setAt: r.ck_set_at,
      })),
    };
  }

  async changes({ boxId, page, page_size }: z.output<typeof boxCkChangesQuery>): Promise<BoxCkChangePage> {
    const { total, rows } = await repo.pageBoxCkChanges(this.db, boxId, (page - 1) * page_size, page_size);
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        boxId: r.box_id,
        from: r.old_ck,
        to: r.new_ck,
        at: r.at,
        by: r.by,
        source: isSource(r.source) ? r.source : 'set',
      })),
    };
  }

  /** Sets a box's CK (a configured one), or takes it off (null); answers how many of its devices changed type. */
  async set(auth: AuthContext, boxId: number, ck: string | null, ip: string): Promise<{ devices: number }> {
    const done = await this.db.transaction().execute(async (trx) => {
      const current = await repo.boxCks(trx, [boxId]);
      if (!current.has(boxId)) throw new AppError(Code.NOT_FOUND, 'error.boxCkUnknownBox', { boxId });
      if (ck !== null && !(await repo.findCk(trx, ck))) throw new AppError(Code.VALIDATION_FAILED, 'error.ckNotFound', { ck });
      const from = current.get(boxId) ?? null;
      if (from === ck) return { from, devices: 0, reached: [] };
      await repo.moveBoxCks(trx, [{ boxId, from, to: ck }], this.now(), auth.user.username, 'set');
      const devices = await retype(trx, { boxIds: [boxId] });
      return { from, devices, reached: await refreshReachForBoxes(trx, [boxId]) };
    });
    if (done.from === ck) return { devices: 0 };
    await this.audit.record({
      user: auth.user,
      action: 'ck.boxSet',
      target: String(boxId),
      oldValue: done.from,
      newValue: ck,
      outcome: 'ok',
      ip,
    });
    this.bus.publish('boxCkChanged', { boxIds: [boxId], ck });
    if (done.reached.length > 0) this.bus.publish('reachChanged', { userIds: done.reached });
    return { devices: done.devices };
  }

  /**
   * Reads a sheet of box numbers and CK codes: the rows that change a box's CK, and every problem by row and column in
   * the caller's language. With `apply` and no problem, writes them all in one transaction; otherwise changes nothing.
   */
  async import(auth: AuthContext, body: z.output<typeof boxCkImportBody>, ip: string, lang: Language): Promise<BoxCkImportResult> {
    const bytes = Buffer.from(body.content, 'base64');
    if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.tooLarge');
    const sheet = await readSheet(body.fileName, bytes);
    const { missing, rows: read } = rowsByHeader(sheet, HEADERS, COLUMNS);
    if (missing.length > 0)
      throw new AppError(Code.VALIDATION_FAILED, 'validation.boxCkImport.header', {
        missing: missing.map((c) => message(lang, COLUMN_KEYS[c])).join(', '),
      });
    const rows = read.map((r) => ({ row: r.row, box: r.cells.box, ck: r.cells.ck }));
    if (rows.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.boxCkImport.empty');
    if (rows.length > MAX_BOX_CK_ROWS) throw new AppError(Code.VALIDATION_FAILED, 'validation.boxCkImport.tooMany');

    const problems: UploadProblem[] = [];
    const problem = (row: number, column: Column, key: MessageKey, params: Record<string, string | number> = {}) => {
      const name = message(lang, COLUMN_KEYS[column]);
      problems.push({ row, column: name, message: message(lang, key, { row, column: name, ...params }) });
    };
    const boxIds = rows.flatMap((r) => (/^[1-9]\d{0,9}$/.test(r.box) ? [Number(r.box)] : []));
    const [current, cks] = await Promise.all([repo.boxCks(this.db, boxIds), repo.allCks(this.db)]);
    const configured = new Set(cks.map((c) => c.ck));
    const firstRow = new Map<number, number>();
    const changes: BoxCkImportResult['changes'] = [];
    let unchanged = 0;
    for (const r of rows) {
      const boxId = /^[1-9]\d{0,9}$/.test(r.box) ? Number(r.box) : null;
      let ok = true;
      if (boxId === null) {
        problem(r.row, 'box', 'validation.boxCkImport.box');
        ok = false;
      } else if (!current.has(boxId)) {
        problem(r.row, 'box', 'validation.boxCkImport.unknownBox', { boxId });
        ok = false;
      } else if (firstRow.has(boxId)) {
        problem(r.row, 'box', 'validation.boxCkImport.twice', { boxId, other: firstRow.get(boxId) ?? 0 });
        ok = false;
      } else firstRow.set(boxId, r.row);
      if (!CK_CODE.test(r.ck)) {
        problem(r.row, 'ck', 'validation.boxCkImport.ck');
        ok = false;
      } else if (!configured.has(r.ck)) {
        problem(r.row, 'ck', 'validation.boxCkImport.unknownCk', { ck: r.ck });
        ok = false;
      }
      if (!ok || boxId === null) continue;
      const from = current.get(boxId) ?? null;
      if (from === r.ck) unchanged += 1;
      else changes.push({ row: r.row, boxId, from, to: r.ck });
    }
    problems.sort((a, b) => a.row - b.row);
    if (!body.apply || problems.length > 0 || changes.length === 0) return { changes, unchanged, problems, applied: false };

    const reached = await this.db.transaction().execute(async (trx) => {
      // What the preview read may have moved since: the history says what each box really changed from.
      const now = await repo.boxCks(
        trx,
        changes.map((c) => c.boxId),
      );
      const moves = changes.map((c) => ({ boxId: c.boxId, from: now.get(c.boxId) ?? null, to: c.to }));
      await repo.moveBoxCks(trx, moves, this.now(), auth.user.username, 'import');
      const ids = moves.map((m) => m.boxId);
      await retype(trx, { boxIds: ids });
      return refreshReachForBoxes(trx, ids);
    });
    await this.audit.record({
      user: auth.user,
      action: 'ck.boxImport',
      target: body.fileName,
      newValue: `${changes.length} box(es): ${changes
        .slice(0, 20)
        .map((c) => `${c.boxId}→${c.to}`)
        .join(', ')}${changes.length > 20 ? ', …' : ''}`,
      outcome: 'ok',
      ip,
    });
    const byCk = new Map<string, number[]>();
    for (const c of changes) {
      let ids = byCk.get(c.to);
      if (!ids) byCk.set(c.to, (ids = []));
      ids.push(c.boxId);
    }
    for (const [ck, ids] of byCk) this.bus.publish('boxCkChanged', { boxIds: ids, ck });
    if (reached.length > 0) this.bus.publish('reachChanged', { userIds: reached });
    return { changes, unchanged, problems, applied: true };
  }
}
