import {
  ANNOUNCEMENT_PINS,
  canAccess,
  Code,
  textFor,
  type AnnouncementDetail,
  type AnnouncementPin,
  type AnnouncementRow,
  type AnnouncementState,
  type AnnouncementTexts,
  type AnnouncementType,
  type AudienceDevice,
  type AudienceUser,
  type Language,
  type MyAnnouncement,
  type announcementBody,
  type announcementListQuery,
  type myAnnouncementQuery,
} from '@dms/contract';
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { inAudience, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { AnnouncementsTable } from '../../db/schema.js';
import { AppError, notFound as notFoundAtAll } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { likePattern } from '../usermanager/people.js';

const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.announcementNotFound', { id });
const PICKER_LIMIT = 50;
/** Whether /msg serves a user (roles as stored: a JSON array): only they can be told, or be chosen as an audience. */
const servesMessages = (roles: string) => canAccess(JSON.parse(roles) as string[], 'msg');
const pinOf = (rank: number): AnnouncementPin => ANNOUNCEMENT_PINS[rank] ?? 'none';
const rankOf = (pin: AnnouncementPin) => ANNOUNCEMENT_PINS.indexOf(pin);
const textsOf = (row: Pick<Selectable<AnnouncementsTable>, 'texts'>) => JSON.parse(row.texts) as AnnouncementTexts;
/** What root's search looks in: every title and text, lower-case. */
const wordsOf = (texts: AnnouncementTexts) =>
  Object.values(texts)
    .flatMap((t) => [t.title, t.body])
    .join('\n')
    .toLowerCase();
/** `column like %q%` with the wildcards of `q` itself taken literally, on both databases. */
const contains = (column: string, q: string) => sql<boolean>`${sql.raw(column)} like ${likePattern(q.toLowerCase())} escape '\\'`;

/** Who an announcement went to, for the live push: user ids, or everyone the console's messages serve. */
export interface Published {
  id: number;
  pin: AnnouncementPin;
  userIds: readonly number[];
}

/**
 * Announcements (issue 22; docs/notifications.md "Announcements"): root writes, edits, withdraws and deletes them
 * (/notice/notice-list, notice-create); everyone /msg serves reads those for them (/msg/announcement-list, the
 * banner). Who an announcement is for is the access module's `inAudience`, on every path.
 */
export class AnnouncementService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly audit: Audit,
    /** Tells the bus an announcement was published or changed, with its audience. */
    private readonly published: (p: Published) => void,
  ) {}

  private state(row: Pick<Selectable<AnnouncementsTable>, 'withdrawn_at' | 'expires_at'>, now: number): AnnouncementState {
    if (row.withdrawn_at !== null) return 'withdrawn';
    return row.expires_at !== null && row.expires_at <= now ? 'expired' : 'published';
  }

  /** The ids of everyone /msg serves (the audience of type all). */
  private async messageUsers(): Promise<number[]> {
    const users = await this.db.selectFrom('users').select(['id', 'roles']).execute();
    return users.filter((u) => servesMessages(u.roles)).map((u) => u.id);
  }

  /**
   * The audiences now of these announcements, by id (by `inAudience`'s rule, so the counts and the push agree with the
   * lists): one query for the chosen people and one for the devices' reach, whatever the number of announcements.
   */
  private async audiences(list: ReadonlyArray<{ id: number; type: string }>): Promise<Map<number, number[]>> {
    const of = (type: AnnouncementType) => list.filter((a) => a.type === type).map((a) => a.id);
    const [personal, device] = [of('personal'), of('device')];
    const everyone = of('all').length > 0 ? await this.messageUsers() : [];
    const people =
      personal.length === 0
        ? []
        : await this.db
            .selectFrom('announcement_targets')
            .select(['announcement_id as id', 'user_id'])
            .where('announcement_id', 'in', personal)
            .where('user_id', 'is not', null)
            .execute();
    const reach =
      device.length === 0
        ? []
        : await this.db
            .selectFrom('announcement_targets as t')
            .innerJoin('device_reach as dr', 'dr.device_id', 't.device_id')
            .select(['t.announcement_id as id', 'dr.user_id'])
            .distinct()
            .where('t.announcement_id', 'in', device)
            .execute();
    const found = new Map<number, number[]>(list.map((a) => [a.id, a.type === 'all' ? everyone : []]));
    for (const r of [...people, ...reach]) if (r.user_id !== null) found.get(r.id)?.push(r.user_id);
    return found;
  }

  /** The audience of announcement `id` now. */
  private async audience(id: number, type: AnnouncementType): Promise<number[]> {
    return (await this.audiences([{ id, type }])).get(id) ?? [];
  }

  /** How many each announcement is for now, and how many of them read it: three queries for a whole page. */
  private async counts(list: ReadonlyArray<{ id: number; type: string }>): Promise<Map<number, { reached: number; read: number }>> {
    const audiences = await this.audiences(list);
    const ids = list.map((a) => a.id);
    const readers =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('announcement_reads')
            .select(['announcement_id', 'user_id'])
            .where('announcement_id', 'in', ids)
            .execute();
    const counts = new Map<number, { reached: number; read: number }>();
    for (const [id, audience] of audiences) {
      const members = new Set(audience);
      const read = readers.filter((r) => r.announcement_id === id && members.has(r.user_id)).length;
      counts.set(id, { reached: members.size, read });
    }
    return counts;
  }

  private async row(id: number) {
    const row = await this.db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(id);
    return row;
  }

  // ---- root (/notice) ----

  async list(query: z.output<typeof announcementListQuery>, lang: Language): Promise<{ total: number; items: AnnouncementRow[] }> {
    const now = this.now();
    let q = this.db.selectFrom('announcements as a');
    if (query.type) q = q.where('a.type', '=', query.type);
    if (query.state === 'withdrawn') q = q.where('a.withdrawn_at', 'is not', null);
    if (query.state === 'expired') q = q.where('a.withdrawn_at', 'is', null).where('a.expires_at', '<=', now);
    if (query.state === 'published')
      q = q.where('a.withdrawn_at', 'is', null).where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>', now)]));
    if (query.q) q = q.where(contains('a.words', query.q));
    const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('a')
      .select((eb) => [
        eb
          .selectFrom('announcement_targets as t')
          .whereRef('t.announcement_id', '=', 'a.id')
          .select(eb.fn.countAll<number | string>().as('n'))
          .as('targets'),
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    const counts = await this.counts(rows);
    const items: AnnouncementRow[] = [];
    for (const r of rows) {
      const texts = textsOf(r);
      const { reached, read } = counts.get(r.id) ?? { reached: 0, read: 0 };
      items.push({
        id: r.id,
        type: r.type as AnnouncementType,
        pin: pinOf(r.pin),
        state: this.state(r, now),
        title: textFor(texts, lang).text.title,
        languages: Object.keys(texts) as Language[],
        expiresAt: r.expires_at === null ? null : r.expires_at,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        author: r.author,
        targets: Number(r.targets),
        reached,
        read,
      });
    }
    return { total: Number(total), items };
  }

  async detail(id: number): Promise<AnnouncementDetail> {
    const row = await this.row(id);
    const devices = await this.db
      .selectFrom('announcement_targets as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select(['d.id', 'd.box_id as boxId', 'd.controller', 'd.company'])
      .where('t.announcement_id', '=', id)
      .orderBy('d.box_id')
      .orderBy('d.controller')
      .execute();
    const users = await this.db
      .selectFrom('announcement_targets as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select(['u.id', 'u.username'])
      .where('t.announcement_id', '=', id)
      .orderBy('u.username')
      .execute();
    const type = row.type as AnnouncementType;
    return {
      id,
      type,
      pin: pinOf(row.pin),
      state: this.state(row, this.now()),
      expiresAt: row.expires_at === null ? null : row.expires_at,
      texts: textsOf(row),
      devices,
      users,
      ...((await this.counts([{ id, type }])).get(id) ?? { reached: 0, read: 0 }),
    };
  }

  /** The body's devices or people, each of which must exist (a deleted one is named, not dropped in silence). */
  private async targets(body: z.output<typeof announcementBody>): Promise<Array<{ device_id: number | null; user_id: number | null }>> {
    if (body.type === 'all') return [];
    const wanted = [...new Set(body.type === 'device' ? body.deviceIds : body.userIds)];
    const people =
      body.type === 'personal' ? await this.db.selectFrom('users').select(['id', 'roles']).where('id', 'in', wanted).execute() : [];
    const found = body.type === 'device' ? await this.db.selectFrom('devices').select('id').where('id', 'in', wanted).execute() : people;
    const have = new Set(found.map((r) => r.id));
    const gone = wanted.filter((id) => !have.has(id));
    if (gone.length > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.announcementTargetGone', { ids: gone.join(', ') });
    // A person /msg does not serve (market) could never read it.
    const deaf = people.filter((u) => !servesMessages(u.roles)).map((u) => u.id);
    if (deaf.length > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.announcementNotReader', { ids: deaf.join(', ') });
    return wanted.map((id) => (body.type === 'device' ? { device_id: id, user_id: null } : { device_id: null, user_id: id }));
  }

  private checkExpiry(expiresAt: number | null) {
    if (expiresAt !== null && expiresAt <= this.now()) throw new AppError(Code.VALIDATION_FAILED, 'validation.announcement.expiry');
  }

  private async tell(id: number, type: AnnouncementType, pin: AnnouncementPin) {
    this.published({ id, pin, userIds: await this.audience(id, type) });
  }

  async create(auth: AuthContext, body: z.output<typeof announcementBody>, ip: string): Promise<AnnouncementDetail> {
    this.checkExpiry(body.expiresAt);
    const targets = await this.targets(body);
    const now = this.now();
    const id = await this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('announcements')
        .values({
          type: body.type,
          pin: rankOf(body.pin),
          texts: JSON.stringify(body.texts),
          words: wordsOf(body.texts),
          expires_at: body.expiresAt,
          withdrawn_at: null,
          author: auth.user.username,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (targets.length > 0)
        await tx
          .insertInto('announcement_targets')
          .values(targets.map((t) => ({ announcement_id: row.id, ...t })))
          .execute();
      return row.id;
    });
    await this.audit.record({
      user: auth.user,
      action: 'notice.announcementCreate',
      target: `#${id}`,
      newValue: this.summary(body),
      outcome: 'ok',
      ip,
    });
    await this.tell(id, body.type, body.pin);
    return this.detail(id);
  }

  private summary(body: z.output<typeof announcementBody>): string {
    return `${body.type} ${body.pin}: ${textFor(body.texts, 'en').text.title}`;
  }

  async update(auth: AuthContext, id: number, body: z.output<typeof announcementBody>, ip: string): Promise<AnnouncementDetail> {
    const before = await this.row(id);
    this.checkExpiry(body.expiresAt);
    const targets = await this.targets(body);
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('announcements')
        .set({
          type: body.type,
          pin: rankOf(body.pin),
          texts: JSON.stringify(body.texts),
          words: wordsOf(body.texts),
          expires_at: body.expiresAt,
          updated_at: this.now(),
        })
        .where('id', '=', id)
        .execute();
      await tx.deleteFrom('announcement_targets').where('announcement_id', '=', id).execute();
      if (targets.length > 0)
        await tx
          .insertInto('announcement_targets')
          .values(targets.map((t) => ({ announcement_id: id, ...t })))
          .execute();
    });
    const old = { type: before.type as AnnouncementType, pin: pinOf(before.pin), texts: textsOf(before) };
    await this.audit.record({
      user: auth.user,
      action: 'notice.announcementUpdate',
      target: `#${id}`,
      oldValue: `${old.type} ${old.pin}: ${textFor(old.texts, 'en').text.title}`,
      newValue: this.summary(body),
      outcome: 'ok',
      ip,
    });
    if (before.withdrawn_at === null) await this.tell(id, body.type, body.pin);
    return this.detail(id);
  }

  async withdraw(auth: AuthContext, id: number, ip: string): Promise<null> {
    const row = await this.row(id);
    if (row.withdrawn_at === null) {
      await this.db.updateTable('announcements').set({ withdrawn_at: this.now(), updated_at: this.now() }).where('id', '=', id).execute();
      await this.audit.record({ user: auth.user, action: 'notice.announcementWithdraw', target: `#${id}`, outcome: 'ok', ip });
      await this.tell(id, row.type as AnnouncementType, pinOf(row.pin));
    }
    return null;
  }

  async remove(auth: AuthContext, id: number, ip: string): Promise<null> {
    const row = await this.row(id);
    const audience = row.withdrawn_at === null ? await this.audience(id, row.type as AnnouncementType) : [];
    await this.db.deleteFrom('announcements').where('id', '=', id).execute();
    await this.audit.record({
      user: auth.user,
      action: 'notice.announcementDelete',
      target: `#${id}`,
      oldValue: textFor(textsOf(row), 'en').text.title,
      outcome: 'ok',
      ip,
    });
    if (audience.length > 0) this.published({ id, pin: pinOf(row.pin), userIds: audience });
    return null;
  }

  async devices(q: string | undefined): Promise<AudienceDevice[]> {
    let query = this.db.selectFrom('devices').select(['id', 'box_id as boxId', 'controller', 'company']);
    if (q) {
      query = query.where((eb) => eb.or([contains('cast(box_id as varchar(20))', q), contains('lower(company)', q)]));
    }
    const rows = await query.orderBy('box_id').orderBy('controller').limit(PICKER_LIMIT).execute();
    return rows;
  }

  async users(q: string | undefined): Promise<AudienceUser[]> {
    let query = this.db.selectFrom('users').select(['id', 'username', 'roles']);
    if (q) query = query.where(contains('lower(username)', q));
    const rows = await query
      .orderBy('username')
      .limit(PICKER_LIMIT * 2)
      .execute();
    return rows
      .filter((u) => servesMessages(u.roles))
      .slice(0, PICKER_LIMIT)
      .map((u) => ({ id: u.id, username: u.username }));
  }

  // ---- the reader (/msg) ----

  /** The announcements for `auth` now: published, not expired, of their audience; super top, then top, then newest. */
  private mine(auth: AuthContext) {
    const now = this.now();
    return this.db
      .selectFrom('announcements as a')
      .leftJoin('announcement_reads as r', (j) => j.onRef('r.announcement_id', '=', 'a.id').on('r.user_id', '=', auth.user.id))
      .where('a.withdrawn_at', 'is', null)
      .where((eb) => eb.or([eb('a.expires_at', 'is', null), eb('a.expires_at', '>', now)]))
      .where((eb) => inAudience(eb, auth.user.id));
  }

  private toMine(row: Selectable<AnnouncementsTable> & { read_at: number | null }, lang: Language): MyAnnouncement {
    const { language, text } = textFor(textsOf(row), lang);
    return {
      id: row.id,
      pin: pinOf(row.pin),
      language,
      title: text.title,
      body: text.body,
      createdAt: row.created_at,
      expiresAt: row.expires_at === null ? null : row.expires_at,
      readAt: row.read_at === null ? null : row.read_at,
    };
  }

  async myList(auth: AuthContext, query: z.output<typeof myAnnouncementQuery>, lang: Language) {
    let q = this.mine(auth);
    if (query.read === 'read') q = q.where('r.read_at', 'is not', null);
    if (query.read === 'unread') q = q.where('r.read_at', 'is', null);
    const { total } = await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .selectAll('a')
      .select('r.read_at')
      .orderBy('a.pin', 'desc')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute();
    return { total: Number(total), items: rows.map((r) => this.toMine(r, lang)) };
  }

  async banner(auth: AuthContext, lang: Language): Promise<{ announcement: MyAnnouncement | null }> {
    const row = await this.mine(auth)
      .where('a.pin', '=', rankOf('super_top'))
      .where('r.read_at', 'is', null)
      .selectAll('a')
      .select('r.read_at')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .executeTakeFirst();
    return { announcement: row ? this.toMine(row, lang) : null };
  }

  async markRead(auth: AuthContext, id: number): Promise<null> {
    await this.db.transaction().execute(async (tx) => {
      await requireAccess(tx, { auth, permission: 'announcement.read', ids: [id] });
      const row = await tx.selectFrom('announcements').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow();
      // Expired is as gone for its reader as withdrawn: the same answer as the access module's.
      if (row.expires_at !== null && row.expires_at <= this.now()) throw notFoundAtAll();
      await tx
        .insertInto('announcement_reads')
        .values({ announcement_id: id, user_id: auth.user.id, read_at: this.now() })
        .onConflict((oc) => oc.columns(['announcement_id', 'user_id']).doNothing())
        .execute();
    });
    return null;
  }
}
