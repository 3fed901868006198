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
export const UP_KINDS = ['hello', 'data', 'event', 'ack', 'reply', 'will'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const DOWN_KINDS = ['write', 'cmd'] as const;
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
  /** The server address the box dialed, `host:port` (an IPv6 host in brackets); left out by boxes that do not say it. */
  server?: string;
}

/** A box's server address as the protocol writes it: `host:port`, an IPv6 host in brackets, a port of 1..65535. */
const SERVER_ADDRESS = /^(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?):(\d{1,5})$/;

/** The address in one form to compare (lower-case), or null when it is not a `host:port` of the protocol. */
export function normalServerAddress(text: string): string | null {
  const match = SERVER_ADDRESS.exec(text);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) return null;
  return `${(match[1] ?? '').toLowerCase()}:${port}`;
}

/** `host:port` of a host (an IPv6 one put in brackets) and a port, lower-case. */
export function serverAddressOf(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return `${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
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

export const WRITE_REJECT_REASONS = ['read-only', 'out-of-range', 'no-controller', 'bus-error', 'busy', 'refused'] as const;
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

// ---- Commands (docs/box-protocol.md, "Commands"): `down/cmd` and its answers, `up/reply` ----

/** The commands a box takes besides register writes. */
export const BOX_COMMANDS = ['config', 'server', 'firmware', 'reboot', 'clear-faults'] as const;
export type BoxCommandName = (typeof BOX_COMMANDS)[number];

/** `config`: the box's data upload settings. Absent fields are unchanged. */
export interface ConfigArgs {
  /** Seconds between data reports, 1..3600. */
  interval?: number;
  /** A register is reported again only once its raw value moved by more than this (0..65535; 0: every change). */
  deadband?: number;
  /** The registers reported (0..65535, at most 512); empty: all of the controllers' maps. */
  registers?: number[];
}
/** `server`: move to another server (`mqtt://host:port` or `mqtts://host:port`); back to the old one if unreachable. */
export interface ServerArgs {
  url: string;
  /** Seconds the box keeps trying the new address before it returns to the old one (10..3600). */
  fallback: number;
}
/** `firmware`: download the image over HTTP(S), check its size and SHA-256, install it, reboot. */
export interface FirmwareArgs {
  version: string;
  url: string;
  /** Lower-case hex. */
  sha256: string;
  size: number;
}
/** `clear-faults`: clear the box's local fault memory, of one controller or (absent) all. */
export interface ClearFaultsArgs {
  controller?: number;
}
export interface BoxCommandArgs {
  config: ConfigArgs;
  server: ServerArgs;
  firmware: FirmwareArgs;
  reboot: Record<string, never>;
  'clear-faults': ClearFaultsArgs;
}

/** A command id: `c-` and a lower-case UUID. A box answers a repeated id with its first outcome, not a second run. */
export const COMMAND_ID = /^c-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `down/cmd`: one command, with its id and (ms since epoch) the time after which the box must not start it. */
export type CommandPayload = {
  [K in BoxCommandName]: { v: number; id: string; cmd: K; args: BoxCommandArgs[K]; expires: number };
}[BoxCommandName];

/** How a command goes on the box: taken, a step of a long one, finished, or refused or failed. */
export const REPLY_STATES = ['accepted', 'progress', 'done', 'failed'] as const;
export type ReplyState = (typeof REPLY_STATES)[number];
/** The steps of a firmware update a box reports in `progress` replies. */
export const COMMAND_STAGES = ['downloading', 'verifying', 'updating'] as const;
export type CommandStage = (typeof COMMAND_STAGES)[number];
export const COMMAND_FAIL_REASONS = [
  'bad-args',
  'unsupported',
  'expired',
  'busy',
  'download-failed',
  'size-mismatch',
  'checksum-mismatch',
  'install-failed',
  'unreachable',
] as const;
export type CommandFailReason = (typeof COMMAND_FAIL_REASONS)[number];

/** `up/reply`: how a `down/cmd` goes. `fw` is the firmware running, in a firmware command's `done`. */
export interface ReplyPayload {
  v: number;
  id: string;
  state: ReplyState;
  stage?: CommandStage;
  reason?: CommandFailReason;
  detail?: string;
  fw?: string;
}
