import type { NotifyPrefs } from '@dms/contract';
import { addPrefs, deviceFacts, deviceReach, enabledWebhooks, firstPush, toldOf } from './recipients.js';
import type { CardNotice, CreatorDeps, Pushed } from './engine.js';
import { storeDeliveries } from './outbox.js';
import type { NotificationFacts } from './render.js';

/**
 * Notices of cards: each once (a second sweep, a restart or another instance stores nothing more), on the box's
 * first device, for those it names or everyone who reaches that device and chose the kind; pushed once (never
 * repeated or folded), by e-mail, webhooks and the console.
 */
export async function storeCardNotices(d: CreatorDeps, batch: CardNotice[]): Promise<void> {
  const { db, store } = d;
  const boxIds = [...new Set(batch.map((n) => n.boxId))];
  const firsts = await db
    .selectFrom('devices')
    .select((eb) => ['box_id', eb.fn.min('id').as('id')])
    .where('box_id', 'in', boxIds)
    .groupBy('box_id')
    .execute();
  const firstOf = new Map(firsts.map((f) => [f.box_id, f.id]));
  const devices = await deviceFacts(db, [...firstOf.values()]);
  const reach = await deviceReach(db, [...firstOf.values()]);
  const prefs = new Map<number, NotifyPrefs>();
  for (const n of batch) {
    const first = firstOf.get(n.boxId);
    const reached = first === undefined ? undefined : reach.get(first);
    await addPrefs(store, n.userIds ?? [...(reached?.keys() ?? [])], prefs);
  }
  const webhooks = await enabledWebhooks(db);
  const templates = await d.templates.lookup();
  const now = d.now();
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
      const users = toldOf(n.userIds ?? reached.keys(), reached, prefs, n.kind);
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
      const body = {
        id: made.id,
        kind: n.kind,
        status: n.status,
        time: n.time,
        device: { id: deviceId, boxId: device.boxId, controller: device.controller, company: device.company, path: device.path },
        card: n.card,
      };
      const first = firstPush(templates, d.publicUrl, { id: made.id, deviceId, severity: null, facts }, users, webhooks, body, now);
      if (await storeDeliveries(trx, first.deliveries, now)) out.queued = true;
      if (first.pushed) pushes.push(first.pushed);
    }
  });
  for (const p of pushes) d.pushed(p);
  if (out.queued) d.queued();
}
