import type { BoxCommandName, CommandRow, CommandState, ReplyPayload } from '@dms/contract';
import type { BoxCommandDbRow } from '../../db/schema/smartbox.js';

/** The states a command is still at work in, in the order a command goes through them. */
export const OPEN_STATES = ['queued', 'sent', 'accepted', 'downloading', 'verifying', 'updating'] as const satisfies CommandState[];
/** Waiting to go down: queued, or sent and not answered yet (sent again, same id, at the box's next hello). */
export const TO_SEND = ['queued', 'sent'] as const satisfies CommandState[];

/** How long a command has, from its first sending, to end (docs/box-protocol.md, Commands). */
export function timeoutMs(cmd: BoxCommandName, args: Record<string, unknown>): number {
  switch (cmd) {
    case 'config':
    case 'clear-faults':
      return 60_000;
    case 'reboot':
      return 5 * 60_000;
    case 'server':
      return ((typeof args.fallback === 'number' ? args.fallback : 120) + 300) * 1000;
    case 'firmware':
      return 30 * 60_000;
  }
}

/** The state a reply moves its command to. */
export function stateOf(reply: ReplyPayload): CommandState {
  if (reply.state === 'progress') return reply.stage ?? 'accepted';
  return reply.state;
}

/**
 * The states a command may be in for `to` to follow: never back (a late `accepted` after `downloading`), never out of
 * a final state. A progress step may be skipped; `done` and `failed` end any open command.
 */
export function statesBefore(to: CommandState): CommandState[] {
  const at = OPEN_STATES.indexOf(to as (typeof OPEN_STATES)[number]);
  return at < 0 ? [...OPEN_STATES] : OPEN_STATES.slice(0, at);
}

/** A command as the API shows it; `online` whether its box is connected now. */
export function commandRowOf(r: BoxCommandDbRow, online: boolean): CommandRow {
  return {
    id: r.id,
    job: r.job,
    boxId: r.box_id,
    cmd: r.cmd as BoxCommandName,
    args: JSON.parse(r.args) as Record<string, unknown>,
    state: r.state as CommandState,
    reason: r.reason as CommandRow['reason'],
    detail: r.detail,
    fw: r.fw,
    createdBy: r.created_by,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    updatedAt: r.updated_at,
    expiresAt: r.expires_at,
    finishedAt: r.finished_at,
    online,
  };
}
