import {
  controllerKind,
  detailPath,
  pushClassOf,
  type CardFacts,
  CARD_KINDS,
  type CardKind,
  type NotificationKind,
  type NotifyPrefs,
  type ServerEvents,
  type Severity,
} from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { usersSeeingAll } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { emailDelivery, storeDeliveries } from './outbox.js';
import { wants, type NotifyStore } from './settings.js';
import type { NotificationFacts, Templates } from './render.js';

/** A change that may tell people something: a device's status, or a rule's event starting or ending. */
export interface Transition {
  deviceId: number;
  kind: NotificationKind;
  /** The device's status after it; `started` or `ended` for a rule's event. */
  status: string;
  time: number;
  /** The rule's event (0 for a change of status). */
  eventId: number;
  severity: Severity | null;
}

/**
 * Something to tell of a box's IoT card (the bus's `cardNotice`, from modules/iot-card): its expiry coming (`card`,
 * status a CardReminder, `ref` 0, `time` the day it is due) or the answer to renewal feedback (`feedback`, status done
 * or declined, `ref` the feedback's id). Kept once by (the box's first device, time, kind, ref), like a change.
 */
export interface CardNotice {
  kind: CardKind;
  boxId: number;
  status: string;
  time: number;
  ref: number;
  card: CardFacts;
  /** Who is told: these users (feedback's sender), or (null) everyone who reaches the box's first device. */
  userIds: number[] | null;
}

/** What the console is told of a notification stored or repeated (the bus's `notificationPushed`). */
export interface Pushed {
  userIds: number[];
  notification: ServerEvents['notification'];
}

/** What the engine's parts (the creator, the worker) need of the rest. */
export interface EngineDeps {
  db: Db;
  store: NotifyStore;
  templates: Templates;
  now: () => number;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The console's push of a stored notification (on the bus). */
  pushed(p: Pushed): void;
}

/** What the creator needs of the rest. */
export interface CreatorDeps extends EngineDeps {
  /** Deliveries were queued. */
  queued(): void;
}

const BATCH = 500;
/** Rows per multi-row statement (well under SQLite's and PostgreSQL's parameter limits). */
const CHUNK = 200;
const CLEARING = new Set<NotificationKind>(['recover', 'online']);

/** A change that becomes a notification of its own; `id` once stored (0: it was stored already). */
interface Planned {
  t: Transition;
  device: DeviceFacts;
  phase: 'started' | 'ended' | null;
  limit: number;
  id: number;
}

interface DeviceFacts {
  boxId: number;
  controller: number;
  company: string;
  path: string;
  push: { warning: number; fault: number; normal: number };
}

/**
 * Makes notifications of the changes it is given (docs/notifications.md), in batches, in one transaction each:
 * - once per change: `notifications_once` (device, time, kind, event) keeps a restart or a second instance from making
 *   it twice; the one that loses the insert does nothing more;
 * - for each person who reaches the device (the reach table, and everyone who sees all devices) and chose the kind,
 *   with whether they read its values; a repeat is due after root's interval while the box's push times allow;
 * - a device that flaps (root's threshold of notifications within the window) folds later changes into its last one;
 * - a recovery (recover, online, a rule's event ended) stops the repeats of what it recovers from;
 * - the first push: e-mail to those who chose it (skipped in their quiet hours, unless a fault breaks through), and
 *   each webhook that takes the kind; then the console is told (`pushed`).
 */
export class NotificationCreator {
  private queue: Transition[] = [];
  private cards: CardNotice[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly d: CreatorDeps) {}

  add(t: Transition): void {
    this.queue.push(t);
    this.wake();
  }

  /** A card's reminder or feedback's answer, made in the same turn as the changes. */
  addCard(n: CardNotice): void {
    this.cards.push(n);
    this.wake();
  }

