import type { AttemptOutcome, AttemptRow, DeliveryChannel, deliveryFilter, NotificationKind } from '@dms/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';

/** The delivery log's filter (channel, outcome, user, box, time). */
export type DeliveryFilter = z.output<typeof deliveryFilter>;

/** The attempts of the filter, joined to their delivery, user, notification and device (nothing selected yet). */
export function attempts(db: Db, f: DeliveryFilter) {
  let q = db
    .selectFrom('notify_attempts as a')
    .innerJoin('notify_deliveries as d', 'd.id', 'a.delivery_id')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('notifications as n', 'n.id', 'd.notification_id')
    .leftJoin('devices as dv', 'dv.id', 'n.device_id');
  if (f.channel) q = q.where('d.channel', '=', f.channel);
  if (f.outcome) q = q.where('a.outcome', '=', f.outcome);
  if (f.user) q = q.where('u.username', '=', f.user);
  if (f.boxId !== undefined) q = q.where('dv.box_id', '=', f.boxId);
  if (f.from !== undefined) q = q.where('a.time', '>=', f.from);
  if (f.to !== undefined) q = q.where('a.time', '<=', f.to);
  return q;
}

/** The attempts of the filter as the log lists them (see toAttempt), newest first. */
export function attemptRows(db: Db, f: DeliveryFilter) {
  return attempts(db, f)
    .select([
      'a.id',
      'a.delivery_id',
      'd.channel',
      'd.target',
      'u.username',
      'd.notification_id',
      'n.type',
      'dv.box_id',
      'dv.controller',
      'd.push',
      'a.attempt',
      'a.time',
      'a.outcome',
      'a.error',
      'd.status',
    ])
    .orderBy('a.time', 'desc')
    .orderBy('a.id', 'desc');
}

/** One attempt as the log shows it; a failed delivery can be retried. */
export function toAttempt(r: {
  id: number;
  delivery_id: number;
  channel: string;
  target: string;
  username: string | null;
  notification_id: number | null;
  type: string | null;
  box_id: number | null;
  controller: number | null;
  push: number;
  attempt: number;
  time: number;
  outcome: string;
  error: string;
  status: string;
}): AttemptRow {
  return {
    id: r.id,
    deliveryId: r.delivery_id,
    channel: r.channel as DeliveryChannel,
    target: r.target,
    username: r.username,
    notificationId: r.notification_id,
    kind: r.type as NotificationKind | null,
    boxId: r.box_id === null ? null : r.box_id,
    controller: r.controller,
    push: r.push,
    attempt: r.attempt,
    time: r.time,
    outcome: r.outcome as AttemptOutcome,
    error: r.error,
    retryable: r.status === 'failed',
  };
}
