import type { NotificationKind, NotifyPrefs, Severity } from '@dms/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Database, NotifyDeliveriesTable } from '../../db/schema.js';
import { render, type NotificationFacts, type TemplateLookup } from './render.js';
import { inQuietHours } from './settings.js';

const FAULTY = new Set<NotificationKind>(['fault', 'fault_alert', 'offline']);

/** Whether a notification is a fault, which breaks through quiet hours unless the user opted out. */
export function isFault(kind: NotificationKind, severity: Severity | null, status: string): boolean {
  return FAULTY.has(kind) || (kind === 'event' && severity === 'fault' && status === 'started');
}

/**
 * One push of a notification to one user by e-mail, in their language and zone; skipped (and recorded so) in their
 * quiet hours unless a fault breaks through. Null when they chose no e-mail.
 */
export function emailDelivery(
  templates: TemplateLookup,
  publicUrl: string,
  n: { id: number; severity: Severity | null; facts: NotificationFacts },
  user: { id: number; prefs: NotifyPrefs },
  push: number,
  now: number,
): Insertable<NotifyDeliveriesTable> | null {
  const p = user.prefs;
  if (!p.email || !p.emailAddress) return null;
  const quiet = inQuietHours(p, now) && !(p.faultBreaksQuiet && isFault(n.facts.kind, n.severity, n.facts.status));
  const mail = render(n.facts, templates(n.facts.kind, p.language), p.language, p.timeZone, publicUrl);
  return {
    once_key: `n${n.id}:u${user.id}:email:${push}`,
    notification_id: n.id,
    user_id: user.id,
    webhook_id: null,
    channel: 'email',
    target: p.emailAddress,
    push,
    status: quiet ? 'skipped' : 'pending',
    next_attempt_at: now,
    claimed_until: null,
    payload: JSON.stringify(mail),
    created_at: now,
  };
}

/**
 * Stores deliveries, each once (`once_key`: a second instance or a repeat of the same push adds nothing), recording a
 * skipped one's reason as its attempt. Answers whether any waits to be sent.
 */
export async function storeDeliveries(
  trx: Transaction<Database>,
  rows: Insertable<NotifyDeliveriesTable>[],
  now: number,
): Promise<boolean> {
  if (rows.length === 0) return false;
  const made = await trx
    .insertInto('notify_deliveries')
    .values(rows)
    .onConflict((oc) => oc.column('once_key').doNothing())
    .returning(['id', 'status'])
    .execute();
  const skipped = made.filter((m) => m.status === 'skipped');
  if (skipped.length > 0)
    await trx
      .insertInto('notify_attempts')
      .values(skipped.map((m) => ({ delivery_id: m.id, attempt: 0, time: now, outcome: 'skipped', error: 'quiet hours' })))
      .execute();
  return made.some((m) => m.status === 'pending');
}
