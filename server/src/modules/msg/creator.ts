import { storeCardNotices } from './card-notices.js';
import { storeChanges } from './changes.js';
import type { CardNotice, CreatorDeps, Transition } from './engine.js';

export type { CardNotice, CreatorDeps, EngineDeps, Pushed, Transition } from './engine.js';

const BATCH = 500;

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
 *
 * The changes are made in changes.ts (flapping and recoveries in repeats.ts), cards' notices in card-notices.ts, and
 * who is told in recipients.ts.
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
          if (batch.length > 0) await storeChanges(this.d, batch);
          if (cards.length > 0) await storeCardNotices(this.d, cards);
        } catch (err) {
          this.d.log.error({ err, changes: batch.length, cards: cards.length }, 'notifications could not be stored');
        }
      }
    } finally {
      this.running = null;
    }
  }
}
