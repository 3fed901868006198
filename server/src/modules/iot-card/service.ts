import {
  Code,
  detailPath,
  EXPIRY_DATE,
  ICCID,
  message,
  type CardChange,
  type CardImportResult,
  type CardRow,
  type ControllerKind,
  type ExpiryMonth,
  type Language,
  type MessageKey,
  type UploadProblem,
  type cardBody,
  type cardImportBody,
} from '@dms/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { cardsSeenBy, checkAccess, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { contains, containsAny } from '../../db/search.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { headerNames, readSheet, rowsByHeader } from '../exports/read-sheet.js';

const DAY_MS = 86_400_000;
const MAX_IMPORT_ROWS = 5000;
const COLUMNS = ['iccid', 'expiry', 'provider'] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_KEYS: Record<Column, MessageKey> = {
  iccid: 'iotCard.column.iccid',
  expiry: 'iotCard.column.expiry',
  provider: 'iotCard.column.provider',
};
const HEADERS = headerNames(COLUMN_KEYS, [
  ['iccid', 'iccid'],
  ['expiry', 'expiry'],
  ['expires', 'expiry'],
  ['expireson', 'expiry'],
  ['provider', 'provider'],
]);
const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.cardNotFound', { id });

/** A UTC calendar date, `YYYY-MM-DD`, of a time in ms. */
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Whether a `YYYY-MM-DD` text is a real date (not 2027-02-30). */
const realDate = (d: string) => EXPIRY_DATE.test(d) && dateOf(Date.parse(`${d}T00:00:00Z`)) === d;

/** The first and last dates of the calendar month `offset` months after the one of `today` (UTC). */
function monthSpan(today: string, offset: number): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = Date.UTC(y, m - 1 + offset, 1);
  const last = Date.UTC(y, m + offset, 0);
  return { from: dateOf(first), to: dateOf(last) };
}

/** The expiry dates of a month of the expired-device list, as a range: this month from today, next month, or before today. */
export function monthRange(month: ExpiryMonth, today: string): { from?: string; to: string; before?: true } {
  if (month === 'expired') return { to: today, before: true };
  return month === 'this_month' ? { from: today, to: monthSpan(today, 0).to } : monthSpan(today, 1);
}

interface Filter {
  month?: ExpiryMonth | undefined;
  query?: string | undefined;
}

/**
 * IoT cards (issue 22; docs/iot-cards.md): kept from the boxes' hellos (the card each reports, and the box's changes
 * of card), their provider and expiry set per card or imported from a sheet; the expired-device list of the top bar,
 * of the cards the user sees (`cardsSeenBy`), by month.
 */
