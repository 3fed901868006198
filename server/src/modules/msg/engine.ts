import type { CardFacts, CardKind, NotificationKind, ServerEvents, Severity } from '@dms/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Templates } from './render.js';
import type { NotifyStore } from './settings.js';

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

/** Rows per multi-row statement (well under SQLite's and PostgreSQL's parameter limits). */
export const CHUNK = 200;
