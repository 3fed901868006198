import { deletedBoxIds } from '../../access/index.js';
import { CARD_REMINDERS, type CardReminder } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';

const DAY_MS = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A card's reminder that is due: told once by modules/msg (the bus's `cardNotice`). */
export interface Reminder {
  boxId: number;
  iccid: string;
  expiresOn: string;
  stage: CardReminder;
  /** The day it is due (its expiry less the stage's days, at 00:00 UTC): with the box, what makes it once. */
  due: number;
}

/**
 * The stage of a card's reminder on `today`: the most urgent one reached (30, 7 or 0 days before its expiry, in UTC
 * days), so a card dated 5 days ahead is told "7 days", not a late "30 days"; null when none is (over 30 days ahead, or
 * expired before today).
 */
export function stageOf(expiresOn: string, today: string): CardReminder | null {
  const days = Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (days < 0) return null;
  if (days === 0) return 'today';
  if (days <= CARD_REMINDERS.in_7_days) return 'in_7_days';
  if (days <= CARD_REMINDERS.in_30_days) return 'in_30_days';
  return null;
}

/**
 * Reminders of cards about to expire (issue 22; docs/iot-cards.md "Reminders"): every hour, and soon after an expiry is
 * set, each card of a box whose expiry is within 30 days gets the reminder of its stage. Whether it was told already is
 * decided where it is stored, once by its key (modules/msg), so sweeping again, restarting or a second instance tells
 * no one twice.
 */
export class CardReminders {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly due: (r: Reminder) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(everyMs: number, firstMs: number): void {
    this.later(firstMs);
    this.timer = setInterval(() => {
      void this.run();
    }, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.timer = this.soon = null;
  }

  /** Sweeps a moment from now (an expiry was set or imported), once for a burst of changes. */
  later(ms = 1000): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.run();
    }, ms);
    this.soon.unref();
  }

  private run(): Promise<number> {
    this.running ??= this.sweep()
      .catch((err: unknown) => {
        this.log.error({ err }, 'IoT card reminders could not be swept');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Publishes the reminder due of each card of a box expiring from today to 30 days ahead; answers how many. */
  async sweep(): Promise<number> {
    const today = dateOf(this.now());
    const rows = await this.db
      .selectFrom('iot_cards')
      .select(['iccid', 'box_id', 'expires_on'])
      .where('box_id', 'is not', null)
      .where('box_id', 'not in', deletedBoxIds(this.db))
      .where('expires_on', '>=', today)
      .where('expires_on', '<=', dateOf(Date.parse(`${today}T00:00:00Z`) + CARD_REMINDERS.in_30_days * DAY_MS))
      .execute();
    let told = 0;
    for (const r of rows) {
      if (r.box_id === null || r.expires_on === null) continue;
      const stage = stageOf(r.expires_on, today);
      if (!stage) continue;
      const due = Date.parse(`${r.expires_on}T00:00:00Z`) - CARD_REMINDERS[stage] * DAY_MS;
      this.due({ boxId: r.box_id, iccid: r.iccid, expiresOn: r.expires_on, stage, due });
      told += 1;
    }
    return told;
  }
}
