/**
 * The cloud box protocol over MQTT (docs/box-protocol.md). Both the server and the simulator build on these names
 * and shapes; a change here is a change of the protocol, so it bumps BOX_PROTOCOL_VERSION.
 */

/** The version every payload carries in `v`. The server accepts payloads whose `v` is in ACCEPTED_PROTOCOL_VERSIONS. */
export const BOX_PROTOCOL_VERSION = 1;
export const ACCEPTED_PROTOCOL_VERSIONS: readonly number[] = [1];

/** Largest payload the server reads, in bytes; a larger one is counted and dropped. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Most controllers on one box's bus, and most registers of one controller in one snapshot. */
export const MAX_CONTROLLERS_PER_BOX = 32;
export const MAX_REGISTERS_PER_SNAPSHOT = 512;
/**
 * A register value is one raw 16-bit word, as Modbus holds it, by address; the controller type's map says how a
 * register's one or two words read (controller-types/values.ts).
 */
export const REGISTER_VALUE_MAX = 65_535;

/** Box ids are positive integers; the MQTT client id of box 1234 is `box-1234`, its username `1234`. */
export const BOX_ID_MAX = 2_147_483_647;
export const boxClientId = (boxId: number): string => `box-${boxId}`;

/** Topic root; every box topic is `box/{boxId}/{direction}/{kind}`. */
export const TOPIC_ROOT = 'box';
export const UP_KINDS = ['hello', 'data', 'event', 'ack', 'will'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const DOWN_KINDS = ['write', 'config', 'update'] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

export const upTopic = (boxId: number, kind: UpKind): string => `${TOPIC_ROOT}/${boxId}/up/${kind}`;
export const downTopic = (boxId: number, kind: DownKind): string => `${TOPIC_ROOT}/${boxId}/down/${kind}`;

/** Parses `box/{id}/up/{kind}`; anything else is null. */
export function parseUpTopic(topic: string): { boxId: number; kind: UpKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT || parts[2] !== 'up') return null;
  const boxId = parseBoxId(parts[1] ?? '');
  const kind = parts[3] as UpKind;
  if (boxId === null || !UP_KINDS.includes(kind)) return null;
  return { boxId, kind };
}

/** A box id from its decimal text (no sign, no leading zero, within range), else null. */
export function parseBoxId(text: string): number | null {
  return parseDecimal(text, 1, BOX_ID_MAX);
}

// ---- How the protocol writes numbers (docs/box-protocol.md, "Numbers"); the server parses every number with these ----

/** A number written as text (a box id in a topic or username, a controller index or register number as a key of `c`). */
const DECIMAL_TEXT = /^(?:0|[1-9]\d*)$/;
/** A number written as a JSON number: an integer in plain decimal, a minus sign only before a non-zero one. */
const JSON_INTEGER = /^(?:0|-?[1-9]\d*)$/;

/** Whether `text` is a number in the protocol's text form: decimal digits only, no sign, leading zero, fraction or exponent. */
export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text);
}

/** A number in the protocol's text form within [min, max], else null: "7" and "40001", never "07", "+7", "0x7", "7e0", " 7" or "7.0". */
export function parseDecimal(text: string, min: number, max: number): number | null {
  if (!DECIMAL_TEXT.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** What a JSON number written in a form the protocol does not allow stands as after markLooseNumbers. */
export const LOOSE_NUMBER = '\u0000loose-number';
const LOOSE_NUMBER_JSON = JSON.stringify(LOOSE_NUMBER);

const isNumberPart = (c: number): boolean => (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;

/**
 * Valid JSON text with every number that JSON reads as an integer but that is not written as a plain one (`1.0`,
 * `1e1`, `1E+1`, `-0`) replaced by the string LOOSE_NUMBER, so that the field it stood for is refused as malformed
 * rather than read as 1 or 10. A fraction such as `1.5` is left alone: it is no integer, and the field refuses it as
 * such. The text itself when there is none, which is the usual case. Strings are skipped, escapes included.
 */
export function markLooseNumbers(json: string): string {
  let parts: string[] | null = null;
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < json.length; i++) {
        const s = json.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < json.length && isNumberPart(json.charCodeAt(end))) end++;
      const token = json.slice(i, end);
      if (!JSON_INTEGER.test(token) && Number.isInteger(Number(token))) {
        (parts ??= []).push(json.slice(from, i), LOOSE_NUMBER_JSON);
        from = end;
      }
      i = end - 1;
    }
  }
  return parts ? parts.join('') + json.slice(from) : json;
}

/** One controller on the box's bus: its bus index (1..32) and its controller type's code. */
export interface HelloController {
  index: number;
  type: string;
}

/** `up/hello`: sent after every connect, and whenever a field changes. */
export interface HelloPayload {
  v: number;
  /** Firmware version, box type (hardware model), SIM card ICCID. */
  fw: string;
  boxType: string;
  iccid: string;
  /** Signal strength in dBm (-113..-51). */
  signal: number;
  /** Seconds between data reports. */
  interval: number;
  controllers: HelloController[];
}

/** `up/data`: one snapshot of the registers of the box's controllers, read at `ts` (ms since epoch, box clock). */
export interface DataPayload {
  v: number;
  /** The box's snapshot counter; with `ts` it lets the server drop a redelivered snapshot. */
  seq: number;
  ts: number;
  /** Controller bus index → register number → raw 16-bit value. */
  c: Record<string, Record<string, number>>;
}

export const BOX_EVENT_KINDS = ['boot', 'bus-error', 'bus-restored', 'config-applied', 'update-result'] as const;
export type BoxEventKind = (typeof BOX_EVENT_KINDS)[number];

/** `up/event`: something happened on the box. */
export interface EventPayload {
  v: number;
  ts: number;
  kind: BoxEventKind;
  controller?: number;
  detail?: string;
}

export const WRITE_REJECT_REASONS = ['read-only', 'out-of-range', 'no-controller', 'bus-error', 'busy'] as const;
export type WriteRejectReason = (typeof WRITE_REJECT_REASONS)[number];

/** `up/ack`: the outcome of a `down/write`, carrying its id. */
export interface AckPayload {
  v: number;
  id: string;
  ok: boolean;
  reason?: WriteRejectReason;
}

/** `up/will`: the last will the box registers at connect; the broker publishes it when the box drops. */
export interface WillPayload {
  v: number;
  online: false;
}

/**
 * `down/write`: write one register of one controller. A register of one word comes as `value`; one of two words
 * (a 32-bit integer or float32) as `values`, its words in address order starting at `register`, which the box
 * writes in one bus transaction (Modbus function 16, write multiple registers). Exactly one of the two is present.
 */
export type WritePayload = { v: number; id: string; controller: number; register: number } & (
  { value: number; values?: never } | { values: number[]; value?: never }
);

/** `down/config`: settings for the box. Absent fields are unchanged. */
export interface ConfigPayload {
  v: number;
  interval?: number;
  server?: string;
}

/** `down/update`: a firmware or controller program is ready for the box. */
export interface UpdatePayload {
  v: number;
  kind: 'firmware' | 'program';
  version: string;
  url: string;
  sha256: string;
}
