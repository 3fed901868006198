import {
  Code,
  format,
  primaryLeaf,
  type EventPage,
  type EventRow,
  type Language,
  type RuleInput,
  type eventListQuery,
  type eventsFilter,
} from '@dms/contract';
import type { z } from 'zod';
import { checkAccess, deviceScope, faultLens, requireAccess, type FaultLens } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { contains, containsAny } from '../../db/search.js';
import { parseDefinition } from '../../ingest/rule-store.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { chunksByCursor, EXPORT_CHUNK } from '../exports/chunks.js';
import * as repo from './repository.js';

type Filter = z.output<typeof eventsFilter>;
type Joined = Awaited<ReturnType<typeof selectRows>>[number];

const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.eventNotFound', { id });

function selectRows(
  db: Db,
  where: (q: ReturnType<typeof repo.eventsQuery>) => ReturnType<typeof repo.eventsQuery>,
  offset: number,
  limit: number,
) {
  return where(repo.eventsQuery(db))
    .select([...repo.EVENT_COLUMNS])
    .orderBy('e.started_at', 'desc')
    .orderBy('e.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** The log's filter as a condition on the events query. */
function filtered(f: Filter) {
  return (q: ReturnType<typeof repo.eventsQuery>) => {
    let out = q;
    const digits = f.q?.replace(/\D/g, '');
    if (f.q) {
      const text = f.q;
      out = out.where((eb) =>
        eb.or([
          ...(digits ? [contains(eb.cast<string>('d.box_id', 'varchar(20)'), digits)] : []),
          containsAny(['d.company', 'v.name'], text),
        ]),
      );
    }
    if (f.ruleId !== undefined) out = out.where('e.rule_id', '=', f.ruleId);
    if (f.severity !== undefined) out = out.where('e.severity', '=', f.severity);
    if (f.state === 'active') out = out.where('e.ended_at', 'is', null);
    if (f.state === 'ended') out = out.where('e.ended_at', 'is not', null);
    if (f.acked === 'true') out = out.where('e.ack_at', 'is not', null);
    if (f.acked === 'false') out = out.where('e.ack_at', 'is', null);
    if (f.from !== undefined) out = out.where('e.started_at', '>=', f.from);
    if (f.to !== undefined) out = out.where('e.started_at', '<', f.to);
    return out;
  };
}

/**
 * The events log (/events/events-log, root) and a device's own events (its page, for whoever sees it): every event a
 * rule started, with its rule's version, its values, who acknowledged it, its assignee and comments. What a viewer
 * may read follows docs/people.md "Events": an event of a device whose data is hidden from them, or of a register their
 * template does not read, shows that it exists and its times, but no values and no text (`withheld`).
 */
export class EventLogService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly audit: Audit,
    private readonly unitOf: (typeId: number | null, register: number) => Promise<string>,
  ) {}

  async page(auth: AuthContext, { page, page_size, ...f }: z.output<typeof eventListQuery>, lang: Language): Promise<EventPage> {
    const where = filtered(f);
    const [count, rows] = await Promise.all([
      where(repo.eventsQuery(this.db))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      selectRows(this.db, where, (page - 1) * page_size, page_size),
    ]);
    return { total: Number(count.n), items: await this.rows(auth, rows, lang) };
  }

  /**
   * Rows of the log's filter, a chunk at a time (the export), newest first, read by a cursor (start, id): an event
   * that starts meanwhile neither shifts the rows after it into a second chunk nor is taken half-way.
   */
  async *all(auth: AuthContext, f: Filter, lang: Language, chunk = EXPORT_CHUNK): AsyncGenerator<EventRow[]> {
    const chunks = chunksByCursor(
      (after: { at: number; id: number } | null, limit) =>
        selectRows(
          this.db,
          (q) =>
            after === null
              ? filtered(f)(q)
              : filtered(f)(q).where((eb) =>
                  eb.or([eb('e.started_at', '<', after.at), eb.and([eb('e.started_at', '=', after.at), eb('e.id', '<', after.id)])]),
                ),
          0,
          limit,
        ),
      (r) => ({ at: r.started_at, id: r.id }),
      chunk,
    );
    for await (const rows of chunks) yield await this.rows(auth, rows, lang);
  }

  count(f: Filter): Promise<number> {
    return filtered(f)(repo.eventsQuery(this.db))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  /** A device's events, in progress first, then newest (the caller checked `device.read`; values as the viewer may read them). */
  async ofDevice(
    auth: AuthContext,
    deviceId: number,
    query: { page: number; page_size: number; state?: 'active' | 'ended' | undefined },
    lang: Language,
  ): Promise<EventPage> {
    const where = (q: ReturnType<typeof repo.eventsQuery>) => filtered({ state: query.state })(q.where('e.device_id', '=', deviceId));
    const [count, rows] = await Promise.all([
      where(repo.eventsQuery(this.db))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      where(repo.eventsQuery(this.db))
        .select([...repo.EVENT_COLUMNS])
        .orderBy((eb) => eb.case().when('e.ended_at', 'is', null).then(0).else(1).end())
        .orderBy('e.started_at', 'desc')
        .orderBy('e.id', 'desc')
        .offset((query.page - 1) * query.page_size)
        .limit(query.page_size)
        .execute(),
    ]);
    return { total: Number(count.n), items: await this.rows(auth, rows, lang) };
  }

  /** Acknowledges an event once (a second answers who did), with an optional comment, in one transaction. */
  async acknowledge(auth: AuthContext, id: number, comment: string | undefined, ip: string, lang: Language): Promise<EventRow> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await this.requireFollow(trx, auth, id);
      const row = await trx.selectFrom('events').select(['ack_by']).where('id', '=', id).executeTakeFirstOrThrow();
      if (row.ack_by !== null) throw new AppError(Code.VALIDATION_FAILED, 'error.eventAcked', { user: row.ack_by });
      const done = await trx
        .updateTable('events')
        .set({ ack_by: auth.user.username, ack_at: now })
        .where('id', '=', id)
        .where('ack_by', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw new AppError(Code.VALIDATION_FAILED, 'error.eventAcked', { user: '?' });
      if (comment)
        await trx.insertInto('event_comments').values({ event_id: id, at: now, by: auth.user.username, text: comment }).execute();
    });
    await this.audit.record({ user: auth.user, action: 'event.ack', target: String(id), newValue: comment ?? null, outcome: 'ok', ip });
    return this.one(auth, id, lang);
  }

  async comment(auth: AuthContext, id: number, text: string, ip: string, lang: Language): Promise<EventRow> {
    await this.db.transaction().execute(async (trx) => {
      await this.requireFollow(trx, auth, id);
      await trx.insertInto('event_comments').values({ event_id: id, at: this.now(), by: auth.user.username, text }).execute();
    });
    await this.audit.record({ user: auth.user, action: 'event.comment', target: String(id), newValue: text, outcome: 'ok', ip });
    return this.one(auth, id, lang);
  }

  /** Gives the event to a user to follow up (by user name; null: nobody). */
  async assign(auth: AuthContext, id: number, username: string | null, ip: string, lang: Language): Promise<EventRow> {
    const before = await this.db.transaction().execute(async (trx) => {
      await this.requireFollow(trx, auth, id);
      if (username !== null && !(await trx.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()))
        throw new AppError(Code.VALIDATION_FAILED, 'error.eventAssignee', { username });
      const row = await trx.selectFrom('events').select('assignee').where('id', '=', id).executeTakeFirstOrThrow();
      await trx.updateTable('events').set({ assignee: username }).where('id', '=', id).execute();
      return row.assignee;
    });
    await this.audit.record({
      user: auth.user,
      action: 'event.assign',
      target: String(id),
      oldValue: before,
      newValue: username,
      outcome: 'ok',
      ip,
    });
    return this.one(auth, id, lang);
  }

  /** 404 for an event that does not exist, then the permission, in the caller's transaction. */
  private async requireFollow(db: Db, auth: AuthContext, id: number): Promise<void> {
    if (!(await db.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst())) throw notFound(id);
    await requireAccess(db, { auth, permission: 'event.follow', ids: [id] });
  }

  private async one(auth: AuthContext, id: number, lang: Language): Promise<EventRow> {
    const [row] = await this.rows(auth, await selectRows(this.db, (q) => q.where('e.id', '=', id), 0, 1), lang);
    if (!row) throw notFound(id);
    return row;
  }

  /** The rows as the viewer may read them. */
  private async rows(auth: AuthContext, rows: Joined[], lang: Language): Promise<EventRow[]> {
    const lens = await faultLens(this.db, auth);
    const dataOf =
      lens.userId === null ? null : await checkAccess(this.db, { auth, permission: 'device.data', ids: rows.map((r) => r.device_id) });
    const comments = await repo.commentsOf(
      this.db,
      rows.map((r) => r.id),
    );
    // A type's unit of a register is read once a page (a type's registers are one read), not once a row.
    const units = new Map<string, Promise<string>>();
    const unitOf = (typeId: number | null, register: number) => {
      const key = `${typeId}:${register}`;
      let unit = units.get(key);
      if (!unit) units.set(key, (unit = this.unitOf(typeId, register)));
      return unit;
    };
    const out: EventRow[] = [];
    for (const r of rows) {
      const def = parse(r.definition);
      const primary = def ? primaryLeaf(def.condition) : null;
      const reads = (dataOf === null || dataOf.has(r.device_id)) && (primary === null || shows(lens, r.type_id, primary.register));
      const unit = primary && reads ? await unitOf(r.type_id, primary.register) : '';
      const startValue = reads ? r.start_value : null;
      const peak = reads ? r.peak : null;
      const device = `${r.box_id}-${r.controller}`;
      const text =
        def && reads
          ? format(
              def.text[lang],
              {
                device,
                value: startValue === null ? '' : `${startValue}${unit ? ` ${unit}` : ''}`,
                threshold: primary?.threshold == null ? '' : `${primary.threshold}${unit ? ` ${unit}` : ''}`,
                rule: r.rule_name ?? '',
              },
              lang,
            )
          : null;
      out.push({
        id: r.id,
        ruleId: r.rule_id,
        ruleName: r.rule_name ?? `#${r.rule_id}`,
        ruleVersion: r.rule_version,
        deviceId: r.device_id,
        boxId: r.box_id,
        controller: r.controller,
        company: r.company,
        severity: r.severity === 'fault' || r.severity === 'alert' ? r.severity : 'info',
        text,
        startedAt: r.started_at,
        endedAt: r.ended_at,
        startValue,
        peak,
        unit,
        withheld: !reads,
        ackBy: r.ack_by,
        ackAt: r.ack_at,
        assignee: r.assignee,
        comments: reads || deviceScope(auth) === null ? (comments.get(r.id) ?? []) : [],
      });
    }
    return out;
  }
}

function shows(lens: FaultLens, typeId: number | null, register: number): boolean {
  return lens.rights.canRead(typeId, register);
}

function parse(json: string | null): RuleInput | null {
  return json === null ? null : parseDefinition(json);
}
