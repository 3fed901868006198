import { parseBoxId } from '@dms/contract';
import { tokenMatches } from '../security/tokens.js';
import type { IngestContext } from './context.js';
import * as repo from './repository.js';

export interface ConnectAttempt {
  clientId: string;
  username: string;
  password: string;
  ip: string;
}

/** A box may publish only under its own up/ topics. */
export function mayPublish(boxId: number, topic: string): boolean {
  return topic.startsWith(`box/${boxId}/up/`) && topic.split('/').length === 4;
}

/** A box may subscribe only to its own down/ topics. */
export function maySubscribe(boxId: number, topic: string): boolean {
  return topic === `box/${boxId}/down/#` || (topic.startsWith(`box/${boxId}/down/`) && !topic.includes('+'));
}

/** Box authentication: credentials at connect, and a record of every box refused. */
export class BoxAuth {
  constructor(private readonly ctx: IngestContext) {}

  /**
   * Checks a box's credentials at connect. A refused box is recorded (unregistered, or a wrong password) with its
   * address and attempt count. The server's own client (external broker) is not a box and is not checked here.
   */
  async authenticate(attempt: ConnectAttempt): Promise<number | null> {
    const boxId = parseBoxId(attempt.username);
    const box = boxId !== null ? this.ctx.registry.box(boxId) : undefined;
    if (box && attempt.clientId === `box-${box.boxId}` && tokenMatches(attempt.password, box.secretHash)) return box.boxId;
    const reason = box ? 'bad-password' : 'unregistered';
    this.ctx.log.warn({ boxId, clientId: attempt.clientId, ip: attempt.ip, reason }, 'box refused at connect');
    await repo
      .recordRefusal(this.ctx.db, {
        boxId,
        clientId: attempt.clientId,
        username: attempt.username,
        ip: attempt.ip,
        reason,
        time: this.ctx.now(),
      })
      .catch((err: unknown) => {
        this.ctx.log.error({ err }, 'could not record a refused box');
      });
    return null;
  }

  /** Data under the topics of a box that is not registered (an external broker let it through): recorded too. */
  async recordUnknownBox(boxId: number, now: number): Promise<void> {
    await repo
      .recordRefusal(this.ctx.db, {
        boxId,
        clientId: `box-${boxId}`,
        username: String(boxId),
        ip: '',
        reason: 'unknown-box-data',
        time: now,
      })
      .catch((err: unknown) => {
        this.ctx.log.error({ err }, 'could not record an unknown box');
      });
  }
}
