import { controllerKind, detailPath, type NotificationKind, type Severity } from '@dms/contract';
import { usersSeeingAll } from '../../access/index.js';
import { sendEmail, type SendResult } from './channels/email.js';
import { postWebhook } from './channels/webhook.js';
import type { EngineDeps, Pushed } from './creator.js';
import { emailDelivery, storeDeliveries } from './outbox.js';
import { cardFactsOf, type NotificationFacts } from './render.js';

export interface DelivererDeps extends EngineDeps {
  tickMs: number;
  /** The first retry's delay; each next one is four times longer. */
  retryMs: number;
  /** Attempts before a delivery is failed. */
  attempts: number;
}

/** How long a claimed delivery is someone's: a crash leaves it to be claimed again after this. */
const LEASE_MS = 60_000;
const CLAIM = 50;
const PARALLEL = 8;

/**
 * The worker (docs/notifications.md "Delivery"): every tick, on every instance,
 * - the repeats that are due (a recipient's `next_push_at`): each is pushed again, once, by the instance whose update
 *   of `pushes` wins, to the console and by e-mail, while the person still reaches the device;
 * - the deliveries that are due: each is claimed by one instance (`status` sending, a lease), sent, and recorded as an
 *   attempt; one that fails waits 1, 4, 16… times the first delay and is failed after the last attempt. A claim whose
 *   instance died is taken again when its lease ends (sent again, with the same delivery id).
 */
