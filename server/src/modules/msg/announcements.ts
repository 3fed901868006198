import {
  ANNOUNCEMENT_PINS,
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
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { inAudience, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import type { AnnouncementsTable } from '../../db/schema.js';
import { AppError, notFound as notFoundAtAll } from '../../errors.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { audience, audienceCounts, audienceTargets, pickDevices, pickUsers } from './announcement-audience.js';

const notFound = (id: number) => new AppError(Code.NOT_FOUND, 'error.announcementNotFound', { id });
const pinOf = (rank: number): AnnouncementPin => ANNOUNCEMENT_PINS[rank] ?? 'none';
const rankOf = (pin: AnnouncementPin) => ANNOUNCEMENT_PINS.indexOf(pin);
const textsOf = (row: Pick<Selectable<AnnouncementsTable>, 'texts'>) => JSON.parse(row.texts) as AnnouncementTexts;
/** What root's search looks in: every title and text, lower-case. */
const wordsOf = (texts: AnnouncementTexts) =>
  Object.values(texts)
    .flatMap((t) => [t.title, t.body])
    .join('\n')
    .toLowerCase();

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
    const counts = await audienceCounts(this.db, rows);
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
      ...((await audienceCounts(this.db, [{ id, type }])).get(id) ?? { reached: 0, read: 0 }),
    };
  }

  private checkExpiry(expiresAt: number | null) {
    if (expiresAt !== null && expiresAt <= this.now()) throw new AppError(Code.VALIDATION_FAILED, 'validation.announcement.expiry');
  }

  private async tell(id: number, pin: AnnouncementPin) {
    this.published({ id, pin, userIds: await audience(this.db, id) });
  }

  async create(auth: AuthContext, body: z.output<typeof announcementBody>, ip: string): Promise<AnnouncementDetail> {
    this.checkExpiry(body.expiresAt);
    const targets = await audienceTargets(this.db, body);
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
    await this.tell(id, body.pin);
    return this.detail(id);
  }

  private summary(body: z.output<typeof announcementBody>): string {
    return `${body.type} ${body.pin}: ${textFor(body.texts, 'en').text.title}`;
  }

  async update(auth: AuthContext, id: number, body: z.output<typeof announcementBody>, ip: string): Promise<AnnouncementDetail> {
    const before = await this.row(id);
    this.checkExpiry(body.expiresAt);
    const targets = await audienceTargets(this.db, body);
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
    if (before.withdrawn_at === null) await this.tell(id, body.pin);
    return this.detail(id);
  }

  async withdraw(auth: AuthContext, id: number, ip: string): Promise<null> {
    const row = await this.row(id);
    if (row.withdrawn_at === null) {
      await this.db.updateTable('announcements').set({ withdrawn_at: this.now(), updated_at: this.now() }).where('id', '=', id).execute();
      await this.audit.record({ user: auth.user, action: 'notice.announcementWithdraw', target: `#${id}`, outcome: 'ok', ip });
      await this.tell(id, pinOf(row.pin));
    }
    return null;
  }

  async remove(auth: AuthContext, id: number, ip: string): Promise<null> {
    const row = await this.row(id);
    const told = row.withdrawn_at === null ? await audience(this.db, id) : [];
    await this.db.deleteFrom('announcements').where('id', '=', id).execute();
    await this.audit.record({
      user: auth.user,
      action: 'notice.announcementDelete',
      target: `#${id}`,
      oldValue: textFor(textsOf(row), 'en').text.title,
      outcome: 'ok',
      ip,
    });
    if (told.length > 0) this.published({ id, pin: pinOf(row.pin), userIds: told });
    return null;
  }

  devices(q: string | undefined): Promise<AudienceDevice[]> {
    return pickDevices(this.db, q);
  }

  users(q: string | undefined): Promise<AudienceUser[]> {
    return pickUsers(this.db, q);
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
