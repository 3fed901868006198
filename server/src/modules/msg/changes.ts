import type { NotifyPrefs } from '@dms/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addPrefs, deviceFacts, deviceReach, enabledWebhooks, firstPush, toldOf, webhookNotification } from './recipients.js';
import { CHUNK, type CreatorDeps, type Pushed, type Transition } from './engine.js';
import { storeDeliveries } from './outbox.js';
import type { NotificationFacts } from './render.js';
import { applyFolds, planChanges, stopRepeats, type Planned } from './repeats.js';

/**
 * Makes notifications of a batch of changes, in one transaction (docs/notifications.md): each planned (new, or folded
 * into a flapping device's latest), stored once, its recoveries ending earlier repeats, given its people and its first
 * push; then the console is told and the worker woken.
 */
export async function storeChanges(d: CreatorDeps, batch: Transition[]): Promise<void> {
  const { db, store } = d;
  const deviceIds = [...new Set(batch.map((t) => t.deviceId))];
  const eventIds = [...new Set(batch.filter((t) => t.eventId > 0).map((t) => t.eventId))];
  const settings = await store.settings();
  const devices = await deviceFacts(db, deviceIds);
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
  const reach = await deviceReach(db, deviceIds);
  const prefs = new Map<number, NotifyPrefs>();
  for (const users of reach.values()) await addPrefs(store, users.keys(), prefs);
  const webhooks = await enabledWebhooks(db);
  const templates = await d.templates.lookup();
  const now = d.now();
  const windowStart = now - settings.flapWindowMinutes * 60_000;
  const repeatMs = settings.repeatMinutes * 60_000;
  const pushes: Pushed[] = [];
  const out = { queued: false };

  await db.transaction().execute(async (trx) => {
    // 1. What each change is, in order: a new notification, or (flapping) folded into the device's latest.
    const { planned, folds } = await planChanges(trx, batch, devices, windowStart, settings.flapThreshold);

    // 2. The new ones, once each: a change already stored (a restart, another instance) is not returned, and nothing
    // more is done for it.
    await storeOnce(trx, planned);
    const fresh = planned.filter((p) => p.id > 0);

    // 3. A recovery ends the reminders of what it recovers from.
    await stopRepeats(trx, fresh);

    // 4. Its people: each who reaches the device and chose the kind; reminders due after root's interval.
    const recipients = [];
    const deliveries = [];
    for (const plan of fresh) {
      const { t, device, id, limit } = plan;
      const reached = reach.get(t.deviceId) ?? new Map<number, number>();
      const users = toldOf(reached.keys(), reached, prefs, t.kind);
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
      const first = firstPush(
        templates,
        d.publicUrl,
        { id, deviceId: t.deviceId, severity: t.severity, facts },
        users,
        webhooks,
        webhookNotification(id, t, facts),
        now,
      );
      deliveries.push(...first.deliveries);
      if (first.pushed) pushes.push(first.pushed);
    }
    for (let i = 0; i < recipients.length; i += CHUNK)
      await trx
        .insertInto('notification_recipients')
        .values(recipients.slice(i, i + CHUNK))
        .execute();
    for (let i = 0; i < deliveries.length; i += CHUNK / 2)
      if (await storeDeliveries(trx, deliveries.slice(i, i + CHUNK / 2), now)) out.queued = true;

    // 6. Folds (a flapping device): the latest takes the change; its people see it unread again; no one is pushed.
    await applyFolds(trx, folds);
  });
  for (const p of pushes) d.pushed(p);
  if (out.queued) d.queued();
}

/** Stores the planned notifications, each once (device, time, kind, event), setting `id` of those that were new. */
async function storeOnce(trx: Transaction<Database>, planned: Planned[]): Promise<void> {
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
}
