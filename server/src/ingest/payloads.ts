import {
  ACCEPTED_PROTOCOL_VERSIONS,
  BOX_EVENT_KINDS,
  COMMAND_FAIL_REASONS,
  COMMAND_ID,
  COMMAND_STAGES,
  isDecimalText,
  LOOSE_NUMBER,
  markLooseNumbers,
  MAX_CONTROLLERS_PER_BOX,
  MAX_PAYLOAD_BYTES,
  MAX_REGISTERS_PER_SNAPSHOT,
  normalServerAddress,
  REGISTER_VALUE_MAX,
  REPLY_STATES,
  WRITE_REJECT_REASONS,
  type AckPayload,
  type CommandFailReason,
  type CommandStage,
  type ReplyPayload,
  type ReplyState,
  type BoxEventKind,
  type EventPayload,
  type HelloController,
  type HelloPayload,
  type WriteRejectReason,
} from '@dms/contract';
import { decodeValues, encodeValues } from './codec.js';

/** Why a message, or one value of it, was dropped (counted in IngestStats, see docs/box-protocol.md). */
export const DROP_REASONS = [
  'too-large',
  'not-json',
  'bad-version',
  'bad-shape',
  'bad-number',
  'bad-value',
  'too-old',
  'unknown-register',
  'unknown-controller',
  'rate-limited',
  'unregistered',
  'unknown-write',
  'unknown-command',
  'late-reply',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: DropReason };
const drop = (reason: DropReason): { ok: false; reason: DropReason } => ({ ok: false, reason });

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
/** Why a field failed its check: `bad-number` when the box wrote a number in a form the protocol does not allow. */
const why = (v: unknown, otherwise: DropReason): DropReason => (v === LOOSE_NUMBER ? 'bad-number' : otherwise);

/** Times a box may stamp: from 2000-01-01 to the end of the year 9999 (ms). How far ahead is trusted is ingest's rule (CLOCK_SKEW_S). */
const TS_MIN = Date.UTC(2000, 0, 1);
const TS_MAX = Date.UTC(10_000, 0, 1) - 1;
/** The ids the server gives its register writes (commands.ts): `w-` and a UUID. */
const WRITE_ID = /^w-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Size, JSON, object and version: what every payload must pass. Integers written in another form than plain digits
 * (`1.0`, `1e1`, `-0`) come out as LOOSE_NUMBER, refused by the field that holds them (docs/box-protocol.md, Numbers).
 */
export function parseEnvelope(payload: Buffer): Parsed<Obj> {
  if (payload.length > MAX_PAYLOAD_BYTES) return drop('too-large');
  const text = payload.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return drop('not-json');
  }
  const strict = markLooseNumbers(text);
  if (strict !== text) json = JSON.parse(strict);
  if (!isObj(json)) return drop('bad-shape');
  if (typeof json.v !== 'number' || !ACCEPTED_PROTOCOL_VERSIONS.includes(json.v)) return drop(why(json.v, 'bad-version'));
  return { ok: true, value: json };
}

export function parseHello(o: Obj): Parsed<HelloPayload> {
  const { fw, boxType, iccid, signal, interval, controllers } = o;
  if (!isText(fw, 64) || !isText(boxType, 64) || !isText(iccid, 32) || !/^\d{0,22}$/.test(iccid)) return drop('bad-shape');
  if (!isInt(signal, -150, 0)) return drop(why(signal, 'bad-shape'));
  if (!isInt(interval, 1, 3600)) return drop(why(interval, 'bad-shape'));
  if (!Array.isArray(controllers) || controllers.length > MAX_CONTROLLERS_PER_BOX) return drop('bad-shape');
  const list: HelloController[] = [];
  const seen = new Set<number>();
  for (const c of controllers) {
    if (!isObj(c)) return drop('bad-shape');
    if (!isInt(c.index, 1, MAX_CONTROLLERS_PER_BOX)) return drop(why(c.index, 'bad-shape'));
    if (!isText(c.type, 64) || seen.has(c.index)) return drop('bad-shape');
    seen.add(c.index);
    list.push({ index: c.index, type: c.type });
  }
  // Optional (boxes older than it leave it out); when said, a `host:port`.
  let server: string | undefined;
  if (o.server !== undefined) {
    const address = typeof o.server === 'string' && o.server.length <= 262 ? normalServerAddress(o.server) : null;
    if (address === null) return drop('bad-shape');
    server = address;
  }
  return {
    ok: true,
    value: { v: o.v as number, fw, boxType, iccid, signal, interval, controllers: list, ...(server === undefined ? {} : { server }) },
  };
}

/** A snapshot: each controller's values, packed as history stores them (codec.ts). Bad single values are left out and counted by `onBadValue`. */
export interface Snapshot {
  seq: number;
  ts: number;
  controllers: Array<[controller: number, vals: Uint8Array]>;
}