  private wake(): void {
    if (!this.running) this.running = new Promise((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Resolves when everything given so far is stored (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 || this.cards.length > 0) {
        const batch = this.queue.splice(0, BATCH);
        const cards = this.cards.splice(0, BATCH);
        try {
          if (batch.length > 0) await this.process(batch);
          if (cards.length > 0) await this.processCards(cards);
        } catch (err) {
          this.d.log.error({ err, changes: batch.length, cards: cards.length }, 'notifications could not be stored');
        }
      }
    } finally {
      this.running = null;
    }
  }

  private async process(batch: Transition[]): Promise<void> {
    const { db, store } = this.d;
    const deviceIds = [...new Set(batch.map((t) => t.deviceId))];
    const eventIds = [...new Set(batch.filter((t) => t.eventId > 0).map((t) => t.eventId))];
    const settings = await store.settings();
    const devices = await this.devices(deviceIds);
    const rules = new Map<number, string>();
    if (eventIds.length > 0) {
      const rows = await db
        .selectFrom('events as e')
        .innerJoin('event_rules as r', 'r.id', 'e.rule_id')
        .select(['e.id', 'r.name'])
        .where('e.id', 'in', eventIds)
        .execute();
      for (const r of rows) rules.set(r.id, r.name);
    }
    const reach = await this.reach(deviceIds);
    const prefs = new Map<number, NotifyPrefs>();
    for (const users of reach.values()) for (const u of users.keys()) if (!prefs.has(u)) prefs.set(u, await store.effective(u));
    const webhooks = await this.webhooks();
    const templates = await this.d.templates.lookup();
    const now = this.d.now();
    const windowStart = now - settings.flapWindowMinutes * 60_000;
    const repeatMs = settings.repeatMinutes * 60_000;
    const pushes: Pushed[] = [];
    const out = { queued: false };

    await db.transaction().execute(async (trx) => {
      // Each device's notifications within the flapping window, and its latest (the one a flap folds into).
      const recent = new Map<number, { count: number; last: number | Planned }>();
      const rows = await trx
        .selectFrom('notifications')
        .select((eb) => ['device_id', eb.fn.countAll<number | string>().as('n'), eb.fn.max('id').as('last')])
        .where('device_id', 'in', deviceIds)
        .where('last_time', '>=', windowStart)
        .where('type', 'not in', ['event', ...CARD_KINDS])
        .groupBy('device_id')
        .execute();
      for (const r of rows) recent.set(r.device_id, { count: Number(r.n), last: r.last });

      // 1. What each change is, in order: a new notification, or (flapping) folded into the device's latest.
      const planned: Planned[] = [];
      const folds: Array<{ t: Transition; into: number | Planned }> = [];
      for (const t of batch) {
        const device = devices.get(t.deviceId);
        if (!device) continue;
        const flap = recent.get(t.deviceId);
        if (t.kind !== 'event' && flap && flap.count >= settings.flapThreshold) {
          folds.push({ t, into: flap.last });
          continue;
        }
        const phase = t.kind === 'event' ? (t.status as 'started' | 'ended') : null;
        const plan: Planned = { t, device, phase, limit: Math.max(1, device.push[pushClassOf(t.kind, t.severity, phase)]), id: 0 };
        planned.push(plan);
        if (t.kind !== 'event') recent.set(t.deviceId, { count: (flap?.count ?? 0) + 1, last: plan });
      }

      // 2. The new ones, once each: a change already stored (a restart, another instance) is not returned, and nothing
      // more is done for it.
      for (let i = 0; i < planned.length; i += CHUNK) {
        const part = planned.slice(i, i + CHUNK);
        const made = await trx
          .insertInto('notifications')
          .values(
            part.map(({ t, limit }) => ({
              device_id: t.deviceId,
              type: t.kind,
              status: t.status,
              time: t.time,
              event_id: t.eventId,
              severity: t.severity,
              last_time: t.time,
              push_limit: limit,
            })),
          )
          .onConflict((oc) => oc.columns(['device_id', 'time', 'type', 'event_id']).doNothing())
          .returning(['id', 'device_id', 'time', 'type', 'event_id'])
          .execute();
        const ids = new Map(made.map((m) => [`${m.device_id}/${m.time}/${m.type}/${m.event_id}`, m.id]));
        for (const plan of part) plan.id = ids.get(`${plan.t.deviceId}/${plan.t.time}/${plan.t.kind}/${plan.t.eventId}`) ?? 0;
      }
      const fresh = planned.filter((p) => p.id > 0);
      const firstNew = Math.min(...fresh.map((p) => p.id));

      // 3. A recovery ends the reminders of what it recovers from: the device's earlier notifications (a rule event's
      // end, those of its event), stored before this batch or earlier in it.
      const stops: number[] = [];
      const devicesRecovered = new Set<number>();
      const eventsEnded = new Set<number>();
      for (const [i, plan] of fresh.entries()) {
        const clears = CLEARING.has(plan.t.kind) || plan.phase === 'ended';
        if (!clears) continue;
        if (plan.phase === 'ended') eventsEnded.add(plan.t.eventId);
        else devicesRecovered.add(plan.t.deviceId);
        for (const before of fresh.slice(0, i))
          if (
            before.t.deviceId === plan.t.deviceId &&
            (plan.phase === 'ended' ? before.t.eventId === plan.t.eventId : before.t.eventId === 0)
          )
            stops.push(before.id);
      }
      if (devicesRecovered.size > 0 || eventsEnded.size > 0)
        await trx
          .updateTable('notification_recipients')
          .set({ next_push_at: null })
          .where('next_push_at', 'is not', null)
          .where('notification_id', 'in', (eb) =>
            eb
              .selectFrom('notifications')
              .select('id')
              .where('id', '<', Number.isFinite(firstNew) ? firstNew : Number.MAX_SAFE_INTEGER)
              .where((w) =>
                w.or([
                  ...(devicesRecovered.size > 0 ? [w.and([w('device_id', 'in', [...devicesRecovered]), w('event_id', '=', 0)])] : []),
                  ...(eventsEnded.size > 0 ? [w('event_id', 'in', [...eventsEnded])] : []),
                ]),
              ),
          )
          .execute();
      for (let i = 0; i < stops.length; i += CHUNK)
        await trx
          .updateTable('notification_recipients')
          .set({ next_push_at: null })
          .where('notification_id', 'in', stops.slice(i, i + CHUNK))
          .execute();

      // 4. Its people: each who reaches the device and chose the kind; reminders due after root's interval.
      const recipients = [];
      const deliveries = [];
      for (const plan of fresh) {
        const { t, device, id, limit } = plan;
        const users: Array<[number, number, NotifyPrefs]> = [];
        for (const [u, data] of reach.get(t.deviceId) ?? []) {
          const p = prefs.get(u);
          if (p && wants(p, t.kind)) users.push([u, data, p]);
        }
        for (const [user_id, data] of users)
          recipients.push({
            user_id,
            notification_id: id,
            read_at: null,
            data,
            pushes: 1,
            next_push_at: limit > 1 ? now + repeatMs : null,
          });
        const facts: NotificationFacts = {
          kind: t.kind,
          status: t.status,
          boxId: device.boxId,
          controller: device.controller,
          company: device.company,
          rule: rules.get(t.eventId) ?? null,
          time: t.time,
          changes: 1,
          path: device.path,
          card: null,
        };
        // 5. The first push: e-mail to those who chose it, each webhook that takes the kind, and the console.
        for (const [userId, , userPrefs] of users) {
          const row = emailDelivery(
            templates,
            this.d.publicUrl,
            { id, severity: t.severity, facts },
            { id: userId, prefs: userPrefs },
            1,
            now,
          );
          if (row) deliveries.push(row);
        }
        for (const w of webhooks)
          if (w.kinds.includes(t.kind)) deliveries.push(webhookDelivery(id, w, webhookNotification(id, t, facts), now));
        if (users.length > 0)
          pushes.push({
            userIds: users.map(([u]) => u),
            notification: {
              id,
              device: t.deviceId,
              boxId: device.boxId,
              controller: device.controller,
              company: device.company,
              path: device.path,
              kind: t.kind,
              status: t.status,
              rule: facts.rule,
              card: null,
              time: t.time,
              push: 1,
            },
          });
      }
      for (let i = 0; i < recipients.length; i += CHUNK)
        await trx
          .insertInto('notification_recipients')
          .values(recipients.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < deliveries.length; i += CHUNK / 2)
        if (await storeDeliveries(trx, deliveries.slice(i, i + CHUNK / 2), now)) out.queued = true;

      // 6. Folds (a flapping device): the latest takes the change; its people see it unread again; no one is pushed.
      for (const { t, into } of folds) {
        const id = typeof into === 'number' ? into : into.id;
        if (id === 0) continue;
        const folded = await trx
          .updateTable('notifications')
          .set((eb) => ({ type: t.kind, status: t.status, changes: eb('changes', '+', 1), last_time: t.time }))
          .where('id', '=', id)
          .where('last_time', '<', t.time)
          .executeTakeFirst();
        if (Number(folded.numUpdatedRows) === 0) continue;
        await trx
          .updateTable('notification_recipients')
          .set(CLEARING.has(t.kind) ? { read_at: null, next_push_at: null } : { read_at: null })
          .where('notification_id', '=', id)
          .execute();
      }
    });
    for (const p of pushes) this.d.pushed(p);
    if (out.queued) this.d.queued();
  }

  private async webhooks(): Promise<Webhook[]> {
    const rows = await this.d.db.selectFrom('notify_webhooks').select(['id', 'name', 'kinds']).where('enabled', '=', 1).execute();
    return rows.map((w) => ({ ...w, kinds: JSON.parse(w.kinds) as NotificationKind[] }));
  }

  /**
   * Notices of cards: each once (a second sweep, a restart or another instance stores nothing more), on the box's
   * first device, for those it names or everyone who reaches that device and chose the kind; pushed once (never
   * repeated or folded), by e-mail, webhooks and the console.
   */
  private async processCards(batch: CardNotice[]): Promise<void> {
    const { db, store } = this.d;
    const boxIds = [...new Set(batch.map((n) => n.boxId))];
    const firsts = await db
      .selectFrom('devices')
      .select((eb) => ['box_id', eb.fn.min('id').as('id')])
      .where('box_id', 'in', boxIds)
      .groupBy('box_id')
      .execute();
    const firstOf = new Map(firsts.map((f) => [f.box_id, f.id]));
    const devices = await this.devices([...firstOf.values()]);
    const reach = await this.reach([...firstOf.values()]);
    const prefs = new Map<number, NotifyPrefs>();
    for (const n of batch) {
      const first = firstOf.get(n.boxId);
      const reached = first === undefined ? undefined : reach.get(first);
      for (const u of n.userIds ?? [...(reached?.keys() ?? [])]) if (!prefs.has(u)) prefs.set(u, await store.effective(u));
    }
    const webhooks = await this.webhooks();
    const templates = await this.d.templates.lookup();
    const now = this.d.now();
    const pushes: Pushed[] = [];
    const out = { queued: false };
    await db.transaction().execute(async (trx) => {
      for (const n of batch) {
        const deviceId = firstOf.get(n.boxId);
        const device = deviceId === undefined ? undefined : devices.get(deviceId);
        if (deviceId === undefined || !device) continue;
        const made = await trx
          .insertInto('notifications')
          .values({
            device_id: deviceId,
            type: n.kind,
            status: n.status,
            time: n.time,
            event_id: n.ref,
            severity: null,
            // Listed by when it was told (a reminder's `time` is the day it fell due, its key).
            last_time: now,
            push_limit: 1,
            note: JSON.stringify(n.card),
          })
          .onConflict((oc) => oc.columns(['device_id', 'time', 'type', 'event_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!made) continue;
        const reached = reach.get(deviceId) ?? new Map<number, number>();
        const users: Array<[number, number, NotifyPrefs]> = [];
        for (const u of n.userIds ?? [...reached.keys()]) {
          const data = reached.get(u);
          const p = prefs.get(u);
          if (data !== undefined && p && wants(p, n.kind)) users.push([u, data, p]);
        }
        if (users.length > 0)
          await trx
            .insertInto('notification_recipients')
            .values(
              users.map(([user_id, data]) => ({ user_id, notification_id: made.id, read_at: null, data, pushes: 1, next_push_at: null })),
            )
            .execute();
        const facts: NotificationFacts = {
          kind: n.kind,
          status: n.status,
          boxId: device.boxId,
          controller: device.controller,
          company: device.company,
          rule: null,
          time: n.time,
          changes: 1,
          path: device.path,
          card: n.card,
        };
        const deliveries = [];
        for (const [userId, , prefs] of users) {
          const row = emailDelivery(templates, this.d.publicUrl, { id: made.id, severity: null, facts }, { id: userId, prefs }, 1, now);
          if (row) deliveries.push(row);
        }
        for (const w of webhooks)
          if (w.kinds.includes(n.kind))
            deliveries.push(
              webhookDelivery(
                made.id,
                w,
                {
                  id: made.id,
                  kind: n.kind,
                  status: n.status,
                  time: n.time,
                  device: { id: deviceId, boxId: device.boxId, controller: device.controller, company: device.company, path: device.path },
                  card: n.card,
                },
                now,
              ),
            );
        if (await storeDeliveries(trx, deliveries, now)) out.queued = true;
        if (users.length > 0)
          pushes.push({
            userIds: users.map(([u]) => u),
            notification: {
              id: made.id,
              device: deviceId,
              boxId: device.boxId,
              controller: device.controller,
              company: device.company,
              path: device.path,
              kind: n.kind,
              status: n.status,
              rule: null,
              card: n.card,
              time: n.time,
              push: 1,
            },
          });
      }
    });
    for (const p of pushes) this.d.pushed(p);
    if (out.queued) this.d.queued();
  }

  private async devices(ids: number[]): Promise<Map<number, DeviceFacts>> {
    const rows = await this.d.db
      .selectFrom('devices as d')
      .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
      .leftJoin('controller_types as t', 't.id', 'd.type_id')
      .select(['d.id', 'd.box_id', 'd.controller', 'd.company', 'b.push_warning', 'b.push_fault', 'b.push_normal', 't.kind'])
      .where('d.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          boxId: r.box_id,
          controller: r.controller,
          company: r.company,
          path: detailPath(controllerKind(r.kind), r.box_id, r.controller),
          push: { warning: r.push_warning, fault: r.push_fault, normal: r.push_normal },
        },
      ]),
    );
  }

  /** Per device, who reaches it and whether they read its values (1) or only see it (0). */
  private async reach(deviceIds: number[]): Promise<Map<number, Map<number, number>>> {
    const { db } = this.d;
    const out = new Map<number, Map<number, number>>(deviceIds.map((id) => [id, new Map()]));
    const rows = await db.selectFrom('device_reach').select(['device_id', 'user_id', 'data']).where('device_id', 'in', deviceIds).execute();
    for (const r of rows) {
      const users = out.get(r.device_id);
      users?.set(r.user_id, Math.max(users.get(r.user_id) ?? 0, r.data));
    }
    const all = await usersSeeingAll(db);
    for (const users of out.values()) for (const u of all) users.set(u, 1);
    return out;
  }
}

interface Webhook {
  id: number;
  name: string;
  kinds: NotificationKind[];
}

/** The first push of a notification to a webhook, once (`once_key`). */
function webhookDelivery(id: number, w: Webhook, body: object, now: number) {
  return {
    once_key: `n${id}:w${w.id}:1`,
    notification_id: id,
    user_id: null,
    webhook_id: w.id,
    channel: 'webhook',
    target: w.name,
    push: 1,
    status: 'pending',
    next_attempt_at: now,
    claimed_until: null,
    payload: JSON.stringify(body),
    created_at: now,
  };
}

/** The webhook's view of a notification (docs/notifications.md "Webhooks"). */
function webhookNotification(id: number, t: Transition, f: NotificationFacts) {
  return {
    id,
    kind: t.kind,
    status: t.status,
    time: t.time,
    device: { id: t.deviceId, boxId: f.boxId, controller: f.controller, company: f.company, path: f.path },
    rule: f.rule,
    severity: t.severity,
  };
}
