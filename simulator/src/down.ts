import {
  ACCEPTED_PROTOCOL_VERSIONS,
  DOWN_KINDS,
  type ConfigPayload,
  type DownKind,
  type UpdatePayload,
  type WritePayload,
} from '@dms/contract';

/** A message the server sent down, checked against the protocol; `problem` says why one was not understood. */
export type DownMessage =
  | { kind: 'write'; payload: WritePayload }
  | { kind: 'config'; payload: ConfigPayload }
  | { kind: 'update'; payload: UpdatePayload }
  | { kind: 'invalid'; problem: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const invalid = (problem: string): DownMessage => ({ kind: 'invalid', problem });

/** Reads a message of `box/{boxId}/down/...`. */
export function parseDown(boxId: number, topic: string, payload: Buffer): DownMessage {
  const prefix = `box/${boxId}/down/`;
  const kind = topic.startsWith(prefix) ? topic.slice(prefix.length) : '';
  if (!DOWN_KINDS.includes(kind as DownKind)) return invalid(`unknown topic ${topic}`);
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return invalid(`${kind}: not JSON`);
  }
  if (!isObj(json)) return invalid(`${kind}: not an object`);
  if (typeof json.v !== 'number' || !ACCEPTED_PROTOCOL_VERSIONS.includes(json.v)) return invalid(`${kind}: version ${String(json.v)}`);
  const v = json.v;

  if (kind === 'write') {
    const { id, controller, register, value, values } = json;
    if (typeof id !== 'string' || !isInt(controller) || !isInt(register)) return invalid('write: needs id, controller and register');
    // One word as `value`, or the words of a 32-bit register as `values`; never both.
    if (typeof value === 'number' && values === undefined) return { kind, payload: { v, id, controller, register, value } };
    if (value === undefined && Array.isArray(values) && values.length === 2 && values.every(isInt)) {
      return { kind, payload: { v, id, controller, register, values: values } };
    }
    return invalid('write: needs one word as value or two as values');
  }
  if (kind === 'config') {
    const { interval, server } = json;
    if (interval !== undefined && (typeof interval !== 'number' || !(interval > 0 && interval <= 3600))) {
      return invalid(`config: interval ${JSON.stringify(interval)}`);
    }
    if (server !== undefined && typeof server !== 'string') return invalid('config: server is not a text');
    return {
      kind,
      payload: { v, ...(interval !== undefined ? { interval } : {}), ...(server !== undefined ? { server } : {}) },
    };
  }
  const { kind: what, version, url, sha256 } = json;
  if ((what !== 'firmware' && what !== 'program') || typeof version !== 'string' || typeof url !== 'string' || typeof sha256 !== 'string') {
    return invalid('update: needs kind, version, url and sha256');
  }
  return { kind: 'update', payload: { v, kind: what, version, url, sha256 } };
}