export class Deliverer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly d: DelivererDeps) {}

  start(): void {
    this.timer = setInterval(() => {
      this.kick();
    }, this.d.tickMs);
    this.timer.unref();
  }

  /** Runs a tick now (or right after the one running). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tick().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no tick runs (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  private async tick(): Promise<void> {
    try {
      await this.repeats();
      while ((await this.deliver()) === CLAIM) {
        /* more are due */
      }
    } catch (err) {
      this.d.log.error({ err }, 'notification delivery failed');
    }
  }

  private async repeats(): Promise<void> {
    const { db, store } = this.d;
    const now = this.d.now();
    const due = await db
      .selectFrom('notification_recipients as r')
      .innerJoin('notifications as n', 'n.id', 'r.notification_id')
      .innerJoin('devices as d', 'd.id', 'n.device_id')
      .leftJoin('controller_types as t', 't.id', 'd.type_id')
      .leftJoin('events as e', (j) => j.onRef('e.id', '=', 'n.event_id').on('n.type', '=', 'event'))
      .leftJoin('event_rules as er', 'er.id', 'e.rule_id')
      .select([
        'r.user_id',
        'r.notification_id',
        'r.pushes',
        'n.push_limit',
        'n.device_id',
        'n.type',
        'n.status',
        'n.time',
        'n.severity',
        'n.changes',
        'd.box_id',
        'd.controller',
        'd.company',
        't.kind as type_kind',
        'er.name as rule',
        'n.note',
      ])
      .where('r.next_push_at', '<=', now)
      .where('r.acked_at', 'is', null)
      .orderBy('r.next_push_at')
      .limit(200)
      .execute();
    if (due.length === 0) return;
    const { repeatMinutes } = await store.settings();
    const reached = await this.stillReached(due.map((r) => ({ userId: r.user_id, deviceId: r.device_id })));
    const templates = await this.d.templates.lookup();
    const prefs = new Map(
      await Promise.all([...new Set(due.map((r) => r.user_id))].map(async (u) => [u, await store.effective(u)] as const)),
    );
    const pushes: Pushed[] = [];
    const out = { queued: false };
    for (const r of due) {
      const push = r.pushes + 1;
      const keeps = reached.has(`${r.user_id}/${r.device_id}`);
      await db.transaction().execute(async (trx) => {
        const won = await trx
          .updateTable('notification_recipients')
          .set({
            pushes: keeps ? push : r.pushes,
            next_push_at: keeps && push < r.push_limit ? now + repeatMinutes * 60_000 : null,
          })
          .where('user_id', '=', r.user_id)
          .where('notification_id', '=', r.notification_id)
          .where('pushes', '=', r.pushes)
          .where('next_push_at', 'is not', null)
          .executeTakeFirst();
        const userPrefs = prefs.get(r.user_id);
        if (Number(won.numUpdatedRows) === 0 || !keeps || !userPrefs) return;
        const kind = r.type as NotificationKind;
        const facts: NotificationFacts = {
          kind,
          status: r.status,
          boxId: r.box_id,
          controller: r.controller,
          company: r.company,
          rule: r.rule,
          time: r.time,
          changes: r.changes,
          path: detailPath(controllerKind(r.type_kind), r.box_id, r.controller),
          card: cardFactsOf(r.note),
        };
        const severity = r.severity as Severity | null;
        const row = emailDelivery(
          templates,
          this.d.publicUrl,
          { id: r.notification_id, severity, facts },
          { id: r.user_id, prefs: userPrefs },
          push,
          now,
        );
        if (row && (await storeDeliveries(trx, [row], now))) out.queued = true;
        pushes.push({
          userIds: [r.user_id],
          notification: {
            id: r.notification_id,
            device: r.device_id,
            boxId: r.box_id,
            controller: r.controller,
            company: r.company,
            path: facts.path,
            kind,
            status: r.status,
            rule: r.rule,
            card: facts.card,
            time: r.time,
            push,
          },
        });
      });
    }
    for (const p of pushes) this.d.pushed(p);
    if (out.queued) this.again = true;
  }

  /** Of (user, device) pairs, those where the user still reaches the device (a helper's share may have ended). */
  private async stillReached(pairs: Array<{ userId: number; deviceId: number }>): Promise<Set<string>> {
    const { db } = this.d;
    const users = [...new Set(pairs.map((p) => p.userId))];
    const devices = [...new Set(pairs.map((p) => p.deviceId))];
    const out = new Set<string>();
    const rows = await db
      .selectFrom('device_reach')
      .select(['user_id', 'device_id'])
      .where('user_id', 'in', users)
      .where('device_id', 'in', devices)
      .execute();
    for (const r of rows) out.add(`${r.user_id}/${r.device_id}`);
    const seers = new Set(await usersSeeingAll(db, users));
    for (const p of pairs) if (seers.has(p.userId)) out.add(`${p.userId}/${p.deviceId}`);
    return out;
  }

  /** Claims and sends the deliveries that are due; answers how many it claimed. */
  private async deliver(): Promise<number> {
    const { db } = this.d;
    const now = this.d.now();
    const due = await db
      .selectFrom('notify_deliveries')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(CLAIM)
      .execute();
    const claimed = [];
    for (const { id } of due) {
      const row = await db
        .updateTable('notify_deliveries')
        .set((eb) => ({ status: 'sending', claimed_until: now + LEASE_MS, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      if (row) claimed.push(row);
    }
    for (let i = 0; i < claimed.length; i += PARALLEL) await Promise.all(claimed.slice(i, i + PARALLEL).map((row) => this.send(row)));
    return due.length;
  }

  private async send(row: {
    id: number;
    channel: string;
    target: string;
    webhook_id: number | null;
    payload: string;
    attempts: number;
    push: number;
  }) {
    const { db } = this.d;
    let result: SendResult;
    let final = false;
    if (row.channel === 'email') {
      const { config } = await this.d.store.smtp();
      if (!config) {
        result = { ok: false, detail: 'e-mail is off (no SMTP server)' };
        final = true;
      } else {
        const mail = JSON.parse(row.payload) as { subject: string; body: string };
        result = await sendEmail(config, { to: row.target, subject: mail.subject, text: mail.body, messageId: `<delivery-${row.id}@dms>` });
      }
    } else {
      const hook =
        row.webhook_id === null
          ? undefined
          : await db.selectFrom('notify_webhooks').select(['url', 'secret']).where('id', '=', row.webhook_id).executeTakeFirst();
      if (!hook) {
        result = { ok: false, detail: 'the webhook was deleted' };
        final = true;
      } else {
        const body = JSON.stringify({
          delivery: row.id,
          push: row.push,
          attempt: row.attempts,
          notification: JSON.parse(row.payload) as unknown,
        });
        result = await postWebhook(hook.url, hook.secret, row.id, body);
      }
    }
    const now = this.d.now();
    const outcome = result.ok ? 'sent' : final || row.attempts >= this.d.attempts ? 'failed' : 'retrying';
    const status = outcome === 'retrying' ? 'pending' : outcome;
    await db.transaction().execute(async (trx) => {
      const mine = await trx
        .updateTable('notify_deliveries')
        .set({
          status,
          claimed_until: null,
          next_attempt_at: outcome === 'retrying' ? now + this.d.retryMs * 4 ** (row.attempts - 1) : now,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(mine.numUpdatedRows) === 0) return; // taken again by another instance meanwhile: it records its own
      await trx
        .insertInto('notify_attempts')
        .values({ delivery_id: row.id, attempt: row.attempts, time: now, outcome, error: result.ok ? '' : result.detail.slice(0, 500) })
        .execute();
    });
  }
}