/** Where a controller's values are packed before they are copied out: room for the most a snapshot may hold. */
const scratch = new Uint8Array(MAX_REGISTERS_PER_SNAPSHOT * 4);

/**
 * `seq`, `ts` and `c`. A controller index or a register number is a key in the protocol's text form (isDecimalText):
 * a controller written otherwise, or out of range, refuses the snapshot; a register or a value written otherwise, or
 * out of range, is left out and counted through `onBadValue`. Whether `ts` is trusted is the snapshot store's rule.
 * The values are packed as they are read: JSON objects list integer keys in ascending order, so they come sorted.
 */
export function parseData(o: Obj, onBadValue: (reason: DropReason) => void): Parsed<Snapshot> {
  const { seq, ts, c } = o;
  if (!isInt(seq, 0, Number.MAX_SAFE_INTEGER)) return drop(why(seq, 'bad-shape'));
  if (!isInt(ts, TS_MIN, TS_MAX)) return drop(why(ts, 'bad-shape'));
  if (!isObj(c)) return drop('bad-shape');
  const controllers: Snapshot['controllers'] = [];
  const entries = Object.entries(c);
  if (entries.length > MAX_CONTROLLERS_PER_BOX) return drop('bad-shape');
  for (const [index, registers] of entries) {
    if (!isDecimalText(index)) return drop('bad-number');
    const controller = Number(index);
    if (!isInt(controller, 1, MAX_CONTROLLERS_PER_BOX) || !isObj(registers)) return drop('bad-shape');
    let count = 0;
    let at = 0;
    let sorted = true;
    let last = -1;
    for (const key in registers) {
      if (++count > MAX_REGISTERS_PER_SNAPSHOT) return drop('bad-shape');
      const value = registers[key];
      if (!isDecimalText(key)) {
        onBadValue('bad-number');
        continue;
      }
      const register = Number(key);
      if (!isInt(register, 0, 65_535) || !isInt(value, 0, REGISTER_VALUE_MAX)) {
        onBadValue(why(value, 'bad-value'));
        continue;
      }
      if (register < last) sorted = false;
      last = register;
      scratch[at] = register >> 8;
      scratch[at + 1] = register & 0xff;
      scratch[at + 2] = value >> 8;
      scratch[at + 3] = value & 0xff;
      at += 4;
    }
    const vals = scratch.slice(0, at);
    controllers.push([controller, sorted ? vals : encodeValues(decodeValues(vals))]);
  }
  return { ok: true, value: { seq, ts, controllers } };
}

export function parseAck(o: Obj): Parsed<AckPayload> {
  const { id, ok, reason } = o;
  if (typeof id !== 'string' || !WRITE_ID.test(id) || typeof ok !== 'boolean') return drop('bad-shape');
  if (reason !== undefined && !WRITE_REJECT_REASONS.includes(reason as WriteRejectReason)) return drop('bad-shape');
  return { ok: true, value: { v: o.v as number, id, ok, ...(reason ? { reason: reason as WriteRejectReason } : {}) } };
}

export function parseEvent(o: Obj): Parsed<EventPayload> {
  const { ts, kind, controller, detail } = o;
  if (!isInt(ts, TS_MIN, TS_MAX)) return drop(why(ts, 'bad-shape'));
  if (!BOX_EVENT_KINDS.includes(kind as BoxEventKind)) return drop('bad-shape');
  if (controller !== undefined && !isInt(controller, 1, MAX_CONTROLLERS_PER_BOX)) return drop(why(controller, 'bad-shape'));
  if (detail !== undefined && !isText(detail, 500)) return drop('bad-shape');
  return { ok: true, value: { v: o.v as number, ts, kind: kind as BoxEventKind, ...present({ controller, detail }) } };
}

/** `up/reply`: how a command goes (docs/box-protocol.md, Commands). */
export function parseReply(o: Obj): Parsed<ReplyPayload> {
  const { id, state, stage, reason, detail, fw } = o;
  if (typeof id !== 'string' || !COMMAND_ID.test(id) || !REPLY_STATES.includes(state as ReplyState)) return drop('bad-shape');
  if (stage !== undefined && !COMMAND_STAGES.includes(stage as CommandStage)) return drop('bad-shape');
  if (reason !== undefined && !COMMAND_FAIL_REASONS.includes(reason as CommandFailReason)) return drop('bad-shape');
  if ((detail !== undefined && !isText(detail, 500)) || (fw !== undefined && !isText(fw, 32))) return drop('bad-shape');
  const optional = present({ stage, reason, detail, fw }) as Pick<ReplyPayload, 'stage' | 'reason' | 'detail' | 'fw'>;
  return { ok: true, value: { v: o.v as number, id, state: state as ReplyState, ...optional } };
}

/** The fields that are there (an optional field absent stays absent, not `undefined`). */
function present<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
