import { CARD_KINDS, pushClassOf, type NotificationKind } from '@dms/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DeviceFacts } from './recipients.js';
import { CHUNK, type Transition } from './engine.js';

/** The kinds that recover: they end the repeats of what came before. */
const CLEARING = new Set<NotificationKind>(['recover', 'online']);

/** A change that becomes a notification of its own; `id` once stored (0: it was stored already). */
export interface Planned {
  t: Transition;
  device: DeviceFacts;
  phase: 'started' | 'ended' | null;
  limit: number;
  id: number;
}

/** A change of a flapping device, folded into its latest notification (stored, or planned earlier in the batch). */
export interface Fold {
  t: Transition;
  into: number | Planned;
}

/**
 * What each change is, in order: a new notification (pushed up to its box's push times for its class), or, its device
 * flapping (`threshold` notifications since `windowStart`, rule events and card notices not counted), folded into the
 * device's latest. Changes of devices not in `devices` are dropped.
 */
export async function planChanges(
  trx: Transaction<Database>,
  batch: Transition[],
  devices: Map<number, DeviceFacts>,
  windowStart: number,
  threshold: number,
): Promise<{ planned: Planned[]; folds: Fold[] }> {
  // Each device's notifications within the flapping window, and its latest (the one a flap folds into).
  const deviceIds = [...new Set(batch.map((t) => t.deviceId))];
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

  const planned: Planned[] = [];
  const folds: Fold[] = [];
  for (const t of batch) {
    const device = devices.get(t.deviceId);
    if (!device) continue;
    const flap = recent.get(t.deviceId);
    if (t.kind !== 'event' && flap && flap.count >= threshold) {
      folds.push({ t, into: flap.last });
      continue;
    }
    const phase = t.kind === 'event' ? (t.status as 'started' | 'ended') : null;
    const plan: Planned = { t, device, phase, limit: Math.max(1, device.push[pushClassOf(t.kind, t.severity, phase)]), id: 0 };
    planned.push(plan);
    if (t.kind !== 'event') recent.set(t.deviceId, { count: (flap?.count ?? 0) + 1, last: plan });
  }
  return { planned, folds };
}

/**
 * A recovery (recover, online, a rule's event ended) ends the reminders of what it recovers from: the device's earlier
 * notifications (a rule event's end, those of its event), stored before this batch or earlier in it. `fresh` are the
 * batch's notifications just stored, in order.
 */
export async function stopRepeats(trx: Transaction<Database>, fresh: Planned[]): Promise<void> {
  const firstNew = Math.min(...fresh.map((p) => p.id));
  const stops: number[] = [];
  const devicesRecovered = new Set<number>();
  const eventsEnded = new Set<number>();
  for (const [i, plan] of fresh.entries()) {
    const clears = CLEARING.has(plan.t.kind) || plan.phase === 'ended';
    if (!clears) continue;
    if (plan.phase === 'ended') eventsEnded.add(plan.t.eventId);
    else devicesRecovered.add(plan.t.deviceId);
    for (const before of fresh.slice(0, i))
      if (before.t.deviceId === plan.t.deviceId && (plan.phase === 'ended' ? before.t.eventId === plan.t.eventId : before.t.eventId === 0))
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
}

/**
 * Folds (a flapping device): the latest takes the change (unless it is newer); its people see it unread again, and a
 * recovery ends its repeats; no one is pushed.
 */
export async function applyFolds(trx: Transaction<Database>, folds: Fold[]): Promise<void> {
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
}