export class IotCardService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly audit: Audit,
    /** Cards' expiries were set: their reminders are looked at again soon. */
    private readonly expiriesSet: () => void = () => undefined,
  ) {}

  private today(): string {
    return dateOf(this.now());
  }

  /** Each box's hellos recorded one after another (two close together must not both read the same card as before). */
  private readonly recording = new Map<number, Promise<void>>();

  /** A box's hello reported `iccid`: its card is that one now (a change is kept in the history). */
  reported(boxId: number, iccid: string, at: number): Promise<void> {
    if (iccid === '') return Promise.resolve();
    const next = (this.recording.get(boxId) ?? Promise.resolve()).then(() => this.record(boxId, iccid.toUpperCase(), at));
    const kept = next.catch(() => undefined);
    this.recording.set(boxId, kept);
    void kept.then(() => {
      if (this.recording.get(boxId) === kept) this.recording.delete(boxId);
    });
    return next;
  }

  private async record(boxId: number, iccid: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('iot_cards').select('iccid').where('box_id', '=', boxId).executeTakeFirst();
      if (before?.iccid === iccid) {
        await tx.updateTable('iot_cards').set({ seen_at: at }).where('iccid', '=', iccid).execute();
        return;
      }
      if (before) await tx.updateTable('iot_cards').set({ box_id: null, updated_at: at }).where('box_id', '=', boxId).execute();
      await tx
        .insertInto('iot_cards')
        .values({ iccid, box_id: boxId, seen_at: at, updated_at: at })
        .onConflict((oc) => oc.column('iccid').doUpdateSet({ box_id: boxId, seen_at: at }))
        .execute();
      await tx
        .insertInto('iot_card_changes')
        .values({ box_id: boxId, from_iccid: before?.iccid ?? null, to_iccid: iccid, at })
        .execute();
    });
  }

  /** The cards `auth` sees, filtered by a month and words. */
  private cards(auth: AuthContext, filter: Filter) {
    let q = this.db.selectFrom('iot_cards as c').where(cardsSeenBy(auth));
    if (filter.month) {
      const range = monthRange(filter.month, this.today());
      q = range.before
        ? q.where('c.expires_on', '<', range.to)
        : q.where('c.expires_on', '>=', range.from ?? '').where('c.expires_on', '<=', range.to);
    }
    if (filter.query) {
      const text = filter.query;
      q = q.where((eb) =>
        eb.or([
          containsAny(['c.iccid', 'c.provider', sql`cast(c.box_id as varchar(16))`], text),
          eb('c.box_id', 'in', eb.selectFrom('devices as d').select('d.box_id').where(contains('d.company', text))),
        ]),
      );
    }
    return q;
  }

  async count(auth: AuthContext, filter: Filter): Promise<number> {
    const { n } = await this.cards(auth, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** One page of the cards `auth` sees: soonest expiry first (expired: the latest first), those without one last. */
  async page(auth: AuthContext, filter: Filter, page: number, pageSize: number): Promise<{ total: number; items: CardRow[] }> {
    return { total: await this.count(auth, filter), items: await this.items(auth, filter, page, pageSize) };
  }

  private async items(auth: AuthContext, filter: Filter, page: number, pageSize: number): Promise<CardRow[]> {
    const rows = await this.cards(auth, filter)
      .selectAll('c')
      .orderBy(sql`case when c.expires_on is null then 1 else 0 end`)
      .orderBy('c.expires_on', filter.month === 'expired' ? 'desc' : 'asc')
      .orderBy('c.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return this.rows(auth, rows);
  }

  /** Every card `auth` sees of the filter, a page at a time (the export; its total is counted once, by the caller). */
  async *all(auth: AuthContext, filter: Filter): AsyncGenerator<CardRow[]> {
    for (let page = 1; ; page += 1) {
      const items = await this.items(auth, filter, page, 500);
      if (items.length === 0) return;
      yield items;
      if (items.length < 500) return;
    }
  }

  /** Cards as the lists show them: with their box's devices the user sees, and its company. */
  private async rows(
    auth: AuthContext,
    cards: ReadonlyArray<{ id: number; iccid: string; provider: string; expires_on: string | null; box_id: number | null }>,
  ): Promise<CardRow[]> {
    const boxIds = [...new Set(cards.flatMap((c) => (c.box_id === null ? [] : [c.box_id])))];
    const devices =
      boxIds.length === 0
        ? []
        : await this.db
            .selectFrom('devices as d')
            .leftJoin('controller_types as t', 't.id', 'd.type_id')
            .select(['d.id', 'd.box_id', 'd.controller', 'd.company', 't.kind'])
            .where('d.box_id', 'in', boxIds)
            .orderBy('d.controller')
            .execute();
    // Only the devices of the box the user sees are named (a box reached through one of its devices shows that one).
    const seen = await checkAccess(this.db, { auth, permission: 'device.read', ids: devices.map((d) => d.id) });
    const today = Date.parse(`${this.today()}T00:00:00Z`);
    return cards.map((c) => {
      const mine = devices.filter((d) => d.box_id === c.box_id && seen.has(d.id));
      return {
        id: c.id,
        iccid: c.iccid,
        provider: c.provider,
        expiresOn: c.expires_on,
        daysLeft: c.expires_on === null ? null : Math.round((Date.parse(`${c.expires_on}T00:00:00Z`) - today) / DAY_MS),
        boxId: c.box_id,
        devices: mine.map((d) => ({
          id: d.id,
          controller: d.controller,
          path: detailPath((d.kind ?? null) as ControllerKind | null, d.box_id, d.controller),
        })),
        company: mine.find((d) => d.company)?.company ?? '',
      };
    });
  }

  async setCard(auth: AuthContext, id: number, body: z.output<typeof cardBody>, ip: string): Promise<CardRow> {
    const before = await this.db.selectFrom('iot_cards').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(id);
    if (body.expiresOn !== null && !realDate(body.expiresOn)) throw new AppError(Code.VALIDATION_FAILED, 'validation.iotCard.date');
    const after = await this.db
      .updateTable('iot_cards')
      .set({ provider: body.provider, expires_on: body.expiresOn, updated_at: this.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.expiriesSet();
    await this.audit.record({
      user: auth.user,
      action: 'card.set',
      target: before.iccid,
      oldValue: `${before.expires_on ?? '—'} ${before.provider}`.trim(),
      newValue: `${after.expires_on ?? '—'} ${after.provider}`.trim(),
      outcome: 'ok',
      ip,
    });
    const [row] = await this.rows(auth, [after]);
    if (!row) throw notFound(id);
    return row;
  }

  /**
   * Reads a sheet of ICCIDs, expiry dates and providers: the cards it sets (a card not seen yet is added, to be matched
   * when a box reports it), and every problem by row and column in the caller's language. With `apply` and no problem,
   * writes them all in one transaction; otherwise changes nothing.
   */
  async import(auth: AuthContext, body: z.output<typeof cardImportBody>, ip: string, lang: Language): Promise<CardImportResult> {
    const sheet = await readSheet(body.fileName, Buffer.from(body.content, 'base64'));
    const { missing, rows } = rowsByHeader(sheet, HEADERS, COLUMNS);
    if (missing.some((c) => c !== 'provider'))
      throw new AppError(Code.VALIDATION_FAILED, 'validation.cardImport.header', {
        missing: missing.map((c) => message(lang, COLUMN_KEYS[c])).join(', '),
      });
    if (rows.length === 0) throw new AppError(Code.VALIDATION_FAILED, 'validation.cardImport.empty');
    if (rows.length > MAX_IMPORT_ROWS) throw new AppError(Code.VALIDATION_FAILED, 'validation.cardImport.tooMany');
    const problems: UploadProblem[] = [];
    const problem = (row: number, column: Column, key: MessageKey, params: Record<string, string | number> = {}) => {
      const name = message(lang, COLUMN_KEYS[column]);
      problems.push({ row, column: name, message: message(lang, key, { row, column: name, ...params }) });
    };
    const iccids = rows.map((r) => r.cells.iccid.toUpperCase()).filter((i) => ICCID.test(i));
    const known = new Map(
      iccids.length === 0
        ? []
        : (await this.db.selectFrom('iot_cards').select(['iccid', 'expires_on', 'provider']).where('iccid', 'in', iccids).execute()).map(
            (c) => [c.iccid, c] as const,
          ),
    );
    const firstRow = new Map<string, number>();
    const changes: CardImportResult['changes'] = [];
    let unchanged = 0;
    for (const { row, cells } of rows) {
      const iccid = cells.iccid.toUpperCase();
      let ok = true;
      if (!ICCID.test(iccid)) {
        problem(row, 'iccid', 'validation.cardImport.iccid');
        ok = false;
      } else if (firstRow.has(iccid)) {
        problem(row, 'iccid', 'validation.cardImport.twice', { iccid, other: firstRow.get(iccid) ?? 0 });
        ok = false;
      } else firstRow.set(iccid, row);
      if (!realDate(cells.expiry)) {
        problem(row, 'expiry', 'validation.cardImport.date');
        ok = false;
      }
      if (!ok) continue;
      const card = known.get(iccid);
      const provider = cells.provider.slice(0, 64) || (card?.provider ?? '');
      if (card && card.expires_on === cells.expiry && card.provider === provider) unchanged += 1;
      else changes.push({ row, iccid, known: card !== undefined, expiresOn: cells.expiry, provider });
    }
    const applied = body.apply && problems.length === 0;
    if (applied && changes.length > 0) {
      await this.setExpiries(changes);
      await this.audit.record({
        user: auth.user,
        action: 'card.import',
        target: body.fileName,
        newValue: `${changes.length} cards`,
        outcome: 'ok',
        ip,
      });
    }
    return { changes, unchanged, problems, applied };
  }

  /** Sets the expiry date and provider of these cards in one transaction, adding those not seen yet (import, demo). */
  async setExpiries(cards: ReadonlyArray<{ iccid: string; expiresOn: string; provider: string }>): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (tx) => {
      for (const c of cards)
        await tx
          .insertInto('iot_cards')
          .values({ iccid: c.iccid, box_id: null, provider: c.provider, expires_on: c.expiresOn, seen_at: null, updated_at: now })
          .onConflict((oc) => oc.column('iccid').doUpdateSet({ provider: c.provider, expires_on: c.expiresOn, updated_at: now }))
          .execute();
    });
    this.expiriesSet();
  }

  /** A box's card changes, newest first (its page's card history), for those who see the box. */
  async history(auth: AuthContext, boxId: number): Promise<CardChange[]> {
    await requireAccess(this.db, { auth, permission: 'box.read', ids: [boxId] });
    const rows = await this.db
      .selectFrom('iot_card_changes')
      .select(['box_id', 'from_iccid', 'to_iccid', 'at'])
      .where('box_id', '=', boxId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({ boxId: r.box_id, from: r.from_iccid, to: r.to_iccid, at: r.at }));
  }
}
