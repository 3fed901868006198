import { controllerKind, detailPath, type NotificationKind, type NotifyPrefs, type Severity } from '@dms/contract';
import type { Insertable } from 'kysely';
import { usersSeeingAll } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import type { NotifyDeliveriesTable } from '../../db/schema.js';
import type { Pushed, Transition } from './engine.js';
import { emailDelivery } from './outbox.js';
import type { NotificationFacts, TemplateLookup } from './render.js';
import { wants, type NotifyStore } from './settings.js';

/** What a notification tells of its device, and the box's push times (how often each class is pushed). */
export interface DeviceFacts {
  boxId: number;
  controller: number;
  company: string;
  path: string;
  push: { warning: number; fault: number; normal: number };
}

/** An enabled webhook and the kinds it is posted. */
export interface Webhook {
  id: number;
  name: string;
  kinds: NotificationKind[];
}

/** The facts of these devices (those that exist), by id. */
export async function deviceFacts(db: Db, ids: number[]): Promise<Map<number, DeviceFacts>> {
  const rows = await db
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
export async function deviceReach(db: Db, deviceIds: number[]): Promise<Map<number, Map<number, number>>> {
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

/** Adds the effective preferences of these users to `prefs` (each looked up once). */
export async function addPrefs(store: NotifyStore, users: Iterable<number>, prefs: Map<number, NotifyPrefs>): Promise<void> {
  for (const u of users) if (!prefs.has(u)) prefs.set(u, await store.effective(u));
}

/** The webhooks that are on. */
export async function enabledWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db.selectFrom('notify_webhooks').select(['id', 'name', 'kinds']).where('enabled', '=', 1).execute();
  return rows.map((w) => ({ ...w, kinds: JSON.parse(w.kinds) as NotificationKind[] }));
}

/** The first push of a notification to a webhook, once (`once_key`). */
export function webhookDelivery(id: number, w: Webhook, body: object, now: number) {
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
export function webhookNotification(id: number, t: Transition, f: NotificationFacts) {
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

/** A person told of a notification: who, whether they read the device's values (1) or only see it (0), their choices. */
export type Told = [userId: number, data: number, prefs: NotifyPrefs];

/** Of `candidates`, those who reach the device (`reached`: user → data) and chose `kind`. */
export function toldOf(
  candidates: Iterable<number>,
  reached: ReadonlyMap<number, number>,
  prefs: ReadonlyMap<number, NotifyPrefs>,
  kind: NotificationKind,
): Told[] {
  const told: Told[] = [];
  for (const u of candidates) {
    const data = reached.get(u);
    const p = prefs.get(u);
    if (data !== undefined && p && wants(p, kind)) told.push([u, data, p]);
  }
  return told;
}

/**
 * A stored notification's first push: e-mail to those told who chose it, each webhook that takes its kind (posted
 * `webhookBody`), and the console's push (null when nobody is told).
 */
export function firstPush(
  templates: TemplateLookup,
  publicUrl: string,
  n: { id: number; deviceId: number; severity: Severity | null; facts: NotificationFacts },
  told: readonly Told[],
  webhooks: readonly Webhook[],
  webhookBody: object,
  now: number,
): { deliveries: Array<Insertable<NotifyDeliveriesTable>>; pushed: Pushed | null } {
  const { id, facts: f } = n;
  const deliveries: Array<Insertable<NotifyDeliveriesTable>> = [];
  for (const [userId, , prefs] of told) {
    const row = emailDelivery(templates, publicUrl, n, { id: userId, prefs }, 1, now);
    if (row) deliveries.push(row);
  }
  for (const w of webhooks) if (w.kinds.includes(f.kind)) deliveries.push(webhookDelivery(id, w, webhookBody, now));
  const pushed =
    told.length === 0
      ? null
      : {
          userIds: told.map(([u]) => u),
          notification: {
            id,
            device: n.deviceId,
            boxId: f.boxId,
            controller: f.controller,
            company: f.company,
            path: f.path,
            kind: f.kind,
            status: f.status,
            rule: f.rule,
            card: f.card,
            time: f.time,
            push: 1,
          },
        };
  return { deliveries, pushed };
}
