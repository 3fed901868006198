import {
  controllerKind,
  detailPath,
  DEVICE_STATUSES,
  statusMatches,
  type NotificationKind,
  type NotificationPage,
  type NotificationRow,
  type NotifyPrefs,
  type NotifyPrefsView,
  type notificationListQuery,
  type SpecificStatus,
  type Language,
} from '@dms/contract';
import type { z } from 'zod';
import { deviceScope, inScope, requireAccess } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import type { AuthContext } from '../../types.js';
import type { Audit } from '../datalog/service.js';
import { cardFactsOf } from './render.js';
import type { NotifyStore } from './settings.js';

type Filter = Omit<z.output<typeof notificationListQuery>, 'page' | 'page_size'>;
const SPECIFIC = DEVICE_STATUSES.filter((s): s is SpecificStatus => s !== 'alert' && s !== 'fault');

/**
 * A user's notifications (/msg/notification-list and the bell; docs/notifications.md): theirs, of devices they still
 * reach, newest first; marking read, acknowledging (which ends the repeats), and their preferences.
 */
export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly store: NotifyStore,
    private readonly audit: Audit,
    private readonly prefsChanged: () => void,
  ) {}

  private mine(auth: AuthContext, f: Filter = {}) {
    const scope = deviceScope(auth);
    let q = this.db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .innerJoin('devices as d', 'd.id', 'n.device_id')
      .where('r.user_id', '=', auth.user.id);
    q = q.where(inScope(scope));
    if (f.kind) q = q.where('n.type', '=', f.kind);
    if (f.status) {
      const status = f.status;
      q = q.where(
        'n.status',
        'in',
        SPECIFIC.filter((s) => statusMatches(s, status)),
      );
    }
    if (f.read === 'read') q = q.where('r.read_at', 'is not', null);
    if (f.read === 'unread') q = q.where('r.read_at', 'is', null);
    if (f.from !== undefined) q = q.where('n.last_time', '>=', f.from);
    if (f.to !== undefined) q = q.where('n.time', '<=', f.to);
    if (f.q) {
      const text = f.q;
      q = q.where((eb) => {
        const byCompany = contains('d.company', text);
        return /^\d{1,15}$/.test(text) ? eb.or([byCompany, eb('d.box_id', '=', Number(text))]) : byCompany;
      });
    }
    return q;
  }

  async page(auth: AuthContext, { page, page_size, ...f }: z.output<typeof notificationListQuery>): Promise<NotificationPage> {
    const [count, rows] = await Promise.all([
      this.mine(auth, f)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.rows(auth, f)
        .orderBy('n.last_time', 'desc')
        .orderBy('n.id', 'desc')
        .offset((page - 1) * page_size)
        .limit(page_size)
        .execute(),
    ]);
    return { total: Number(count.n), items: rows.map(toRow) };
  }

  private rows(auth: AuthContext, f: Filter = {}) {
    return this.mine(auth, f)
      .leftJoin('controller_types as t', 't.id', 'd.type_id')
      .leftJoin('events as e', (j) => j.onRef('e.id', '=', 'n.event_id').on('n.type', '=', 'event'))
      .leftJoin('event_rules as er', 'er.id', 'e.rule_id')
      .select([
        'n.id',
        'n.type',
        'n.status',
        'n.device_id',
        'd.box_id',
        'd.controller',
        'd.company',
        't.kind as type_kind',
        'er.name as rule',
        'n.severity',
        'n.time',
        'n.changes',
        'n.last_time',
        'r.read_at',
        'r.acked_at',
        'r.pushes',
        'n.push_limit',
        'r.next_push_at',
        'n.note',
      ]);
  }

  async unread(auth: AuthContext): Promise<{ count: number }> {
    const row = await this.mine(auth, { read: 'unread' })
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return { count: Number(row.n) };
  }

  async markRead(auth: AuthContext, body: { ids?: number[] | undefined; all?: true | undefined }): Promise<{ updated: number }> {
    const now = this.now();
    if (body.ids) await requireAccess(this.db, { auth, permission: 'notification.receive', ids: body.ids });
    const ids = body.ids ?? (await this.mine(auth, { read: 'unread' }).select('n.id').execute()).map((r) => r.id);
    let updated = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const res = await this.db
        .updateTable('notification_recipients')
        .set({ read_at: now })
        .where('user_id', '=', auth.user.id)
        .where('notification_id', 'in', ids.slice(i, i + 500))
        .where('read_at', 'is', null)
        .executeTakeFirst();
      updated += Number(res.numUpdatedRows);
    }
    return { updated };
  }

  async acknowledge(auth: AuthContext, id: number, ip: string): Promise<NotificationRow> {
    const now = this.now();
    const acked = await this.db.transaction().execute(async (trx) => {
      await requireAccess(trx, { auth, permission: 'notification.receive', ids: [id] });
      const res = await trx
        .updateTable('notification_recipients')
        .set((eb) => ({ acked_at: now, next_push_at: null, read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
        .where('user_id', '=', auth.user.id)
        .where('notification_id', '=', id)
        .where('acked_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    });
    const row = await this.rows(auth).where('n.id', '=', id).executeTakeFirstOrThrow();
    if (acked)
      await this.audit.record({
        user: auth.user,
        action: 'notify.ack',
        target: `${row.box_id}-${row.controller} #${id}`,
        outcome: 'ok',
        ip,
      });
    return toRow(row);
  }

  async preferences(auth: AuthContext, lang: Language): Promise<NotifyPrefsView> {
    const own = await this.store.ownPrefs(auth.user.id);
    return { own: own !== null, prefs: own ?? (await this.store.effective(auth.user.id, lang)) };
  }

  async savePreferences(auth: AuthContext, prefs: NotifyPrefs | null, lang: Language, ip: string): Promise<NotifyPrefsView> {
    const now = this.now();
    if (prefs)
      await this.db
        .insertInto('notify_prefs')
        .values({ user_id: auth.user.id, prefs: JSON.stringify(prefs), updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ prefs: JSON.stringify(prefs), updated_at: now }))
        .execute();
    else await this.db.deleteFrom('notify_prefs').where('user_id', '=', auth.user.id).execute();
    this.prefsChanged();
    await this.audit.record({
      user: auth.user,
      action: 'notify.prefs',
      target: auth.user.username,
      newValue: prefs ? JSON.stringify(prefs) : 'defaults',
      outcome: 'ok',
      ip,
    });
    return this.preferences(auth, lang);
  }
}

function toRow(r: {
  id: number;
  type: string;
  status: string;
  device_id: number;
  box_id: number;
  controller: number;
  company: string;
  type_kind: string | null;
  rule: string | null;
  severity: string | null;
  time: number;
  changes: number;
  last_time: number;
  read_at: number | null;
  acked_at: number | null;
  pushes: number;
  push_limit: number;
  next_push_at: number | null;
  note: string | null;
}): NotificationRow {
  return {
    id: r.id,
    kind: r.type as NotificationKind,
    status: r.status,
    card: cardFactsOf(r.note),
    deviceId: r.device_id,
    boxId: r.box_id,
    controller: r.controller,
    company: r.company,
    path: detailPath(controllerKind(r.type_kind), r.box_id, r.controller),
    rule: r.rule,
    severity: r.severity as NotificationRow['severity'],
    time: r.time,
    changes: r.changes,
    lastTime: r.last_time,
    readAt: r.read_at === null ? null : r.read_at,
    ackedAt: r.acked_at === null ? null : r.acked_at,
    pushes: r.pushes,
    pushLimit: r.push_limit,
    repeating: r.next_push_at !== null,
  };
}
