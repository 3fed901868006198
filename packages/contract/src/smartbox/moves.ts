import { z } from 'zod';
import { BOX_ID_MAX, normalServerAddress } from '../box-protocol.js';
import { pageOf, pageQuery } from '../envelope.js';

/*
 * /smartbox/ip-config (root; issue 23): boxes are given another server address, by a list, a range of numbers or a
 * filter, and moved in two phases (docs/api.md "Moving boxes"): the `server` command is sent; the box accepts it;
 * the box says hello by the new address to this deployment (an instance sharing its database); only then is the move
 * recorded and the address it is told changed. A box that cannot reach the new address comes back by itself after its
 * fallback time (`reverted`); one that neither arrives nor answers in time is told to return (`failed`, `timeout`).
 */

/** Most boxes one move takes (a larger fleet goes in several). */
export const MAX_MOVE_BOXES = 10_000;
/** How long after the box's fallback time a move waits for the box to appear on the target, seconds. */
export const MOVE_GRACE_S = 30;

export const MOVE_STATES = ['queued', 'sent', 'accepted', 'arrived', 'reverted', 'failed'] as const;
export type MoveState = (typeof MOVE_STATES)[number];
/** States a move is still open in. */
export const OPEN_MOVE_STATES: readonly MoveState[] = ['queued', 'sent', 'accepted'];
/** Why a move did not arrive: the box could not reach the target and came back, did not appear in time (told to return), never came online to take it, or refused. */
export const MOVE_REASONS = ['unreachable', 'timeout', 'expired', 'cancelled', 'refused'] as const;
export type MoveReason = (typeof MOVE_REASONS)[number];

/** A target as typed: `host:port` or `mqtt://host:port` / `mqtts://host:port`; its normal form and the command's URL. */
export function moveTarget(text: string): { address: string; url: string } | null {
  const m = /^(mqtts?):\/\/(.*)$/i.exec(text.trim());
  const address = normalServerAddress(m ? (m[2] ?? '') : text.trim());
  if (!address) return null;
  return { address, url: `${(m?.[1] ?? 'mqtt').toLowerCase()}://${address}` };
}

const boxId = z.number().int().min(1).max(BOX_ID_MAX);
/** Which boxes: a list, a range of numbers (both ends included), or those of a box type and/or told an address. */
const selection = z
  .object({
    boxIds: z
      .array(boxId)
      .min(1, 'validation.smartbox.noBoxes')
      .max(MAX_MOVE_BOXES, 'validation.smartbox.tooManyBoxes')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.smartbox.repeatedBox')
      .optional(),
    from: boxId.optional(),
    to: boxId.optional(),
    boxType: z.string().trim().min(1).max(32).optional(),
    told: z
      .string()
      .trim()
      .max(262)
      .refine((a) => normalServerAddress(a) !== null, 'validation.move.address')
      .optional(),
  })
  .strict()
  // Exactly one way of choosing; a range has both ends, in order, within the most one move takes.
  .refine(
    (s) =>
      [s.boxIds !== undefined, s.from !== undefined || s.to !== undefined, s.boxType !== undefined || s.told !== undefined].filter(Boolean)
        .length === 1 && (s.from === undefined) === (s.to === undefined),
    'validation.move.which',
  )
  .refine((s) => s.from === undefined || s.to === undefined || s.from <= s.to, { message: 'validation.smartbox.assignRange', path: ['to'] })
  .refine((s) => s.from === undefined || s.to === undefined || s.to - s.from < MAX_MOVE_BOXES, {
    message: 'validation.smartbox.tooManyBoxes',
    path: ['to'],
  });
export type MoveSelection = z.output<typeof selection>;
const target = z
  .string()
  .trim()
  .max(270)
  .refine((t) => moveTarget(t) !== null, 'validation.move.target');

export const movePreviewBody = z.object({ target, select: selection }).strict();
export type MovePreviewBody = z.input<typeof movePreviewBody>;
export const moveBody = z
  .object({
    target,
    select: selection,
    fallback: z.number().int().min(10, 'validation.move.fallback').max(3600, 'validation.move.fallback').default(120),
  })
  .strict();
export type MoveBody = z.input<typeof moveBody>;

/** What a move would take, nothing sent: how many boxes, how many online, those told the target already, a sample. */
export const movePreview = z.object({
  target: z.string(),
  boxes: z.number().int(),
  online: z.number().int(),
  /** Boxes of the selection told the target already, or in a move not ended: left out. */
  already: z.number().int(),
  moving: z.number().int(),
  /** The first boxes (at most 20) with the address each is told now. */
  first: z.array(z.object({ boxId: z.number().int(), told: z.string().nullable(), online: z.boolean() })),
});
export type MovePreview = z.infer<typeof movePreview>;
export const moveStarted = z.object({ job: z.string(), boxes: z.number().int(), sent: z.number().int(), queued: z.number().int() });
export type MoveStarted = z.infer<typeof moveStarted>;

export const moveQuery = pageQuery.extend({
  boxId: z.coerce.number().int().positive().optional(),
  job: z.string().max(64).optional(),
  state: z.enum(MOVE_STATES).optional(),
});
export type MoveQuery = Partial<z.output<typeof moveQuery>>;
export const moveRow = z.object({
  id: z.number().int(),
  job: z.string(),
  boxId: z.number().int(),
  /** The address the box was told before (null: not known), and the target. */
  from: z.string().nullable(),
  to: z.string(),
  state: z.enum(MOVE_STATES),
  reason: z.enum(MOVE_REASONS).nullable(),
  online: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type MoveRow = z.infer<typeof moveRow>;
export const movePage = pageOf(moveRow).extend({ counts: z.record(z.enum(MOVE_STATES), z.number().int()) });
export type MovePage = z.infer<typeof movePage>;

/** The box server-IP table (spec 3): each box's told address, when it was added and last changed. */
const serverIpFields = z.object({
  boxId: z.coerce.number().int().positive().optional(),
  address: z.string().trim().max(262).optional(),
});
export const serverIpQuery = pageQuery.extend(serverIpFields.shape);
export const serverIpFilter = serverIpFields;
export type ServerIpQuery = Partial<z.output<typeof serverIpQuery>>;
export const serverIpRow = z.object({
  boxId: z.number().int(),
  address: z.string(),
  addedAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type ServerIpRow = z.infer<typeof serverIpRow>;
export const serverIpPage = pageOf(serverIpRow);
