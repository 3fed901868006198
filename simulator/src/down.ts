import {
  ACCEPTED_PROTOCOL_VERSIONS,
  BOX_COMMANDS,
  COMMAND_ID,
  DOWN_KINDS,
  LOOSE_NUMBER,
  MAX_CONTROLLERS_PER_BOX,
  MAX_REGISTERS_PER_SNAPSHOT,
  markLooseNumbers,
  type BoxCommandArgs,
  type BoxCommandName,
  type CommandPayload,
  type DownKind,
  type WritePayload,
} from '@dms/contract';

/**
 * A message the server sent down, checked against the protocol; `problem` says why one was not understood. A
 * command whose id is good but that cannot be run as sent (`bad-cmd`) is answered `failed` with `reason`; one whose
 * id is not good cannot be answered at all (`invalid`).
 */
export type DownMessage =
  | { kind: 'write'; payload: WritePayload }
  | { kind: 'cmd'; payload: CommandPayload }
  | { kind: 'bad-cmd'; id: string; reason: 'bad-args' | 'unsupported'; problem: string }
  | { kind: 'invalid'; problem: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isIntIn = (v: unknown, min: number, max: number): v is number => isInt(v) && v >= min && v <= max;
const invalid = (problem: string): DownMessage => ({ kind: 'invalid', problem });
/** How a value is shown in a problem: a number written loosely (`1.0`, `1e1`) as such, not as the marker that replaced it. */
const show = (v: unknown): string =>
  v === LOOSE_NUMBER ? 'a number not written as a plain integer' : v === undefined ? 'nothing' : JSON.stringify(v);

/** Reads a message of `box/{boxId}/down/...`. */
export function parseDown(boxId: number, topic: string, payload: Buffer): DownMessage {
  const prefix = `box/${boxId}/down/`;
  const kind = topic.startsWith(prefix) ? topic.slice(prefix.length) : '';
  if (!DOWN_KINDS.includes(kind as DownKind)) return invalid(`unknown topic ${topic}`);
  let json: unknown;
  try {
    const text = payload.toString('utf8');
    // A command's numbers are read as strictly as the server reads the box's (docs/box-protocol.md, Numbers).
    json = JSON.parse(kind === 'cmd' ? markLooseNumbers(text) : text);
  } catch {
    return invalid(`${kind}: not JSON`);
  }
  if (!isObj(json)) return invalid(`${kind}: not an object`);
  if (typeof json.v !== 'number' || !ACCEPTED_PROTOCOL_VERSIONS.includes(json.v)) return invalid(`${kind}: version ${show(json.v)}`);
  const v = json.v;

  if (kind === 'cmd') return parseCommand(v, json);
  const { id, controller, register, value, values } = json;
  if (typeof id !== 'string' || !isInt(controller) || !isInt(register)) return invalid('write: needs id, controller and register');
  // One word as `value`, or the words of a 32-bit register as `values`; never both.
  if (typeof value === 'number' && values === undefined) return { kind: 'write', payload: { v, id, controller, register, value } };
  if (value === undefined && Array.isArray(values) && values.length === 2 && values.every(isInt)) {
    return { kind: 'write', payload: { v, id, controller, register, values: values } };
  }
  return invalid('write: needs one word as value or two as values');
}

/** `down/cmd`: an id (`c-` and a lower-case UUID), a known `cmd`, its `args` as the protocol allows them, `expires`. */
function parseCommand(v: number, json: Obj): DownMessage {
  const { id, cmd, args, expires } = json;
  if (typeof id !== 'string' || !COMMAND_ID.test(id)) return invalid(`cmd: id ${show(id)} is not c- and a lower-case UUID`);
  const bad = (problem: string): DownMessage => ({ kind: 'bad-cmd', id, reason: 'bad-args', problem: `${String(cmd)}: ${problem}` });
  if (typeof cmd !== 'string' || !BOX_COMMANDS.includes(cmd as BoxCommandName)) {
    return { kind: 'bad-cmd', id, reason: 'unsupported', problem: `unknown command ${show(cmd)}` };
  }
  if (!isIntIn(expires, 0, Number.MAX_SAFE_INTEGER)) return bad(`expires ${show(expires)} is not a time in ms`);
  if (!isObj(args)) return bad('args is not an object');
  const checked = checkArgs(cmd as BoxCommandName, args);
  if (typeof checked === 'string') return bad(checked);
  return { kind: 'cmd', payload: { v, id, expires, ...checked } };
}

type Checked = { [K in BoxCommandName]: { cmd: K; args: BoxCommandArgs[K] } }[BoxCommandName];

/** The command's args, checked field by field (an unknown field is refused too); else what is wrong with them. */
function checkArgs(cmd: BoxCommandName, args: Obj): Checked | string {
  const known: Record<BoxCommandName, readonly string[]> = {
    config: ['interval', 'deadband', 'registers'],
    server: ['url', 'fallback'],
    firmware: ['version', 'url', 'sha256', 'size'],
    reboot: [],
    'clear-faults': ['controller'],
  };
  const unknown = Object.keys(args).filter((k) => !known[cmd].includes(k));
  if (unknown.length > 0) return `unknown ${unknown.length === 1 ? 'field' : 'fields'} ${unknown.join(', ')}`;
  switch (cmd) {
    case 'config': {
      const { interval, deadband, registers } = args;
      if (interval !== undefined && !isIntIn(interval, 1, 3600))
        return `interval ${show(interval)} is not a whole number of seconds 1..3600`;
      if (deadband !== undefined && !isIntIn(deadband, 0, 65_535)) return `deadband ${show(deadband)} is not an integer 0..65535`;
      if (registers !== undefined) {
        if (!Array.isArray(registers)) return 'registers is not a list';
        const list: unknown[] = registers;
        if (list.length > MAX_REGISTERS_PER_SNAPSHOT) return `${list.length} registers (at most ${MAX_REGISTERS_PER_SNAPSHOT})`;
        const wrong = list.find((r) => !isIntIn(r, 0, 65_535));
        if (wrong !== undefined) return `register ${show(wrong)} is not an integer 0..65535`;
      }
      return {
        cmd,
        args: {
          ...(interval !== undefined ? { interval } : {}),
          ...(deadband !== undefined ? { deadband } : {}),
          ...(registers !== undefined ? { registers: registers as number[] } : {}),
        },
      };
    }
    case 'server': {
      const { url, fallback } = args;
      const problem = typeof url === 'string' ? brokerUrlProblem(url) : `url ${show(url)} is not a text`;
      if (problem) return problem;
      if (!isIntIn(fallback, 10, 3600)) return `fallback ${show(fallback)} is not a whole number of seconds 10..3600`;
      return { cmd, args: { url: url as string, fallback } };
    }
    case 'firmware': {
      const { version, url, sha256, size } = args;
      if (typeof version !== 'string' || version.length === 0 || version.length > 32)
        return `version ${show(version)} is not a text of 1..32 characters`;
      if (typeof url !== 'string' || !isHttpUrl(url)) return `url ${show(url)} is not an http:// or https:// address`;
      if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) return `sha256 ${show(sha256)} is not 64 lower-case hex digits`;
      if (!isIntIn(size, 1, Number.MAX_SAFE_INTEGER)) return `size ${show(size)} is not a positive whole number of bytes`;
      return { cmd, args: { version, url, sha256, size } };
    }
    case 'reboot':
      return { cmd, args: {} };
    case 'clear-faults': {
      const { controller } = args;
      if (controller !== undefined && !isIntIn(controller, 1, MAX_CONTROLLERS_PER_BOX)) {
        return `controller ${show(controller)} is not a bus index 1..${MAX_CONTROLLERS_PER_BOX}`;
      }
      return { cmd, args: controller !== undefined ? { controller } : {} };
    }
  }
}

/** Why a `server` command's url is not `mqtt://host:port` or `mqtts://host:port`, or null when it is. */
function brokerUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `url '${text}' is not a URL`;
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') return `url '${text}' is not mqtt:// or mqtts://`;
  if (!url.hostname) return `url '${text}' has no host`;
  if (!url.port || Number(url.port) === 0) return `url '${text}' has no port`;
  if (url.username || url.password || (url.pathname !== '' && url.pathname !== '/') || url.search || url.hash) {
    return `url '${text}' has more than a host and a port`;
  }
  return null;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
